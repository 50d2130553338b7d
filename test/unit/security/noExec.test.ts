// Nothing from a skill is executed (docs/security.md): no module of the server, the CLI
// or the core can start a process or evaluate code. Checked on the syntax tree of every
// server/src file (the TypeScript parser, so comments and strings do not count):
// no child_process/vm/cluster import, no eval or Function constructor, no require or
// import() of a computed path, worker threads only for skillmd's own bundles.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const SRC = path.join(__dirname, '../../../server/src');
const FORBIDDEN_MODULES = new Set(['child_process', 'vm', 'cluster', 'inspector', 'repl']);
/** Files that start worker threads, each on a bundle of skillmd (the CLI's and the index workers'), or ask whether they run in one. */
const WORKER_FILES = new Set(['cli/commands/checkParallel.ts', 'lsp/indexWorkers.ts', 'node/workerPool.ts']);
/**
 * The computed requires: `skillmd lsp` loads the server bundle that sits beside the CLI's;
 * the internal test hook (docs/internal.md) loads the module SKILLMD_INTERNAL_TEST_HOOKS
 * names, a path the person running skillmd sets, never one from a skill.
 */
const COMPUTED_REQUIRES = new Map([['cli/main.ts', ["require(require('node:path').join(__dirname, 'server.js'))", 'require(hooks)']]]);
/**
 * `skillmd/serverStats` with `gc: true` compiles the fixed text `gc` in a new context to
 * reach V8's collector; the CLI's loader compiles skillmd's own bundles (the files of the
 * folder bin/skillmd.js names, beside the loader) with their V8 code caches.
 */
const ALLOWED_MODULES = new Map([['lsp/serverStats.ts', 'vm'], ['cli/codeCache.ts', 'vm']]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** What in `file` could run code that is not skillmd's own, as `line: text` strings. */
function findings(rel: string, text: string): string[] {
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (n: ts.Node, what: string) => out.push(`${rel}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${what}`);
  const moduleName = (s: string) => s.replace(/^node:/, '');
  const checkModule = (n: ts.Node, spec: string) => {
    const m = moduleName(spec);
    if (FORBIDDEN_MODULES.has(m) && ALLOWED_MODULES.get(rel) !== m) at(n, `imports ${spec}`);
    if (m === 'worker_threads' && !WORKER_FILES.has(rel)) at(n, `imports ${spec} outside ${[...WORKER_FILES].join(', ')}`);
  };
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) checkModule(n, n.moduleSpecifier.text);
    if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference) && ts.isStringLiteral(n.moduleReference.expression)) checkModule(n, n.moduleReference.expression.text);
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      const arg = n.arguments[0];
      if (callee.kind === ts.SyntaxKind.ImportKeyword) {
        if (arg && ts.isStringLiteral(arg)) checkModule(n, arg.text);
        else at(n, 'import() of a computed path');
      } else if (ts.isIdentifier(callee) && callee.text === 'require') {
        if (arg && ts.isStringLiteral(arg)) checkModule(n, arg.text);
        else if (!COMPUTED_REQUIRES.get(rel)?.includes(n.getText(sf))) at(n, `require of a computed path: ${n.getText(sf)}`);
      } else if (ts.isIdentifier(callee) && (callee.text === 'eval' || callee.text === 'Function')) at(n, `${callee.text}()`);
    }
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression)) {
      if (n.expression.text === 'Function') at(n, 'new Function()');
      if (n.expression.text === 'Worker' && !WORKER_FILES.has(rel)) at(n, 'new Worker() outside the worker pools');
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

test('no server, CLI or core module can run a process or evaluate code', () => {
  const files = sourceFiles(SRC);
  assert.ok(files.length > 100, `only ${files.length} files under ${SRC}`);
  const found = files.flatMap((f) => findings(path.relative(SRC, f).split(path.sep).join('/'), readFileSync(f, 'utf8')));
  assert.deepEqual(found, []);
});

test('the scan finds what it forbids (so the test above can fail)', () => {
  const bad = [
    "import { execSync } from 'node:child_process';",
    "const cp = require('child_process');",
    "import vm = require('vm');",
    "export { spawn } from 'child_process';",
    'eval(text);',
    "const f = new Function('return 1');",
    'Function(body)();',
    'require(path.join(dir, name));',
    'await import(file);',
    "await import('node:cluster');",
    "new Worker(skillFile);",
    "import { Worker } from 'node:worker_threads';",
    '// a comment: require(x) eval(y) child_process',
    "const s = 'eval(x) and require(y)';",
  ].join('\n');
  assert.deepEqual(findings('core/x.ts', bad), [
    'core/x.ts:1: imports node:child_process',
    'core/x.ts:2: imports child_process',
    'core/x.ts:3: imports vm',
    'core/x.ts:4: imports child_process',
    'core/x.ts:5: eval()',
    'core/x.ts:6: new Function()',
    'core/x.ts:7: Function()',
    'core/x.ts:8: require of a computed path: require(path.join(dir, name))',
    'core/x.ts:9: import() of a computed path',
    'core/x.ts:10: imports node:cluster',
    'core/x.ts:11: new Worker() outside the worker pools',
    'core/x.ts:12: imports node:worker_threads outside cli/commands/checkParallel.ts, lsp/indexWorkers.ts, node/workerPool.ts',
  ]);
});

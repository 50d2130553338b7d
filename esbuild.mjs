// Bundles the three faces of skillmd. Everything is bundled (only `vscode` stays
// external) so the VSIX and the CLI need no node_modules at run time.
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildTable } from './scripts/build/o200kTable.mjs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  // Non-ASCII characters escaped (esbuild's default, relied on): the CLI reads its
  // bundles as Latin-1 (server/src/cli/codeCache.ts).
  charset: 'ascii',
  logLevel: 'info',
  // The tokenizer's ranks are loaded as data (server/out/o200k_base.bin, written
  // below), not compiled into every bundle: see TABLE_FILE in server/src/core/text/tokens.ts.
  external: ['vscode', 'gpt-tokenizer/bpeRanks/*'],
};

// Packages a check of an ordinary skill never runs, each in a file of its own beside the
// server bundles: V8 compiles a bundle as a whole before it runs a line of it, so
// `skillmd check <one skill>` would otherwise pay for ~380 KB it does not use. The
// sources load them on first use (server/src/core/lazy/, the tokenizer in
// core/text/tokens.ts); the bundles require them from these files, one copy per process.
const lazyPackages = { yaml: 'yaml.js', picomatch: 'picomatch.js' };
const lazyFiles = {
  name: 'lazy-packages',
  setup(build) {
    const filter = new RegExp(`^(${Object.keys(lazyPackages).map((k) => k.replace(/[/]/g, '\\/')).join('|')})$`);
    build.onResolve({ filter }, (a) => ({ path: `./${lazyPackages[a.path]}`, external: true }));
    // The CLI's preview commands (server/src/cli/commands/preview/commands.ts).
    // ajv and its formats (server/src/core/lazy/ajv.ts).
    build.onResolve({ filter: /\/ajvPackages$/ }, (a) => (a.kind === 'entry-point' ? undefined : { path: './ajv.js', external: true }));
    build.onResolve({ filter: /\/preview\/commands$/ }, (a) => (a.kind === 'entry-point' ? undefined : { path: './cliPreview.js', external: true }));
  },
};
// node:path as an ES module of its own exports: esbuild's CommonJS interop otherwise
// makes each `import * as path` a copy whose every property is a getter, called on
// each `path.join` (~55 ms of a check of 10,000 skills). Only our own imports: the
// packages' `require('path')` stays as it is. The names are listed, not read from the
// running Node, so the bundles do not depend on the Node that builds them; a name
// missing here is a build error.
const NODE_PATH_EXPORTS = ['basename', 'delimiter', 'dirname', 'extname', 'format', 'isAbsolute', 'join', 'normalize', 'parse', 'posix', 'relative', 'resolve', 'sep', 'toNamespacedPath', 'win32'];
const directNodePath = {
  name: 'direct-node-path',
  setup(build) {
    build.onResolve({ filter: /^node:path$/ }, (a) => (a.kind === 'import-statement' && /[\\/](server|client)[\\/]src[\\/]/.test(a.importer) ? { path: 'node:path', namespace: 'direct-node-path' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'direct-node-path' }, () => ({
      contents: `const p = require('node:path');\nexport const { ${NODE_PATH_EXPORTS.join(', ')} } = p;\nexport default p;\n`,
      loader: 'js',
    }));
  },
};
const server = { plugins: [lazyFiles, directNodePath] };
const builds = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'client/out/extension.js' },
  { entryPoints: ['server/src/server.ts'], outfile: 'server/out/server.js', ...server },
  { entryPoints: ['server/src/indexWorker.ts'], outfile: 'server/out/indexWorker.js', ...server },
  { entryPoints: ['server/src/cli/main.ts'], outfile: 'server/out/cli.js', ...server },
  { entryPoints: ['server/src/cli/codeCache.ts'], outfile: 'server/out/codeCache.js' },
  { entryPoints: ['server/src/cli/commands/preview/commands.ts'], outfile: 'server/out/cliPreview.js', ...server },
  { entryPoints: ['server/src/core/lazy/ajvPackages.ts'], outfile: 'server/out/ajv.js' },
  ...Object.entries(lazyPackages).map(([pkg, file]) => ({
    stdin: { contents: `module.exports = require(${JSON.stringify(pkg)});`, resolveDir: '.', loader: 'js' },
    outfile: `server/out/${file}`,
  })),
];

const ranks = require('gpt-tokenizer/bpeRanks/o200k_base').default;
mkdirSync(new URL('server/out/', import.meta.url), { recursive: true });
writeFileSync(new URL('server/out/o200k_base.bin', import.meta.url), buildTable(ranks));
rmSync(new URL('server/out/o200k_base.json', import.meta.url), { force: true });
rmSync(new URL('server/out/gptEncoding.js', import.meta.url), { force: true });

if (watch) {
  for (const b of builds) {
    const ctx = await esbuild.context({ ...common, ...b });
    await ctx.watch();
  }
} else {
  const results = await Promise.allSettled(builds.map((b) => esbuild.build({ ...common, ...b })));
  // esbuild has printed each error with its file and line (logLevel): no stack trace on top.
  if (results.some((r) => r.status === 'rejected')) process.exit(1);
  writeCodeCaches();
}

/**
 * V8 code caches of the CLI's bundles (server/src/cli/codeCache.ts), made by the
 * commands users run most, over examples/: each cache holds the bytecode of every
 * function its run compiled. The check runs last, so cli.js's cache is the check's.
 * A cache is an optimization: a run that fails leaves none, and the build goes on.
 */
function writeCodeCaches() {
  const out = new URL('server/out/', import.meta.url).pathname;
  for (const f of readdirSync(out)) if (f.endsWith('.js.cache')) rmSync(join(out, f));
  for (const args of [['index', 'examples', '--agent', 'claude-code'], ['check', 'examples']]) {
    const r = spawnSync(process.execPath, ['bin/skillmd.js', ...args], { cwd: new URL('.', import.meta.url).pathname, env: { ...process.env, SKILLMD_WRITE_CODE_CACHE: '1', SKILLMD_THREADS: '1' }, encoding: 'utf8' });
    if (r.status !== 0 && r.status !== 1) console.warn(`code cache: skillmd ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  }
}

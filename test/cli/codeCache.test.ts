// bin/skillmd.js compiles the CLI's bundles with the V8 code caches the build made
// (server/src/cli/codeCache.ts): V8 takes them, the report is the same as without them,
// and a damaged cache is refused by V8 and costs nothing but the time it saved.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeTree, repoRoot } from './helpers';

/** Runs `check` as bin/skillmd.js does, from the bundles in `out`; says whether V8 took each cache. */
function run(out: string, cwd: string): { status: number | null; stdout: string; taken: Record<string, boolean | null> } {
  const script = `const path = require('node:path'); const out = ${JSON.stringify(out)};
const cc = require(path.join(out, 'codeCache.js')); cc.install(out);
process.argv = [process.argv[0], 'skillmd', 'check', '--format', 'json'];
require(path.join(out, 'cli.js'));
process.on('exit', () => process.stderr.write('TAKEN ' + JSON.stringify({ cli: cc.cacheTaken(path.join(out, 'cli.js')) ?? null, yaml: cc.cacheTaken(path.join(out, 'yaml.js')) ?? null }) + '\\n'));`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd, encoding: 'utf8', env: { ...process.env, SKILLMD_THREADS: '' } });
  const line = r.stderr.split('\n').find((l) => l.startsWith('TAKEN '));
  assert.ok(line, r.stderr);
  return { status: r.status, stdout: r.stdout, taken: JSON.parse(line.slice('TAKEN '.length)) };
}

test('the CLI takes the code caches the build made; the report is the same without them, and with a damaged one', () => {
  const out = path.join(repoRoot, 'server/out');
  for (const f of ['cli.js.cache', 'yaml.js.cache', 'cliPreview.js.cache']) assert.ok(existsSync(path.join(out, f)), `the build made ${f}`);
  // Nested YAML: the YAML parser's bundle loads too.
  const dir = makeTree({ 'pdf/SKILL.md': '---\nname: pdf\ndescription: Fills PDF forms. Use when the user asks to fill a PDF.\nmetadata:\n  tags:\n    - pdf\n---\n# PDF\nSee [the guide](references/guide.md).\n' });
  const copy = mkdtempSync(path.join(tmpdir(), 'skillmd-codecache-'));
  try {
    const plain = spawnSync(process.execPath, [path.join(out, 'cli.js'), 'check', '--format', 'json'], { cwd: dir, encoding: 'utf8' });
    const cached = run(out, dir);
    assert.deepEqual(cached.taken, { cli: true, yaml: true });
    assert.equal(cached.stdout, plain.stdout);
    assert.equal(cached.status, plain.status);
    // A copy of the bundles whose caches are damaged: refused, compiled as usual.
    cpSync(out, copy, { recursive: true });
    writeFileSync(path.join(copy, 'cli.js.cache'), Buffer.alloc(4096, 7));
    rmSync(path.join(copy, 'yaml.js.cache'));
    const damaged = run(copy, dir);
    // (null: the YAML bundle had no cache to take.)
    assert.deepEqual(damaged.taken, { cli: false, yaml: null });
    assert.equal(damaged.stdout, plain.stdout.replaceAll(out, copy));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
});

// codeCache.ts reads the bundles as Latin-1: exact only while they are ASCII (esbuild.mjs).
test('every bundle the CLI loads is ASCII', () => {
  const out = path.join(repoRoot, 'server/out');
  const bundles = readdirSync(out).filter((f) => f.endsWith('.js'));
  assert.ok(bundles.includes('cli.js') && bundles.includes('yaml.js'), bundles.join(' '));
  for (const f of bundles) {
    const bytes = readFileSync(path.join(out, f));
    assert.equal(bytes.findIndex((b) => b > 0x7f), -1, f);
  }
});

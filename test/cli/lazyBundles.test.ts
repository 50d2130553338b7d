import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { cliPath, makeTree } from './helpers';

// What a run loaded (a preload hook prints it at exit): the bundles beside cli.js, in
// order, and which of the Node modules a small run does without (`stream`: what
// process.stdout and process.stderr load on first use; cli/output.ts writes without them).
const WATCHED = ['worker_threads', 'v8', 'perf_hooks', 'crypto', 'stream'];

function runWithHook(args: string[], cwd: string, env: Record<string, string> = {}): { status: number | null; bundles: string[]; builtins: string[] } {
  const hook = path.join(cwd, 'hook.cjs');
  writeFileSync(hook, `const M = require('node:module'); const seen = []; const load = M._load;
M._load = function (request, parent, isMain) { const f = M._resolveFilename(request, parent, isMain);
  if (f.includes('/server/out/') && !seen.includes(require('node:path').basename(f))) seen.push(require('node:path').basename(f));
  return load.apply(this, arguments); };
const watched = ${JSON.stringify(WATCHED)};
process.on('exit', () => {
  const line = 'LOADED ' + JSON.stringify([seen, watched.filter((m) => process.moduleLoadList.includes('NativeModule ' + m))]) + '\\n';
  // Not through process.stderr, which loads streams; the main thread's list only (workers run this hook too).
  if (require('node:worker_threads').isMainThread) require('node:fs').writeSync(2, line);
});`);
  const r = spawnSync(process.execPath, ['--require', hook, cliPath, ...args], { cwd, encoding: 'utf8', env: { ...process.env, SKILLMD_THREADS: '', ...env } });
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  assert.ok(line, r.stderr);
  const [bundles, builtins] = JSON.parse(line.slice('LOADED '.length)) as [string[], string[]];
  // bin/skillmd.js loads the code-cache loader first, always (server/src/cli/codeCache.ts).
  assert.equal(bundles.shift(), 'codeCache.js');
  return { status: r.status, bundles, builtins };
}

function loadedBundles(args: string[], cwd: string): { status: number | null; loaded: string[] } {
  const r = runWithHook(args, cwd);
  return { status: r.status, loaded: r.bundles };
}

test('check of a skill with a flat frontmatter and a short body loads cli.js alone', () => {
  const dir = makeTree({
    'pdf/SKILL.md': '---\nname: pdf\ndescription: Fills PDF forms. Use when the user asks to fill a PDF.\n---\n# PDF\nSee [the guide](references/guide.md).\n',
    'pdf/references/guide.md': '# Guide\n',
  });
  try {
    assert.deepEqual(loadedBundles(['check', 'pdf'], dir), { status: 0, loaded: ['cli.js'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the lazy bundles load when they are needed: nested YAML, a long body, globs, a preview', () => {
  const long = Array.from({ length: 400 }, (_, i) => `Step ${i}: run the formatter over every changed file, then commit the result.`).join('\n');
  const dir = makeTree({
    'pdf/SKILL.md': `---\nname: pdf\ndescription: Fills PDF forms. Use when the user asks to fill a PDF.\nmetadata:\n  notes: >-\n    folded\n---\n# PDF\n${long}\n`,
    '.skillmd.json': JSON.stringify({ overrides: [{ files: ['pdf/**'], rules: { 'body-too-long': 'warning' } }] }),
  });
  try {
    assert.deepEqual(loadedBundles(['check', 'pdf'], dir), { status: 0, loaded: ['cli.js', 'picomatch.js', 'yaml.js'] });
    assert.deepEqual(loadedBundles(['index', '--agent', 'lovia', '.'], dir).loaded.slice(0, 2), ['cli.js', 'cliPreview.js']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('ajv.js loads only for contracts: a skill.yaml or contract fields in SKILL.md', () => {
  const dir = makeTree({
    'pdf/SKILL.md': '---\nname: pdf\ndescription: Fills PDF forms. Use when the user asks to fill a PDF.\n---\n# PDF\n',
    'csv/SKILL.md': '---\nname: csv\ndescription: Cleans CSV files. Use when the user asks to tidy a CSV.\n---\n# CSV\n',
    'csv/skill.yaml': 'id: csv\nname: csv\nversion: 1.0.0\ndescription: Cleans CSV files.\n',
  });
  try {
    assert.deepEqual(loadedBundles(['check', 'pdf'], dir), { status: 0, loaded: ['cli.js'] });
    const csv = loadedBundles(['check', 'csv'], dir);
    assert.ok(csv.loaded.includes('ajv.js'), JSON.stringify(csv));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a one-skill check and --version load no worker_threads, v8, perf_hooks, crypto or stream, a warm --cache run only stream; a large check loads v8', () => {
  const dir = makeTree({
    'skills/alpha/SKILL.md': '---\nname: alpha\ndescription: Does alpha things. Use when asked for alpha.\n---\n# Alpha\nRead [the guide](references/guide.md).\n',
    'skills/alpha/references/guide.md': '# Guide\n',
    'skills/beta/SKILL.md': '---\nname: beta\ndescription: Does beta things. Use when asked for beta.\n---\n# Beta\n',
  });
  const builtins = (args: string[], env: Record<string, string> = {}) => runWithHook(args, dir, env).builtins;
  try {
    assert.deepEqual(builtins(['check', 'skills/alpha']), []);
    assert.deepEqual(builtins(['--version']), []);
    // Stamps trusted at once: the second run is warm, every skill from the cache.
    const env = { SKILLMD_CACHE_RACY_MS: '0' };
    builtins(['check', '--cache', 'skills'], env);
    // zlib (the cache file's CRC-32) loads Node's streams.
    assert.deepEqual(builtins(['check', '--cache', 'skills'], env), ['stream']);
    // Workers asked for (more skills than a batch): the pool loads worker_threads.
    for (let i = 0; i < 40; i++) {
      mkdirSync(path.join(dir, `more/m${i}`), { recursive: true });
      writeFileSync(path.join(dir, `more/m${i}/SKILL.md`), `---\nname: m${i}\ndescription: Does m${i} things. Use when asked for m${i}.\n---\n# M\n`);
    }
    // (A worker's stdout and stderr are streams.)
    assert.deepEqual(builtins(['check', 'more'], { SKILLMD_THREADS: '2' }), ['worker_threads', 'stream']);
    // A large run (LARGE_RUN, 100 skills) sets V8's flags (cli/v8Flags.ts): node:v8.
    for (let i = 40; i < 100; i++) {
      mkdirSync(path.join(dir, `more/m${i}`), { recursive: true });
      writeFileSync(path.join(dir, `more/m${i}/SKILL.md`), `---\nname: m${i}\ndescription: Does m${i} things. Use when asked for m${i}.\n---\n# M\n`);
    }
    // (node:v8 loads streams for its heap snapshots.)
    assert.deepEqual(builtins(['check', 'more'], { SKILLMD_THREADS: '1' }), ['v8', 'stream']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the tokenizer\'s expressions are built only when tokens are counted (a long body), not at start', () => {
  const long = Array.from({ length: 400 }, (_, i) => `Step ${i}: run the formatter over every changed file, then commit the result.`).join('\n');
  const dir = makeTree({
    'short/SKILL.md': '---\nname: short\ndescription: Fills PDF forms. Use when the user asks to fill a PDF.\n---\n# PDF\n',
    'long/SKILL.md': `---\nname: long\ndescription: Formats code. Use when the user asks to format code.\n---\n# Long\n${long}\n`,
  });
  // Counts the expressions made from o200k's pre-tokenizer pattern (and gpt-tokenizer's others: r50k, cl100k).
  const hook = path.join(dir, 'regexps.cjs');
  writeFileSync(hook, `const R = RegExp; let n = 0;
globalThis.RegExp = new Proxy(R, { construct(t, a, nt) { if (/\\\\p\\{L|\\\\p\\{N/.test(String(a[0] && a[0].source || a[0]))) n++; return Reflect.construct(t, a, nt); } });
process.on('exit', () => { if (require('node:worker_threads').isMainThread) require('node:fs').writeSync(2, 'TOKENIZER ' + n + '\\n'); });`);
  const built = (args: string[]) => {
    const r = spawnSync(process.execPath, ['--require', hook, cliPath, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, SKILLMD_THREADS: '' } });
    return r.stderr.split('\n').find((l) => l.startsWith('TOKENIZER ')) ?? r.stderr;
  };
  try {
    assert.equal(built(['--version']), 'TOKENIZER 0');
    assert.equal(built(['check', 'short']), 'TOKENIZER 0');
    // gpt-tokenizer's module (three), then the counter's two from o200k's.
    assert.equal(built(['check', 'long']), 'TOKENIZER 5');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('our sources call node:path directly, not through the getters of esbuild\'s CommonJS interop (esbuild.mjs)', () => {
  for (const bundle of ['cli.js', 'server.js', 'indexWorker.js', 'cliPreview.js']) {
    const text = readFileSync(path.join(path.dirname(cliPath), '..', 'server', 'out', bundle), 'utf8');
    assert.ok(text.includes('// direct-node-path:node:path'), `${bundle} has the node:path module`);
    assert.equal(/__toESM\(require\("node:path"\)\)/.test(text), false, `${bundle} wraps node:path in getters`);
  }
});

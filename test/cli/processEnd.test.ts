// How a CLI process starts and ends: it exits once its output is taken (cli/main.ts,
// exitWhenFlushed), a slow or early-closing reader included, and a small run loads no
// Node module it does not use (a pool's workers, V8 flags, timing, hashing).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { cliPath, makeTree, runCli } from './helpers';

/** 300 skills with an error each: a JSON report of ~250 KB, several times a pipe's buffer. */
function bigTree(): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < 300; i++) files[`skills/s${i}/SKILL.md`] = `---\nname: Skill ${i}\ndescription: Does thing ${i}. Use when asked for thing ${i}.\n---\n# S${i}\nSee [the guide](references/guide-${i}.md).\n`;
  return makeTree(files);
}

/** Runs the CLI with stdout on a pipe nobody reads for `waitMs`, then reads it all. */
function slowRead(args: string[], cwd: string, waitMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd, env: { ...process.env, SKILLMD_THREADS: '' } });
    const out: Buffer[] = [];
    let stderr = '';
    child.stderr.on('data', (b) => (stderr += b));
    child.stdout.pause();
    setTimeout(() => {
      child.stdout.on('data', (b: Buffer) => out.push(b));
      child.stdout.resume();
    }, waitMs);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr }));
  });
}

test('a report larger than a pipe holds, read late, arrives whole, and the exit status stands', async () => {
  const dir = bigTree();
  try {
    const whole = runCli(['check', '--format', 'json'], dir);
    assert.ok(whole.stdout.length > 200_000, `${whole.stdout.length}`);
    const r = await slowRead(['check', '--format', 'json'], dir, 500);
    assert.equal(r.stderr, '');
    assert.equal(r.code, 1);
    assert.equal(r.stdout, whole.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a reader that stops early (| head) ends the run quietly, with the status of the whole check', async () => {
  const dir = bigTree();
  try {
    const r = await new Promise<{ code: number | null; stderr: string; got: number }>((resolve) => {
      const child = spawn(process.execPath, [cliPath, 'check', '--format', 'json'], { cwd: dir, env: { ...process.env, SKILLMD_THREADS: '' } });
      let stderr = '';
      let got = 0;
      child.stderr.on('data', (b) => (stderr += b));
      child.stdout.once('data', (b: Buffer) => {
        got = b.length;
        child.stdout.destroy();
      });
      child.on('close', (code) => resolve({ code, stderr, got }));
    });
    assert.ok(r.got > 0);
    assert.equal(r.stderr, '');
    assert.equal(r.code, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a one-skill check and a warm --cache run load no worker_threads, v8, perf_hooks or crypto', () => {
  const dir = makeTree({
    'skills/alpha/SKILL.md': '---\nname: alpha\ndescription: Does alpha things. Use when asked for alpha.\n---\n# Alpha\nRead [the guide](references/guide.md).\n',
    'skills/alpha/references/guide.md': '# Guide\n',
    'skills/beta/SKILL.md': '---\nname: beta\ndescription: Does beta things. Use when asked for beta.\n---\n# Beta\n',
  });
  // Preloaded into the CLI: the built-in modules loaded by the end of the run.
  const probe = path.join(dir, 'modules.cjs');
  writeFileSync(probe, "process.on('exit', () => { const want = /^NativeModule (worker_threads|v8|perf_hooks|crypto)$/; require('fs').writeSync(2, 'loaded: ' + process.moduleLoadList.filter((m) => want.test(m)).map((m) => m.slice('NativeModule '.length)).join(', ') + '\\n'); });\n");
  const loaded = (args: string[], env: Record<string, string> = {}) => {
    const r = runCli(args, dir, { NODE_OPTIONS: `--require ${probe}`, ...env });
    return r.stderr.split('\n').find((l) => l.startsWith('loaded:'));
  };
  try {
    assert.equal(loaded(['check', 'skills/alpha']), 'loaded: ');
    assert.equal(loaded(['--version']), 'loaded: ');
    // Stamps trusted at once: the second run is warm, every skill from the cache.
    const env = { SKILLMD_CACHE_RACY_MS: '0' };
    loaded(['check', '--cache'], env);
    assert.equal(loaded(['check', '--cache'], env), 'loaded: ');
    // Workers asked for (more skills than a batch): the pool loads worker_threads.
    for (let i = 0; i < 40; i++) {
      mkdirSync(path.join(dir, `more/m${i}`), { recursive: true });
      writeFileSync(path.join(dir, `more/m${i}/SKILL.md`), `---\nname: m${i}\ndescription: Does m${i} things. Use when asked for m${i}.\n---\n# M\n`);
    }
    assert.equal(loaded(['check', 'more'], { SKILLMD_THREADS: '2' }), 'loaded: worker_threads');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// How a CLI process ends: it exits once its output is taken (cli/main.ts,
// exitWhenFlushed), a slow or early-closing reader included. (What a small run loads:
// lazyBundles.test.ts.)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
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

// `npm start`, the README's first command, as a new user runs it: on a fresh clone of
// this working tree (committed or not), with the code-server path and the extension
// installed as links into the clone (the link mode), until the workbench answers.
// Run by `npm test` after the editor suites (it needs the code-server install they use).
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';

const repo = path.join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string; files: string[] };
const codeServerDir = process.env.SKILLMD_CODE_SERVER_DIR || path.join(repo, '.cache', 'code-server');
const entry = path.join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
// A line of a JavaScript stack trace, which a user must never see from `npm start`.
const STACK_LINE = /^\s+at .*:\d+:\d+\)?$/m;

let tmp: string;
let clone: string;

function git(args: string[], cwd: string): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** A clone of HEAD with the working tree's tracked and untracked (not ignored) files over it. */
function freshClone(dest: string): void {
  git(['clone', '-q', '--no-hardlinks', repo, dest], tmpdir());
  const want = new Set(git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], repo).split('\0').filter(Boolean));
  for (const f of git(['ls-files', '-z'], dest).split('\0').filter(Boolean)) {
    if (!want.has(f) || !existsSync(path.join(repo, f))) rmSync(path.join(dest, f), { force: true });
  }
  for (const f of want) {
    const src = path.join(repo, f);
    if (!existsSync(src)) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
    cpSync(src, path.join(dest, f), { dereference: false });
  }
  // `npm ci` would take minutes and needs the registry: the worktree's dependencies.
  symlinkSync(path.join(repo, 'node_modules'), path.join(dest, 'node_modules'));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface Run {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function npmStart(env: Record<string, string>): Run {
  let out = '';
  // Its own process group, as a terminal gives it: stopping it stops code-server too.
  const proc = spawn('npm', ['start', '--', '--code-server'], {
    cwd: clone, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SKILLMD_CODE_SERVER_DIR: codeServerDir, ...env },
  });
  for (const s of [proc.stdout!, proc.stderr!]) s.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function waitFor<T>(fn: () => T | undefined, what: string, timeoutMs: number, run: Run): Promise<T> {
  const end = Date.now() + timeoutMs;
  let dead = false;
  void run.exited.then(() => (dead = true));
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (dead) assert.fail(`npm start exited before ${what}:\n${run.output()}`);
    if (Date.now() > end) assert.fail(`no ${what} within ${timeoutMs / 1000} s:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

before(() => {
  if (!existsSync(entry)) {
    // The install the VS Code suites use; `npm test` has done it by now.
    const r = spawnSync(process.execPath, [path.join(repo, 'scripts/vscode/install-code-server.mjs')], { stdio: 'inherit', env: { ...process.env, SKILLMD_CODE_SERVER_DIR: codeServerDir } });
    assert.equal(r.status, 0, 'code-server install failed');
  }
  tmp = mkdtempSync(path.join(tmpdir(), 'skillmd-start-'));
  clone = path.join(tmp, 'skillmd');
  freshClone(clone);
});

after(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('npm start on a fresh clone: the workbench answers 200 with skillmd installed as links, and Ctrl-C stops it all', { timeout: 300_000 }, async () => {
  const port = await freePort();
  const run = npmStart({ PORT: String(port) });
  try {
    const url = await waitFor(() => /^\[start\] open (http:\S+)$/m.exec(run.output())?.[1], 'workbench URL', 240_000, run);
    assert.equal(url, `http://127.0.0.1:${port}/?folder=${path.join(clone, 'examples')}`);
    // No redirect: the printed URL itself is the workbench.
    const res = await fetch(url, { redirect: 'manual' });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<meta id="vscode-workbench-web-configuration"/);

    const extDir = path.join(clone, '.cache', 'vscode-start', 'extensions', `${manifest.publisher}.${manifest.name}-${manifest.version}`);
    // Every `files` entry (`bin/` too) is a link into the clone.
    for (const f of ['package.json', ...manifest.files].map((f) => f.replace(/\/$/, ''))) {
      assert.ok(lstatSync(path.join(extDir, f)).isSymbolicLink(), `${f} is not a link`);
      assert.equal(realpathSync(path.join(extDir, f)), realpathSync(path.join(clone, f)));
    }
    // code-server itself lists it as installed, at the manifest's version.
    const list = spawnSync(process.execPath, [entry, '--extensions-dir', path.dirname(extDir), '--list-extensions', '--show-versions'], { encoding: 'utf8' });
    assert.deepEqual(list.stdout.split('\n').filter((l) => /@\d/.test(l)), [`${manifest.publisher}.${manifest.name}@${manifest.version}`]);
  } finally {
    // What Ctrl-C in the terminal does: SIGINT to the whole group.
    if (groupAlive(run.proc.pid!)) process.kill(-run.proc.pid!, 'SIGINT');
  }
  await run.exited;
  const end = Date.now() + 10_000;
  while (groupAlive(run.proc.pid!) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  assert.equal(groupAlive(run.proc.pid!), false, 'processes of npm start are left after Ctrl-C');
  assert.doesNotMatch(run.output(), STACK_LINE);
});

test('npm start with a folder that does not exist says so in one sentence, no stack trace', { timeout: 60_000 }, async () => {
  const run = npmStart({ SKILLMD_START_FOLDER: path.join(tmp, 'nowhere'), npm_config_loglevel: 'silent' });
  const code = await run.exited;
  assert.equal(code, 1);
  const ours = run.output().split('\n').filter((l) => l.startsWith('[start]'));
  assert.deepEqual(ours, [`[start] SKILLMD_START_FOLDER=${path.join(tmp, 'nowhere')} is not a folder; set it to a folder that exists, or unset it to open examples/`]);
  assert.doesNotMatch(run.output(), STACK_LINE);
});

test('npm start when the build fails says what to do in one sentence, no stack trace', { timeout: 120_000 }, async () => {
  // A source that cannot be bundled, as after a bad merge.
  const src = path.join(clone, 'client', 'src', 'extension.ts');
  const saved = readFileSync(src);
  try {
    writeFileSync(src, `${saved}\nexport const = ;\n`);
    rmSync(path.join(clone, 'client', 'out'), { recursive: true, force: true });
    const run = npmStart({ npm_config_loglevel: 'silent' });
    assert.equal(await run.exited, 1);
    const ours = run.output().split('\n').filter((l) => l.startsWith('[start]'));
    assert.deepEqual(ours, ['[start] building the extension failed (node esbuild.mjs failed (exit 1)); fix the errors esbuild printed above, then run `npm start` again']);
    assert.match(run.output(), /\[ERROR\] Expected identifier but found "="\n\n {4}client\/src\/extension\.ts:\d+:13:\n/);
    assert.doesNotMatch(run.output(), STACK_LINE);
  } finally {
    writeFileSync(src, saved);
  }
});

test('npm start without the dependencies says to run npm ci, no stack trace', { timeout: 60_000 }, async () => {
  const modules = path.join(clone, 'node_modules');
  unlinkSync(modules);
  try {
    // node itself, as npm would need nothing from node_modules to run the script
    const r = spawnSync(process.execPath, ['scripts/start.mjs', '--code-server'], { cwd: clone, encoding: 'utf8', env: { ...process.env, SKILLMD_CODE_SERVER_DIR: codeServerDir } });
    assert.equal(r.status, 1);
    assert.equal(r.stdout + r.stderr, '[start] the dependencies are not installed; run `npm ci`, then `npm start` again\n');
  } finally {
    symlinkSync(path.join(repo, 'node_modules'), modules);
  }
});

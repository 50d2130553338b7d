// `skillmd index|load|read` as a child process (run `npm run build` first): exact
// stdout, report on stderr, exit codes 0/1/2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';

const repo = path.resolve(__dirname, '../..');
const ROOT = realpathSync(path.join(repo, 'test/fixtures/catalog/golden'));
const golden = (f: string) => readFileSync(path.join(repo, 'test/golden', f), 'utf8').split('{ROOT}').join(ROOT);

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repo, 'bin/skillmd.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const roots = ['--root', 'skills', '--root', 'more'];

test('index prints the exact agent text; the report goes to stderr', () => {
  const r = run('index', 'skills', 'more', '--agent', 'lovia');
  assert.equal(r.code, 0);
  assert.equal(r.out, golden('lovia/index.txt'));
  assert.match(r.err, /\[shadowed\] beta .*more\/beta\/SKILL\.md.*winner: .*skills\/beta\/SKILL\.md/);
  assert.match(r.err, /\[invalid\] bad-name /);
  assert.match(r.err, /total: \d+ tokens \(o200k_base \(gpt-tokenizer\)\)/);
  const a = run('index', 'skills', 'more', '--agent', 'agentskills', '--quiet');
  assert.equal(a.out, golden('agentskills/index.txt'));
  assert.equal(a.err, '');
  const c = run('index', 'skills', 'more', '--agent', 'claude-code', '--part', 'listing', '--quiet');
  assert.equal(c.out, golden('claude-code/listing.txt'));
  assert.equal(run('index', 'skills', 'more', '--agent', 'lovia', '--filter', 'tags=pdf', '--quiet').out, golden('lovia/index-filter-tags.txt'));
  assert.equal(run('index', 'skills', 'more', '--agent', 'lovia', '--no-usage-rules', '--quiet').out, golden('lovia/index-no-rules.txt'));
});

test('index --json gives the catalog', () => {
  const r = run('index', 'skills', 'more', '--agent', 'lovia', '--json');
  assert.equal(r.code, 0);
  const j = JSON.parse(r.out);
  assert.deepEqual(j.skills.map((s: { name: string }) => s.name), ['alpha', 'beta', 'hidden-one', 'big']);
  assert.equal(j.shadowed[0].winner, path.join(ROOT, 'skills/beta/SKILL.md'));
  assert.deepEqual(j.skipped.map((s: { reason: string }) => s.reason), ['invalid', 'invalid']);
  assert.equal(j.tokenizer, 'o200k_base (gpt-tokenizer)');
  assert.ok(j.tokens > 0);
});

test('load and read: exact text, exit 1 on agent errors, 2 on usage', () => {
  const l = run('load', 'alpha', '--agent', 'lovia', ...roots);
  assert.equal(l.code, 0);
  assert.equal(l.out, golden('lovia/load-alpha.txt'));
  const u = run('load', 'gamma', '--agent', 'lovia', ...roots);
  assert.equal(u.code, 1);
  assert.equal(u.out, golden('lovia/load-unknown.txt'));
  const rd = run('read', 'alpha', 'references/guide.md', '--agent', 'lovia', ...roots);
  assert.equal(rd.code, 0);
  assert.equal(rd.out, golden('lovia/read-guide.txt'));
  const esc = run('read', 'alpha', '../beta/SKILL.md', ...roots);
  assert.equal(esc.code, 1);
  assert.equal(esc.out, golden('lovia/read-escape.txt'));
  const e = run('load', 'beta', '--agent', 'eino', ...roots);
  assert.equal(e.out, golden('eino/load-beta.txt'));
  assert.equal(run('read', 'alpha', 'x', '--agent', 'codex', ...roots).code, 2);
  assert.equal(run('index', '--agent', 'nope').code, 2);
  assert.equal(run('load').code, 2);
});

test('a damaged tokenizer file (a broken install) gives estimated counts that say so, not a crash', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillmd-tokens-'));
  try {
    // The bundle finds the ranks next to itself.
    copyFileSync(path.join(repo, 'server/out/cli.js'), path.join(dir, 'cli.js'));
    writeFileSync(path.join(dir, 'o200k_base.json'), '[1,2,garbage\n');
    const r = spawnSync(process.execPath, [path.join(dir, 'cli.js'), 'index', 'skills', 'more', '--agent', 'lovia'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, golden('lovia/index.txt'), 'the agent text does not depend on the tokenizer');
    const bytes = Buffer.byteLength(r.stdout, 'utf8');
    assert.ok(
      r.stderr.includes(`total: ${Math.ceil(bytes / 4)} tokens (estimate: 4 UTF-8 bytes per token (o200k_base could not be loaded: Unexpected token 'g', "[1,2,garbage" is not valid JSON))`),
      r.stderr,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// `skillmd index|load|read` as a child process (run `npm run build` first): exact
// stdout, report on stderr, exit codes 0/1/2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
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

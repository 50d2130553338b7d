// One long line built to make a scanner backtrack or rescan (found by a review and a
// search over repeated Markdown tokens): each took seconds to minutes at a megabyte
// before. The work runs in a child process with a generous time limit, so a relapse
// fails the test instead of hanging the run; the limit guards against quadratic
// behaviour, it is no speed target (each case takes milliseconds).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';
import { explicitId } from '../../../server/src/core/references/anchors';

const repo = path.resolve(__dirname, '../../..');

const CASES: Record<string, string> = {
  'unclosed link destinations': "'[a](b'.repeat(N)",
  'unclosed angle destinations': "'[a](<b'.repeat(N)",
  'nested brackets': "'['.repeat(N) + ']'.repeat(N)",
  'a line of <': "'<'.repeat(N)",
  'a run of < before one >': "'<'.repeat(N) + '>'",
  'heading of {#': "'# ' + '{#'.repeat(N)",
  'heading of unclosed links': "'# ' + '[a](b'.repeat(N)",
  'heading of unclosed tags': "'# ' + '<a'.repeat(N)",
  'a line of tabs': "'\\t'.repeat(N)",
  'a line of open tags, no >': "'<a '.repeat(N)",
  'lines of open tags, a > at the end': "'<img\\n'.repeat(N) + '>'",
  'a line of file names in prose': "'see a.md '.repeat(N)",
  'one word of dots and slashes': "'a./'.repeat(N)",
  'lines of an unclosed comment': "'<!--\\nx\\n'.repeat(N / 8)",
};

// All cases in one child process (one start-up); it prints each name as it finishes.
const SCRIPT = `
const { parseSkillDocument } = require('./server/src/core/document/parse');
const { extractReferences } = require('./server/src/core/references/extract');
const { collectAnchors } = require('./server/src/core/references/anchors');
const { checkDocument } = require('./server/src/core/check/checkDocument');
const N = 256 * 1024;
for (const [name, body] of [${Object.entries(CASES).map(([n, b]) => `[${JSON.stringify(n)}, ${b}]`).join(', ')}]) {
  const text = '---\\nname: x\\ndescription: y\\n---\\n' + body + '\\n';
  const doc = parseSkillDocument('/tmp/x/SKILL.md', text);
  extractReferences(doc);
  collectAnchors(text);
  checkDocument(doc, {});
  process.stdout.write(name + '\\n');
}
`;

test('no quadratic scan on a 256 KB line of repeated Markdown tokens', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', SCRIPT], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
  const done = r.stdout.split('\n').filter(Boolean);
  const stuck = Object.keys(CASES)[done.length];
  assert.deepEqual(done, Object.keys(CASES), r.signal ? `killed after 60 s in: ${stuck}` : r.stderr);
});

test('explicitId finds what /\\s*\\{#([^\\s}]+)\\}\\s*$/ finds (200,000 random headings)', () => {
  const RE = /\s*\{#([^\s}]+)\}\s*$/;
  const alphabet = ['{', '#', '}', ' ', 'a', '\t', '\u00a0', 'x'];
  let seed = 1;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = 0; i < 200_000; i++) {
    let s = '';
    for (let k = Math.floor(rnd() * 12); k > 0; k--) s += alphabet[Math.floor(rnd() * alphabet.length)];
    const m = RE.exec(s);
    const e = explicitId(s);
    assert.equal(e ? `${e.index}:${e.id}` : '-', m ? `${m.index}:${m[1]}` : '-', JSON.stringify(s));
  }
});

// Incremental sync under random edits: 400 seeded edits (inserts, deletes and
// replacements of frontmatter syntax, links, code paths, CRLF, CJK and emoji) are sent
// to the server as ranged changes. Along the way every pull answers; at the end the
// diagnostics and symbols of the edited document equal those of the same text opened
// afresh, so no edit left stale line offsets or cached results behind.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, removeWorkspace, repo, startServer, type Diag, type TestClient } from './client';

const SNIPPETS = [
  '---\n', 'name: ', 'description: ', ': ', 'Use when: x', '\n', '\r\n', '  ', '\t', '"', "'", '[', ']', '{', '}', '- ',
  '[guide](references/guide.md)', '[g](references/guide.md#usage)', '[x](missing.md)', '`scripts/run.py`', '```bash\npython scripts/x.py\n```\n',
  '# Heading\n', '日本語', '😀', 'é', '<b>', 'allowed-tools: Bash', 'metadata:\n  k: v\n', '#', '\\', '${CLAUDE_SKILL_DIR}/scripts/a.sh',
];

/** A small deterministic PRNG (LCG), so a failure replays. */
function rng(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

/** LSP position of an offset (lines end at CRLF, CR or LF). */
function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) continue; // the LF ends the line
    if (c === 10 || c === 13) {
      line++;
      start = i + 1;
    }
  }
  return { line, character: offset - start };
}

/** Offsets an editor can put a caret at: not inside a surrogate pair or a CRLF. */
function caretAt(text: string, offset: number): number {
  let o = Math.max(0, Math.min(offset, text.length));
  const c = text.charCodeAt(o);
  const p = text.charCodeAt(o - 1);
  if ((c >= 0xdc00 && c <= 0xdfff && p >= 0xd800 && p <= 0xdbff) || (c === 10 && p === 13)) o--;
  return o;
}

const key = (d: Diag) => JSON.stringify([d.code, d.range, d.message]);

describe('incremental edits', () => {
  let root: string;
  let c: TestClient;
  const skill = 'skills/broken-links/SKILL.md';
  before(async () => {
    const ex = join(repo, 'examples', 'skills', 'broken-links');
    root = makeWorkspace({
      [skill]: readFileSync(join(ex, 'SKILL.md'), 'utf8'),
      'skills/broken-links/references/guide.md': readFileSync(join(ex, 'references', 'guide.md'), 'utf8'),
    });
    c = await startServer({ root, mode: 'pull' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('400 random ranged edits end where a fresh open of the same text does', async () => {
    const file = join(root, skill);
    let text = readFileSync(file, 'utf8');
    const uri = await c.open(file, text);
    const pull = async () => (await c.request<{ items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri } })).items;
    const next = rng(20261130);
    for (let i = 0; i < 400; i++) {
      const a = caretAt(text, next(text.length + 1));
      const b = next(3) === 0 ? caretAt(text, a + next(12)) : a; // a third of the edits replace a span
      const insert = next(4) === 0 ? '' : SNIPPETS[next(SNIPPETS.length)];
      const range = { start: positionAt(text, a), end: positionAt(text, Math.max(a, b)) };
      text = text.slice(0, a) + insert + text.slice(Math.max(a, b));
      await c.change(uri, [{ range, text: insert }]);
      if (i % 20 === 19) await pull();
    }
    const edited = (await pull()).map(key).sort();
    assert.ok(edited.length > 0, 'the edits leave something to report');
    const symbols = await c.request('textDocument/documentSymbol', { textDocument: { uri } });
    await c.close(uri);
    const fresh = await c.open(file, text);
    assert.equal(fresh, uri);
    const reopened = (await pull()).map(key).sort();
    assert.deepEqual(edited, reopened);
    assert.deepEqual(symbols, await c.request('textDocument/documentSymbol', { textDocument: { uri } }));
    // The edits did reach the text: the final document differs from the example.
    assert.notEqual(text, readFileSync(join(repo, 'examples', skill), 'utf8'));
  });
});

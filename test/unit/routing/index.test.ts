import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TermIndex } from '../../../server/src/core/routing/index';
import { terms } from '../../../server/src/core/routing/tokenize';

test('terms: English words stemmed, stop words dropped; Chinese and Japanese by the segmenter', () => {
  assert.deepEqual(terms("Builds PDF reports from the user's spreadsheets; use when summarizing"), ['build', 'pdf', 'report', 'spreadsheet', 'summariz']);
  assert.deepEqual(terms('把中文文档翻译成英文'), ['中文', '文档', '翻译', '英文']);
  assert.deepEqual(terms('日本語の文章を要約します'), ['日本語', '文章', '要約']);
  // Full-width letters fold to ASCII (NFKC) and meet the same words.
  assert.deepEqual(terms('ＰＤＦ レポート'), ['pdf', 'レポート']);
});

test('messages show the words as written, not their stems: the shortest word of each stem (the first of equals)', () => {
  const surface = new Map<string, string>();
  terms("Builds PDF reports from the user's spreadsheets; use when summarizing a report", surface);
  assert.deepEqual([...surface], [['build', 'builds'], ['report', 'report'], ['spreadsheet', 'spreadsheets'], ['summariz', 'summarizing']]);
  const index = new TermIndex([{ name: 'a', description: 'Summarizes releases.' }, { name: 'b', description: 'Release notes, summarized.' }]);
  assert.deepEqual(['summariz', 'releas', 'note', 'pdf'].map((t) => index.word(t)), ['summarizes', 'release', 'notes', 'pdf']);
});

test('similarPairs finds exactly the pairs that comparing all pairs finds, at every threshold', async () => {
  const { createRng } = await import('../../../scripts/bench/prng.mjs');
  const { next } = createRng('routing-pairs:21');
  const vocab = Array.from({ length: 300 }, (_, i) => `term${i.toString(36)}x`);
  const skills = Array.from({ length: 500 }, (_, i) => ({
    name: `s${i}`,
    description: Array.from({ length: 3 + (i % 12) }, () => vocab[Math.floor(vocab.length * Math.pow(next(), 2))]).join(' '),
  }));
  const index = new TermIndex(skills);
  for (const threshold of [0.2, 0.35, 0.5, 0.7]) {
    const all: string[] = [];
    for (let i = 0; i < skills.length; i++) for (let j = i + 1; j < skills.length; j++) if (index.dot(index.docs[i].vector, j) >= threshold - 1e-12) all.push(`${i},${j}`);
    const found = index.similarPairs(threshold).map((p) => `${p.a},${p.b}`);
    assert.deepEqual(found.sort(), all.sort(), `threshold ${threshold}`);
    assert.ok(all.length > 0 || threshold > 0.5, `threshold ${threshold} finds pairs`);
  }
});

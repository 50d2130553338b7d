// description-quality reads the words of lowercased text with an ASCII fast path; it
// must find exactly the words of lowercasing first, however the text mixes scripts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachLowerWord } from '../../../server/src/core/rules/content/words';

const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

function visited(s: string, stopAfter = Infinity): string[] {
  const out: string[] = [];
  forEachLowerWord(s, (w) => out.push(w) < stopAfter);
  return out;
}

test('forEachLowerWord visits the words of the lowercased text', () => {
  const pieces = ['Use', ' when', ': ', 'the', ' USER', '-asks', ' İstanbul', ' ΟΔΟΣ', '.', 'Α', ' Grüße', ' 日本語', ' 😀', '\ud83d', ' x2', '_', '9', ' ', '\n', 'Ⅻ', 'ǅ'];
  const samples = ['', 'a', 'plain ascii words only', 'ends with word', ' lead and trail ', 'İ', 'ΑΣ.Β', 'mixed Grüße end'];
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < 2000; i++) {
    let s = '';
    for (let j = next() % 10; j > 0; j--) s += pieces[next() % pieces.length];
    samples.push(s);
  }
  for (const s of samples) {
    const all = words(s);
    assert.deepEqual(visited(s), all, JSON.stringify(s));
    for (const n of [1, 3]) assert.deepEqual(visited(s, n), all.slice(0, n), JSON.stringify(s));
  }
});

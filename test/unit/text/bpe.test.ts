import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { countTokens as reference } from 'gpt-tokenizer/encoding/o200k_base';
import { bpeCounter } from '../../../server/src/core/text/bpe';

// npm test builds the table first (esbuild.mjs).
const count = bpeCounter(readFileSync(join(__dirname, '../../../server/out/o200k_base.bin')));
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const exact = (t: string) => reference(t, AS_TEXT);

test('counts as gpt-tokenizer does: prose, code, scripts without spaces, emoji, special-token text', () => {
  const cases = [
    '', 'a', ' ', '\n\n', 'Hello, world!', "It's the user's choice; they'll see we've done it.",
    'Use when the user asks about PDFs.\n\n## Steps\n1. Run `python scripts/x.py --out ./a/b.pdf`.',
    'naïve café — 日本語のテキスト 😀 👩‍👩‍👧 Ελληνικά русский العربية हिन्दी', '12345678901 3.14159 0x1f',
    'const x = { a: [1, 2, 3] }; // comment\n\tif (x) return;\r\n', '<|im_start|>user\nhi<|im_end|><|endoftext|>',
    'x'.repeat(700), ' '.repeat(40) + 'end', '\u00a0\u2003\u3000 spaces',
  ];
  for (const t of cases) assert.equal(count(t), exact(t), JSON.stringify(t.slice(0, 40)));
});

// gpt-tokenizer looks merged byte ranges up as text, and TextDecoder drops a leading
// byte order mark there: such ranges count as the text after it. Counted the same here.
test('byte order marks and lone surrogates count as gpt-tokenizer counts them', () => {
  for (const t of ['\ufeff', '\ufeffabc', 'x\ufeffy', '\ufeff\ufeff', '\ufeff# Title', 'a\ud800b', '\udc00', 'end\ud83d', '\ud83d\ude00\ud800']) {
    assert.equal(count(t), exact(t), JSON.stringify(t));
  }
});

test('random text from a mixed alphabet counts as gpt-tokenizer counts it', () => {
  const alphabet = [...'aAzZ09 \t\n\r.,;:!?\'"`-_/\\()[]{}<>|#*@$%^&=+~', 'é', 'ß', 'ü', '日', '本', 'の', 'ア', '한', '字', 'Ж', 'ω', 'ا', '\u0301', '\ufeff', '\u00a0', '\u200b', '😀', '👍🏽', '\ud800', '\udfff', "'s", "'LL", ' the', 'ing', '123', '<|endoftext|>'];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 120 }), (parts) => {
      const t = parts.join('');
      assert.equal(count(t), exact(t), JSON.stringify(t));
    }),
    { numRuns: 400, seed: 23 },
  );
});

test('a table that is not one is refused, so the caller can fall back to estimates', () => {
  assert.throws(() => bpeCounter(new TextEncoder().encode('garbage')), /not an o200k_base table/);
  const table = readFileSync(join(__dirname, '../../../server/out/o200k_base.bin'));
  assert.throws(() => bpeCounter(table.subarray(0, table.length - 1)), /wrong size/);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { asciiPieceEnd } from '../../../server/src/core/text/asciiPieces';

const sticky = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'uy');
/** The regular expression's piece ends, and where the hand-written split answered, its ends. */
function splits(text: string): { regex: number[]; ascii: number[] } {
  const regex: number[] = [];
  const ascii: number[] = [];
  for (let at = 0; at < text.length; ) {
    sticky.lastIndex = at;
    assert.ok(sticky.test(text), JSON.stringify(text.slice(at)));
    const end = asciiPieceEnd(text, at);
    regex.push(sticky.lastIndex);
    ascii.push(end < 0 ? sticky.lastIndex : end);
    at = sticky.lastIndex;
  }
  return { regex, ascii };
}

test('the ASCII pre-tokenizer splits as o200k_base\'s regular expression: each alternative', () => {
  const cases = [
    "Hello, world! It's the user's; THEY'LL see we'VE HELLOworld helloWorld DON'T",
    '12345 3.14159 0x1f -123 a1b2',
    '();\n\n// Comment\n  indented\tx\n\n\n  \n y  z   \r\n\t',
    'end with spaces   ', 'end with newline\n', ' ', '\n', '\t\tx', '\v\fy', ' (x) !! ?', ' 1', '- 1',
    "'s 'LL 'x it' ok'", '{"a": [1, 2]}\n}\n/\n', 'a/b/c ./x ../y', '<|im_start|>user',
  ];
  for (const t of cases) {
    const { regex, ascii } = splits(t);
    assert.deepEqual(ascii, regex, JSON.stringify(t));
  }
});

test('beyond ASCII the split is left to the regular expression, which splits the same', () => {
  // A letter, digit, mark or space beyond ASCII next to an ASCII piece changes where it ends.
  const cases = ['café', 'CAFÉ', 'ab\u0301c', '12٣4', '  \u00a0x', '\u00a0 x', '—x', 'x—', ' —', '-é', 'a\u3000b', '日本 x', '😀!', "é's"];
  for (const t of cases) {
    const { regex, ascii } = splits(t);
    assert.deepEqual(ascii, regex, JSON.stringify(t));
  }
});

test('random text splits as the regular expression splits it', () => {
  const alphabet = [...'aAzZ09 \t\n\r\v\f.,;:!?\'"`-_/\\()[]{}<>|#*@$%^&=+~', 'é', 'É', '\u0301', '٣', '\u00a0', '\u3000', '\u2028', '—', '日', '😀', '\ud800', '\ufeff', "'s", "'LL", "'ve", ' the', 'ing', 'ABC', '123'];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }), (parts) => {
      const t = parts.join('');
      const { regex, ascii } = splits(t);
      assert.deepEqual(ascii, regex, JSON.stringify(t));
    }),
    { numRuns: 3000, seed: 7 },
  );
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { joinSpaces } from '../../../server/src/core/rules/skillSet/duplicates';

// The summary skips the replace when it would change nothing: it must give what the
// replace gives, for every kind of white space JavaScript's \s knows.
const WHITE = [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028'];

test('joinSpaces: exact on examples', () => {
  assert.equal(joinSpaces('a b c'), 'a b c');
  assert.equal(joinSpaces('a  b'), 'a b');
  assert.equal(joinSpaces('a\tb'), 'a b');
  assert.equal(joinSpaces('a\u00a0b'), 'a b');
  assert.equal(joinSpaces('a \n b'), 'a b');
  assert.equal(joinSpaces(undefined), undefined);
});

test('joinSpaces: the same as replace(/\\s+/g, " ") on any mix of letters and white space', () => {
  const text = fc.array(fc.constantFrom('a', 'B', '-', ...WHITE), { maxLength: 24 }).map((cs) => cs.join(''));
  fc.assert(fc.property(text, (s) => joinSpaces(s) === s.replace(/\s+/g, ' ')), { numRuns: 5000 });
});

// parseWithUniqueKeys gives exactly the errors of `yaml` with uniqueKeys: true, which
// compares each key with every earlier one (20,000 keys: 8 s), in linear time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDocument } from 'yaml';
import { parseWithUniqueKeys } from '../../../server/src/core/catalog/uniqueKeys';

const cases = [
  'a: 1\na: 2\n',
  'a: 1\nb: {x: 1, x: 2}\na: 3\n',
  'x: [1\na: 1\na: 2',
  '1: a\n1.0: b\n"1": c\n',
  '.nan: 1\n.nan: 2\n',
  '? [a]\n: 1\n? [a]\n: 2\n',
  'a: 1\r\na: 2\r\n',
  '~: 1\nnull: 2\n',
  'a:\n  b: 1\n  b: 2\n  c: &x 1\n  *x : 3\n',
  '{a: 1, a: 2}',
  'a: 1\n  - bad\na: 2\n',
  'true: 1\nTrue: 2\n',
  'a: 1\n"a": 2\n\'a\': 3',
  'x'.repeat(100) + ': 1\n' + 'x'.repeat(100) + ': 2\n',
  'k: {' + Array.from({ length: 30 }, (_, i) => `key${i % 20}: ${i}`).join(', ') + '}',
  '  a: 1\n  a: 2\n',
  'a: 1\n\na: 2',
  'name: x\ndescription: y\n',
];

test('the same errors as yaml with uniqueKeys (code, message with line, column and context, position, order)', () => {
  for (const text of cases) {
    const want = parseDocument(text, { uniqueKeys: true, strict: true }).errors.map((e) => [e.code, e.message, e.pos]);
    const got = parseWithUniqueKeys(text).errors.map((e) => [e.code, e.message, e.pos]);
    assert.deepEqual(got, want, JSON.stringify(text));
  }
});

test('20,000 keys, one of them twice: one duplicate-key error, at the second', { timeout: 60_000 }, () => {
  const text = Array.from({ length: 20_000 }, (_, i) => `k${i}: v`).join('\n') + '\nk7: again\n';
  const errors = parseWithUniqueKeys(text).errors;
  assert.deepEqual(errors.map((e) => [e.code, e.message.split('\n')[0]]), [['DUPLICATE_KEY', 'Map keys must be unique at line 20001, column 1:']]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineIndex } from '../../../server/src/core/text/lineIndex';

test('line starts for \\n, \\r\\n and lone \\r endings, with and without a final break', () => {
  const cases: [string, number[]][] = [
    ['', [0]],
    ['a', [0]],
    ['a\n', [0, 2]],
    ['a\nbc\n\nd', [0, 2, 5, 6]],
    ['a\r\nb\r\n', [0, 3, 6]],
    ['a\rb\r\nc\nd', [0, 2, 5, 7]],
    ['\n\n', [0, 1, 2]],
    ['é😀\nx', [0, 4]],
  ];
  for (const [text, starts] of cases) assert.deepEqual(new LineIndex(text).lineStarts, starts, JSON.stringify(text));
});

test('positions and offsets round-trip on both line-ending paths', () => {
  for (const text of ['ab\ncd\n', 'ab\r\ncd\r\n']) {
    const li = new LineIndex(text);
    assert.deepEqual(li.positionAt(text.indexOf('d')), { line: 1, character: 1 });
    assert.equal(li.offsetAt({ line: 1, character: 1 }), text.indexOf('d'));
    assert.equal(li.lineText(1), 'cd');
  }
});

test('an offset between the \\r and the \\n of a CRLF is the end of the line (YAML reports errors there)', () => {
  const text = 'ab\r\ncd\r\n';
  const li = new LineIndex(text);
  assert.deepEqual(li.positionAt(3), { line: 0, character: 2 });
  assert.deepEqual(li.positionAt(2), { line: 0, character: 2 });
  assert.deepEqual(li.positionAt(4), { line: 1, character: 0 });
  assert.deepEqual(li.positionAt(text.length - 1), { line: 1, character: 2 });
  // A lone \r before a \n of the next line break is not a CRLF's inside: \r\r\n.
  assert.deepEqual(new LineIndex('a\r\r\nb').positionAt(2), { line: 1, character: 0 });
});

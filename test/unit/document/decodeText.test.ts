import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeText } from '../../../server/src/core/document/readSkillFile';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

test('text decodes; a NUL byte in the first 8 KiB makes it binary, with its byte offset', () => {
  assert.deepEqual(decodeText(bytes('# Title\nÜnïcödé\n')), { text: '# Title\nÜnïcödé\n' });
  assert.deepEqual(decodeText(bytes('abc', [0], 'def')), { problem: 'binary', detail: 'NUL byte at offset 3' });
  // Two-byte characters put the NUL at byte 8190 while it is character 4095.
  assert.deepEqual(decodeText(bytes('é'.repeat(4095), [0])), { problem: 'binary', detail: 'NUL byte at offset 8190' });
  assert.deepEqual(decodeText(bytes('x'.repeat(8191), [0])), { problem: 'binary', detail: 'NUL byte at offset 8191' });
});

test('a NUL past the first 8 KiB is text, even when it is among the first 8,192 characters', () => {
  assert.deepEqual(decodeText(bytes('x'.repeat(8192), [0])), { text: 'x'.repeat(8192) + '\0' });
  // Character 4096, byte 8192.
  const text = 'é'.repeat(4096) + '\0';
  assert.deepEqual(decodeText(bytes(text)), { text });
});

test('invalid UTF-8 is an encoding problem, unless a NUL byte makes it binary', () => {
  assert.deepEqual(decodeText(bytes('ok ', [0xff], ' no')), { problem: 'encoding', detail: 'invalid UTF-8 near byte 3' });
  assert.deepEqual(decodeText(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])), { problem: 'binary', detail: 'NUL byte at offset 8' });
  assert.deepEqual(decodeText(bytes('x'.repeat(9000), [0, 0xff])), { problem: 'encoding', detail: 'invalid UTF-8 near byte 9001' });
});

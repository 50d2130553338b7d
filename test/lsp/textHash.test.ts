// The hash that tells whether the index's two steps saw the same SKILL.md
// (lsp/skillCheck.ts): the same bytes hash alike wherever they lie in a buffer (the
// first step's file may be read ahead into a batch buffer, the second's not).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashBytes } from '../../server/src/lsp/skillCheck';

const text = new TextEncoder().encode('---\nname: a\ndescription: Checks the hash. Use when testing é.\n---\n# A\n');

function at(offset: number, bytes: Uint8Array): Uint8Array {
  const buffer = new Uint8Array(offset + bytes.length + 5);
  buffer.set(bytes, offset);
  return buffer.subarray(offset, offset + bytes.length);
}

test('the same bytes hash alike at every alignment', () => {
  const hashes = [0, 1, 2, 3, 4, 7].map((o) => hashBytes(at(o, text)));
  assert.deepEqual(new Set(hashes).size, 1, JSON.stringify(hashes));
});

test('one changed byte, in a word or in the tail, changes the hash', () => {
  const base = hashBytes(text);
  for (const i of [0, 5, text.length - 2, text.length - 1]) {
    const changed = text.slice();
    changed[i] ^= 0x20;
    assert.notEqual(hashBytes(changed), base, `byte ${i}`);
  }
});

test('a shorter file of the same prefix hashes differently, as does the empty file', () => {
  assert.notEqual(hashBytes(text.subarray(0, text.length - 1)), hashBytes(text));
  assert.notEqual(hashBytes(new Uint8Array(0)), hashBytes(new Uint8Array(1)));
});

// The report's parts checked on the main thread are encoded through one buffer used
// again (textsWriter.ts): the bytes written must be exactly the parts joined, whatever
// the buffer size, and a chunk the stream kept must never be written over.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { textsWriter } from '../../../server/src/cli/format/textsWriter';

function run(batches: string[][], sep: string, size: number, keptEvery = 0) {
  const chunks: { bytes: Uint8Array; copy: Buffer }[] = [];
  let n = 0;
  const write = textsWriter((b) => void chunks.push({ bytes: b, copy: Buffer.from(b) }), () => keptEvery > 0 && ++n % keptEvery === 0, size);
  for (const b of batches) write(b, sep);
  return chunks;
}

const whole = (chunks: { copy: Buffer }[]) => Buffer.concat(chunks.map((c) => c.copy)).toString('latin1');
// Each part (and separator) encoded on its own, as renderBatch wrote them into one buffer.
const want = (batches: string[][], sep: string) =>
  Buffer.concat(batches.flatMap((b) => b.flatMap((t, i) => (i && sep ? [Buffer.from(sep), Buffer.from(t, 'utf8')] : [Buffer.from(t, 'utf8')])))).toString('latin1');

test('the bytes written are the parts joined, as UTF-8 (non-ASCII, astral and lone surrogates as Buffer.from writes them)', () => {
  const batches = [['{"a": 1}', 'é ü 中文', '😀'], ['lone \ud800 high', 'lone \udc00 low', 'ends high \ud83d', '\ude00 starts low'], [''], ['x'.repeat(40)]];
  for (const size of [8, 16, 64, 1 << 20]) {
    assert.equal(whole(run(batches, ',\n', size)), want(batches, ',\n'), `size ${size}`);
    assert.equal(whole(run(batches, '', size)), want(batches, ''), `size ${size}, no separator`);
  }
});

test('one buffer serves every write while the stream keeps none; a kept chunk is never written over', () => {
  const batches = Array.from({ length: 20 }, (_, i) => [`part ${i} `.repeat(3), 'ü'.repeat(i)]);
  const reused = run(batches, ',\n', 256);
  assert.ok(reused.length > 1);
  assert.ok(reused.every((c) => c.bytes.buffer === reused[0].bytes.buffer), 'the same memory each time');
  const kept = run(batches, ',\n', 256, 2);
  // Every second chunk was kept by the stream: it must still hold what was written.
  kept.forEach((c, i) => {
    if (i % 2 === 1) assert.deepEqual(Buffer.from(c.bytes), c.copy, `kept chunk ${i}`);
  });
  assert.equal(whole(kept), want(batches, ',\n'));
});

test('generated parts: the written bytes equal the parts joined, for any buffer size', () => {
  fc.assert(
    fc.property(fc.array(fc.array(fc.string({ unit: 'binary' }), { maxLength: 5 }), { maxLength: 6 }), fc.integer({ min: 1, max: 64 }), fc.constantFrom('', ',\n'), (batches, size, sep) => {
      assert.equal(whole(run(batches, sep, size)), want(batches, sep));
    }),
    { numRuns: 2000 },
  );
});

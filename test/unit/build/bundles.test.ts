import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '..', '..', '..');

// One non-ASCII character anywhere (a dash in a comment esbuild keeps) makes V8 hold
// the whole bundle source as two-byte text: +4 MB in every thread that loads it (the
// server, each index or check worker). npm test builds the bundles before this runs.
test('the server and CLI bundles are pure ASCII', () => {
  for (const bundle of ['server/out/server.js', 'server/out/indexWorker.js', 'server/out/cli.js', 'client/out/extension.js']) {
    const text = readFileSync(join(root, bundle), 'latin1');
    const at = text.search(/[^\x00-\x7f]/);
    assert.equal(at, -1, `${bundle}: non-ASCII byte at offset ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}`);
  }
});

// The ranks are data next to the bundles, never code inside them: compiling them as a
// JavaScript array costs every thread ~220 ms whether it counts a token or not.
test('the tokenizer table holds gpt-tokenizer\'s ranks, outside every bundle', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ranks = (require('gpt-tokenizer/bpeRanks/o200k_base') as { default: (string | number[])[] }).default;
  const table = readFileSync(join(root, 'server/out/o200k_base.bin'));
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const n = view.getUint32(4, true);
  assert.equal(n, ranks.length);
  const blobAt = 16 + (n + 1) * 4 + (1 << view.getUint32(8, true)) * 4;
  const enc = new TextEncoder();
  for (const r of [0, 1, 255, 1000, 100_000, n - 1]) {
    const at = view.getUint32(16 + r * 4, true);
    const end = view.getUint32(16 + (r + 1) * 4, true);
    const want = typeof ranks[r] === 'string' ? enc.encode(ranks[r] as string) : Uint8Array.from(ranks[r] as number[]);
    assert.deepEqual(new Uint8Array(table.subarray(blobAt + at, blobAt + end)), want, `rank ${r}`);
  }
  for (const bundle of ['server/out/server.js', 'server/out/indexWorker.js', 'server/out/cli.js', 'client/out/extension.js']) {
    const text = readFileSync(join(root, bundle), 'latin1');
    assert.ok(!text.includes('"Consultancy"'), `${bundle} contains the BPE ranks`);
  }
});

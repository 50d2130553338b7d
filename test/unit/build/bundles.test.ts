import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { RANKS_LINES } from '../../../server/src/core/text/tokens';

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
test('the tokenizer ranks ship as JSON equal to gpt-tokenizer\'s, outside every bundle', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ranks = (require('gpt-tokenizer/bpeRanks/o200k_base') as { default: unknown[] }).default;
  const lines = readFileSync(join(root, 'server/out/o200k_base.json'), 'utf8').split('\n').filter((l) => l);
  assert.equal(lines.length, RANKS_LINES);
  const shipped = lines.flatMap((l) => JSON.parse(l) as unknown[]);
  assert.equal(shipped.length, ranks.length);
  assert.deepEqual(shipped, ranks);
  for (const bundle of ['server/out/server.js', 'server/out/indexWorker.js', 'server/out/cli.js', 'client/out/extension.js']) {
    const text = readFileSync(join(root, bundle), 'latin1');
    assert.ok(!text.includes('"Consultancy"'), `${bundle} contains the BPE ranks`);
  }
});

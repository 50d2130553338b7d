import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '..', '..', '..');

// One non-ASCII character anywhere (a dash in a comment esbuild keeps) makes V8 hold
// the whole bundle source as two-byte text: +4 MB in every thread that loads it (the
// server, each index or check worker). npm test builds the bundles before this runs.
test('the server and CLI bundles are pure ASCII', () => {
  for (const bundle of ['server/out/server.js', 'server/out/cli.js', 'client/out/extension.js']) {
    const text = readFileSync(join(root, bundle), 'latin1');
    const at = text.search(/[^\x00-\x7f]/);
    assert.equal(at, -1, `${bundle}: non-ASCII byte at offset ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}`);
  }
});

// Both caches key results by the build's bundles: their contents' digest, taken from
// the cache file while the bundles keep the stamps it vouches with (no 5 MB to hash at
// each start), and the same digest however it was found (a key never flips).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { bundleDigest } from '../../../server/src/node/cacheRecords';

function withRacyMs<T>(ms: string, f: () => T): T {
  const before = process.env.SKILLMD_CACHE_RACY_MS;
  process.env.SKILLMD_CACHE_RACY_MS = ms;
  try {
    return f();
  } finally {
    if (before === undefined) delete process.env.SKILLMD_CACHE_RACY_MS;
    else process.env.SKILLMD_CACHE_RACY_MS = before;
  }
}

test('bundleDigest: stamps vouch for the digest; a rewrite, even of the same size, is hashed again; a racy bundle keeps no stamps', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillmd-bundles-'));
  const files = ['cli.js', 'gone.js'];
  try {
    writeFileSync(path.join(dir, 'cli.js'), 'rule A');
    const old = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, 'cli.js'), old, old);
    const first = withRacyMs('0', () => bundleDigest(dir, files));
    assert.equal(first.stamps.length, 2);
    assert.equal(first.stamps[1], '-', 'a missing bundle');
    // Same stamps: the known digest is taken as it is (here a made-up one, to tell).
    assert.deepEqual(withRacyMs('0', () => bundleDigest(dir, files, { ...first, digest: 'from-file' })).digest, 'from-file');
    // Rewritten with the same size: other stamps, the contents hashed again.
    writeFileSync(path.join(dir, 'cli.js'), 'rule B');
    const rebuilt = withRacyMs('0', () => bundleDigest(dir, files, first));
    assert.notEqual(rebuilt.digest, first.digest);
    // Written within the racy window: hashed, and no stamps kept; the same contents give the same digest.
    const racy = withRacyMs('600000', () => bundleDigest(dir, files, rebuilt));
    assert.deepEqual(racy, { stamps: [], digest: rebuilt.digest });
    // A damaged entry in the file is no vouch.
    assert.equal(withRacyMs('0', () => bundleDigest(dir, files, { stamps: 'x', digest: 'from-file' })).digest, rebuilt.digest);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

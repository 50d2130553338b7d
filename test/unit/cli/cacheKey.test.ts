// `check --cache`'s key names the build by its bundles' stamps (a stat each) and hashes
// only a bundle written within the racy window: a rebuild never reuses results.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { cacheKey } from '../../../server/src/cli/commands/checkCache';

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

test('cacheKey: a rewritten bundle changes the key, even with the same size; other parts of the key count', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillmd-key-'));
  try {
    writeFileSync(path.join(dir, 'cli.js'), 'rule A');
    const old = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, 'cli.js'), old, old);
    const k1 = withRacyMs('0', () => cacheKey(['json'], dir));
    assert.equal(withRacyMs('0', () => cacheKey(['json'], dir)), k1, 'same build, same key');
    assert.notEqual(withRacyMs('0', () => cacheKey(['text'], dir)), k1);
    writeFileSync(path.join(dir, 'cli.js'), 'rule B');
    assert.notEqual(withRacyMs('0', () => cacheKey(['json'], dir)), k1, 'rebuilt: new key');
    // Written just now (a coarse clock could keep its times): its contents decide.
    const racy = withRacyMs('600000', () => cacheKey(['json'], dir));
    writeFileSync(path.join(dir, 'cli.js'), 'rule B');
    assert.equal(withRacyMs('600000', () => cacheKey(['json'], dir)), racy, 'same contents, same key');
    writeFileSync(path.join(dir, 'cli.js'), 'rule C');
    assert.notEqual(withRacyMs('600000', () => cacheKey(['json'], dir)), racy, 'other contents, other key');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

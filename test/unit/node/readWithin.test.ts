import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileStamp, NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

// The CLI's synchronous read reads without an fstat unless it needs one: each kind of
// file below must come out exactly as the fstat-first read gave it.
test('readFileWithin (sync): whole files, sizes, and what is not a regular file', async () => {
  const root = mkdtempSync(join(tmpdir(), 'skillmd-within-'));
  try {
    const put = (name: string, bytes: string | Buffer) => {
      writeFileSync(join(root, name), bytes);
      return join(root, name);
    };
    const small = put('small.md', '# Ünïcödé\n');
    const empty = put('empty.md', '');
    const exact = put('exact.md', 'e'.repeat(64 * 1024));
    const long = put('long.md', Buffer.from(Array.from({ length: 30000 }, (_, i) => `line ${i}\n`).join('')));
    const atMax = put('at-max.md', 'm'.repeat(1000));
    const overMax = put('over-max.md', 'o'.repeat(1001));
    mkdirSync(join(root, 'dir.md'));
    assert.equal(spawnSync('mkfifo', [join(root, 'pipe.md')]).status, 0);
    for (const stamps of [false, true]) {
      const disk = new NodeFileSystem({ sync: true, stamps });
      for (const f of [small, empty, exact, long]) {
        const r = await disk.readFileWithin(f, 5 * 1024 * 1024);
        assert.ok('bytes' in r, f);
        assert.deepEqual(Buffer.from(r.bytes), readFileSync(f), f);
        assert.equal(r.stamp, stamps ? fileStamp(statSync(f)) : undefined);
      }
      // The bytes are the caller's: a later read does not change them.
      const a = await disk.readFileWithin(small, Infinity);
      await disk.readFileWithin(atMax, Infinity);
      await disk.readFileWithin(long, Infinity);
      assert.ok('bytes' in a);
      assert.equal(Buffer.from(a.bytes).toString('utf8'), '# Ünïcödé\n');
      const at = await disk.readFileWithin(atMax, 1000);
      assert.ok('bytes' in at && at.bytes.length === 1000);
      assert.deepEqual(withoutStamp(await disk.readFileWithin(overMax, 1000)), { size: 1001 });
      assert.deepEqual(withoutStamp(await disk.readFileWithin(join(root, 'dir.md'), 1000)), { size: statSync(join(root, 'dir.md')).size, notFile: true });
      assert.deepEqual(withoutStamp(await disk.readFileWithin(join(root, 'pipe.md'), 1000)), { size: 0, notFile: true });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

function withoutStamp(r: object): object {
  const { stamp: _stamp, ...rest } = r as { stamp?: string };
  return rest;
}

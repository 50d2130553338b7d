// The container of `check --cache`: whole writes, appends in place of the old index,
// and reads that refuse a torn or replaced file (so a result is never taken from it).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { appendCacheFile, FIRST_PART_AT, readCacheFile, writeCacheFile } from '../../../server/src/cli/commands/cacheFile';

const MAGIC = 'test cache 1\n';
const b = (s: string) => Buffer.from(s);

test('cacheFile: a whole write reads back; an append keeps the old parts in place and reads back; a torn append does not', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillmd-cachefile-'));
  const file = path.join(dir, 'c');
  try {
    assert.equal(readCacheFile(file, MAGIC), undefined, 'missing');
    assert.equal(writeCacheFile(file, MAGIC, [b('AAA'), b(',\n'), b('BB')], [b('{"i":1}')]), undefined);
    const r1 = readCacheFile(file, MAGIC)!;
    assert.equal(r1.index.toString('latin1'), '{"i":1}');
    const at = FIRST_PART_AT(MAGIC);
    assert.equal(r1.parts.read(at, 7).toString(), 'AAA,\nBB');
    assert.equal(r1.partsEnd, at + 7);
    assert.throws(() => r1.parts.read(at, 8), /past the parts/);
    // Copied in chunks; a chunk the writer keeps is not reused.
    const chunks: string[] = [];
    r1.parts.copy(at + 2, 4, (c) => (chunks.push(Buffer.from(c).toString()), true));
    assert.deepEqual(chunks, ['A,\nB']);
    assert.equal(readCacheFile(file, 'other magic\n'), undefined);

    const ino = statSync(file).ino;
    assert.equal(appendCacheFile(file, r1, [b(',\n'), b('CCCC')], [b('{"i":'), b('2}')]), undefined);
    assert.equal(statSync(file).ino, ino, 'appended in place');
    const r2 = readCacheFile(file, MAGIC)!;
    assert.equal(r2.index.toString('latin1'), '{"i":2}');
    assert.equal(r2.parts.read(at, r2.partsEnd - at).toString(), 'AAA,\nBB,\nCCCC');
    // The first read's parts are still there (an append writes from the old index on).
    assert.equal(r1.parts.read(at, 7).toString(), 'AAA,\nBB');
    r2.parts.close();

    // The file is no longer the one read: the caller writes it whole.
    assert.equal(appendCacheFile(file, r1, [b('D')], [b('{"i":3}')]), 'changed');
    r1.parts.close();

    // A byte changed in what the append wrote (a torn write), or a file cut short: not read.
    const good = readFileSync(file);
    const torn = Buffer.from(good);
    torn[r1.partsEnd + 3] ^= 1;
    writeFileSync(file, torn);
    assert.equal(readCacheFile(file, MAGIC), undefined, 'torn append');
    writeFileSync(file, good.subarray(0, good.length - 5));
    assert.equal(readCacheFile(file, MAGIC), undefined, 'cut short');
    writeFileSync(file, good);
    const r3 = readCacheFile(file, MAGIC)!;
    assert.equal(r3.index.toString('latin1'), '{"i":2}');
    r3.parts.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('cacheFile: a read that raced an append at any byte (old bytes before or after the new ones) gets the old file, the new one, or nothing', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillmd-cachefile-race-'));
  const file = path.join(dir, 'c');
  try {
    assert.equal(writeCacheFile(file, MAGIC, [b('part one'), b(',\n'), b('part two')], [b('{"skills":"old",'), b('"pad":"' + 'o'.repeat(40) + '"}')]), undefined);
    const before = readFileSync(file);
    const r1 = readCacheFile(file, MAGIC)!;
    r1.parts.close();
    assert.equal(appendCacheFile(file, r1, [b(',\n'), b('part three')], [b('{"skills":"new"}')]), undefined);
    const after = readFileSync(file);
    const r2 = readCacheFile(file, MAGIC)!;
    r2.parts.close();
    const indexes = new Set([r1.index.toString('latin1'), r2.index.toString('latin1')]);
    let accepted = 0;
    for (const length of [before.length, after.length]) {
      for (let cut = r1.partsEnd; cut <= Math.max(before.length, after.length); cut++) {
        for (const [head, tail] of [[after, before], [before, after]]) {
          const torn = Buffer.alloc(length);
          for (let i = 0; i < length; i++) torn[i] = i < cut ? (head[i] ?? 0) : (tail[i] ?? 0);
          writeFileSync(file, torn);
          const r = readCacheFile(file, MAGIC);
          if (!r) continue;
          r.parts.close();
          accepted++;
          assert.ok(indexes.has(r.index.toString('latin1')), `cut ${cut}: ${r.index.toString('latin1')}`);
          assert.ok(torn.equals(before) || torn.equals(after), `cut ${cut}: a mixture was read`);
        }
      }
    }
    assert.ok(accepted > 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

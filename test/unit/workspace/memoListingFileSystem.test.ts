import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DirEntry, FileSystem } from '../../../server/src/core/workspace/fileSystem';
import { MemoListingFileSystem } from '../../../server/src/core/workspace/memoListingFileSystem';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';

/** `base` with some methods replaced (to count or fail what the memo passes on). */
function over(base: FileSystem, methods: Partial<FileSystem>): FileSystem {
  return { readFile: (p) => base.readFile(p), stat: (p) => base.stat(p), readDirectory: (p) => base.readDirectory(p), realpath: (p) => base.realpath(p), ...methods };
}

test('each folder is listed once; every answer is a copy a caller may sort; a failed listing is asked again', async () => {
  const base = new MemoryFileSystem({ '/w/b.md': 'b', '/w/a.md': 'a' });
  const asked: string[] = [];
  let fail = true;
  const counting = over(base, {
    readDirectory: async (p: string): Promise<DirEntry[]> => {
      asked.push(p);
      if (p === '/gone' && fail) {
        fail = false;
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      }
      return p === '/gone' ? [] : base.readDirectory(p);
    },
  });
  const fs = new MemoListingFileSystem(counting);
  const first = await fs.readDirectory('/w');
  first.sort((x, y) => (x.name < y.name ? 1 : -1)).pop();
  const second = await fs.readDirectory('/w');
  assert.deepEqual(second.map((e) => e.name).sort(), ['a.md', 'b.md']);
  await assert.rejects(fs.readDirectory('/gone'));
  assert.deepEqual(await fs.readDirectory('/gone'), []);
  assert.deepEqual(asked, ['/w', '/gone', '/gone']);
  assert.equal(new TextDecoder().decode(await fs.readFile('/w/a.md')), 'a');
});

test('with stats, each path is stat-ed once (missing ones too), a failed stat is asked again, and without stats every stat reaches the disk', async () => {
  const base = new MemoryFileSystem({ '/w/a.md': 'a' });
  const asked: string[] = [];
  let fail = true;
  const counting = over(base, {
    stat: async (p) => {
      asked.push(p);
      if (p === '/w/eacces' && fail) {
        fail = false;
        throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      }
      return base.stat(p);
    },
  });
  const fs = new MemoListingFileSystem(counting, { stats: true });
  assert.equal((await fs.stat('/w/a.md'))?.type, 'file');
  assert.equal((await fs.stat('/w/a.md'))?.size, 1);
  assert.equal(await fs.stat('/w/.git'), undefined);
  assert.equal(await fs.stat('/w/.git'), undefined);
  await assert.rejects(fs.stat('/w/eacces'));
  assert.equal(await fs.stat('/w/eacces'), undefined);
  assert.deepEqual(asked, ['/w/a.md', '/w/.git', '/w/eacces', '/w/eacces']);
  asked.length = 0;
  const plain = new MemoListingFileSystem(counting);
  await plain.stat('/w/a.md');
  await plain.stat('/w/a.md');
  assert.deepEqual(asked, ['/w/a.md', '/w/a.md']);
});

test('a listing that fails at once, not through its promise, fails through the promise', async () => {
  const base = new MemoryFileSystem({ '/w/a.md': 'a' });
  const fs = new MemoListingFileSystem(over(base, { readDirectory: () => { throw new Error('EIO'); } }));
  const p = fs.readDirectory('/w');
  await assert.rejects(p, /EIO/);
});

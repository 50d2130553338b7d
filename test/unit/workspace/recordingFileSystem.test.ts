import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';
import { RecordingFileSystem, replay, type FileRecord } from '../../../server/src/core/workspace/recordingFileSystem';

// A readable stand-in for a content hash: the digest is the text itself.
const hash = (b: Uint8Array) => `#${Buffer.from(b).toString('utf8')}`;

async function unchanged(fs: MemoryFileSystem, record: FileRecord): Promise<boolean> {
  for (const [q, digest] of record) if ((await replay(fs, q, hash)) !== digest) return false;
  return true;
}

test('every question and the digest of its first answer, errors and missing paths included', async () => {
  const mem = new MemoryFileSystem({ '/s/SKILL.md': 'hello', '/s/references/a.md': 'A' });
  const rec = new RecordingFileSystem(mem, hash);
  await rec.readFile('/s/SKILL.md');
  await rec.readFile('/s/SKILL.md');
  await rec.stat('/s/references/a.md');
  await rec.stat('/s/missing.md');
  await rec.readDirectory('/s');
  await assert.rejects(rec.readFile('/s/nope.md'));
  rec.note('probe\0/s\0.claude-plugin', '0');
  assert.deepEqual(rec.record(), [
    ['read\0/s/SKILL.md', '#hello'],
    ['stat\0/s/references/a.md', 'file 1 420'],
    ['stat\0/s/missing.md', '-'],
    ['list\0/s', 'fSKILL.md/dreferences/'],
    ['read\0/s/nope.md', '!ENOENT'],
    ['probe\0/s\0.claude-plugin', '0'],
  ]);
});

test('replaying a record tells whether any answer changed: contents, mode, listing, a file that appears', async () => {
  const mem = new MemoryFileSystem({ '/s/SKILL.md': 'hello', '/s/scripts/run.sh': '#!/bin/sh\n' });
  const rec = new RecordingFileSystem(mem, hash);
  await rec.readFile('/s/SKILL.md');
  await rec.stat('/s/scripts/run.sh');
  await rec.stat('/s/references/guide.md');
  await rec.readDirectory('/s/scripts');
  const record = rec.record();
  assert.equal(await unchanged(mem, record), true);
  mem.writeFile('/s/other.md', 'not asked about');
  assert.equal(await unchanged(mem, record), true);
  mem.chmod('/s/scripts/run.sh', 0o755);
  assert.equal(await unchanged(mem, record), false);
  mem.chmod('/s/scripts/run.sh', 0o644);
  assert.equal(await unchanged(mem, record), true);
  mem.writeFile('/s/references/guide.md', '# Guide');
  assert.equal(await unchanged(mem, record), false);
  mem.remove('/s/references/guide.md');
  mem.writeFile('/s/scripts/new.py', '');
  assert.equal(await unchanged(mem, record), false);
  mem.remove('/s/scripts/new.py');
  mem.writeFile('/s/SKILL.md', 'hellO');
  assert.equal(await unchanged(mem, record), false);
});

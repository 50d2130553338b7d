// A file its folder's listing (from the walk) does not show is missing without asking the disk.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { hasDotSegment } from '../../../server/src/core/workspace/childPath';
import { PrelistedFileSystem } from '../../../server/src/core/workspace/prelistedFileSystem';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';

test('a listed folder answers for names it lacks, in any letter case, and for folders it lacks on the way', async () => {
  const disk = new MemoryFileSystem({ '/s/SKILL.md': 'x', '/s/scripts/Run.py': 'print(1)', '/other/x.py': 'y' });
  const listings: [string, Awaited<ReturnType<MemoryFileSystem['readDirectory']>>][] = [['/s', await disk.readDirectory('/s')], ['/s/scripts', await disk.readDirectory('/s/scripts')]];
  const fs = new PrelistedFileSystem(disk, listings);
  const before = disk.calls.stat + disk.calls.readFile;
  await assert.rejects(fs.readFile('/s/scripts/missing.py'), { code: 'ENOENT' });
  await assert.rejects(fs.readFile('/s/tools/run.py'), { code: 'ENOENT' }, 'no tools/ in the skill folder');
  assert.equal(await fs.stat('/s/tools'), undefined);
  assert.equal(disk.calls.stat + disk.calls.readFile, before, 'the disk was not asked');
  // Listed under another letter case (a case-insensitive disk would open it), outside the listings, or not a plain path: the disk answers.
  await assert.rejects(fs.readFile('/s/scripts/run.py'), { code: 'ENOENT' });
  assert.equal(new TextDecoder().decode(await fs.readFile('/other/x.py')), 'y');
  assert.equal(new TextDecoder().decode(await fs.readFile('/s/tools/../scripts/Run.py')), 'print(1)');
  assert.equal(disk.calls.readFile, 3);
});

test('a missing file answered from the listings has no stack trace, and the process keeps its stack-trace limit', async () => {
  const disk = new MemoryFileSystem({ '/s/SKILL.md': 'x' });
  const fs = new PrelistedFileSystem(disk, [['/s', await disk.readDirectory('/s')]]);
  const limit = Error.stackTraceLimit;
  const e = await fs.readFile('/s/run.sh').then(() => undefined, (x: Error & { code?: string }) => x);
  assert.equal(e?.code, 'ENOENT');
  assert.equal(e?.stack, "Error: ENOENT: no such file or directory, open '/s/run.sh'");
  assert.equal(Error.stackTraceLimit, limit);
});

test('knownAbsent: the same answers for short listings (scanned for the name as written) and long ones, any letter case', async () => {
  const names = (n: number) => Object.fromEntries([...Array(n)].map((_, i) => [`/s${n}/f${i}.md`, 'x']).concat([[`/s${n}/Run.py`, 'x']]));
  for (const n of [3, 40]) {
    const disk = new MemoryFileSystem(names(n));
    const fs = new PrelistedFileSystem(disk, [[`/s${n}`, await disk.readDirectory(`/s${n}`)]]);
    assert.deepEqual(['Run.py', 'run.py', 'RUN.PY', 'f1.md', 'F1.MD', 'gone.md', 'Run.py/x'].map((f) => fs.knownAbsent(`/s${n}/${f}`)), [false, false, false, false, false, true, false], `${n} files`);
  }
});

test('hasDotSegment finds a `.` or `..` segment as /[\\\\/]\\.\\.?(?:[\\\\/]|$)/ does', () => {
  const re = /[\\/]\.\.?(?:[\\/]|$)/;
  fc.assert(fc.property(fc.array(fc.constantFrom('/', '\\', '.', '..', 'a', '.a', 'b.', '...'), { maxLength: 12 }), (parts) => {
    const p = parts.join('');
    assert.equal(hasDotSegment(p), re.test(p), JSON.stringify(p));
  }), { numRuns: 5000 });
});

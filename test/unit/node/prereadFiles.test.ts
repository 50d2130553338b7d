import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SkillListings } from '../../../server/src/core/workspace/findSkillFiles';
import { PrelistedFileSystem } from '../../../server/src/core/workspace/prelistedFileSystem';
import { fileStamp, NodeFileSystem } from '../../../server/src/node/nodeFileSystem';
import { PREREAD_MAX_FILE, prereadSkills } from '../../../server/src/node/prereadFiles';

const disk = new NodeFileSystem({ sync: true });

async function listingsOf(dirs: string[]): Promise<SkillListings> {
  return Promise.all(dirs.map(async (d) => [d, await disk.readDirectory(d)] as [string, Awaited<ReturnType<typeof disk.readDirectory>>]));
}

function contentsOf(p: ReturnType<typeof prereadSkills>): Map<string, string> {
  return new Map(p.files.map(([f, o, n]) => [f, Buffer.from(p.buffer, o, n).toString('utf8')]));
}

test('reads each skill file and the small text files of its folders; leaves the rest to the checking thread', async () => {
  const root = mkdtempSync(join(tmpdir(), 'skillmd-preread-'));
  try {
    const skill = join(root, 'demo');
    for (const d of ['references', 'scripts', 'assets']) mkdirSync(join(skill, d), { recursive: true });
    const write = (rel: string, text: string | Buffer) => writeFileSync(join(skill, rel), text);
    write('SKILL.md', '---\nname: demo\n---\nSee [guide](references/guide.md).\n');
    write('references/guide.md', '# Guide\n\nÜnïcödé\n');
    write('references/empty.md', '');
    write('references/open.md', '# Open in the editor\n');
    write('references/big.md', 'x'.repeat(PREREAD_MAX_FILE + 1));
    // Larger than the first buffer, and one filling a read exactly: read whole all the same.
    write('references/long.md', Array.from({ length: 20000 }, (_, i) => `line ${i}`).join('\n'));
    write('references/wide.md', 'w'.repeat(64 * 1024));
    write('scripts/run.py', 'print("hi")\n');
    write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]));
    symlinkSync(join(skill, 'references/guide.md'), join(skill, 'references/link.md'));
    // A FIFO must neither hang the read nor be read.
    assert.equal(spawnSync('mkfifo', [join(skill, 'references/pipe.md')]).status, 0);
    const files = [join(skill, 'SKILL.md'), join(root, 'gone/SKILL.md')];
    const listings = [await listingsOf([skill, join(skill, 'references'), join(skill, 'scripts'), join(skill, 'assets')]), undefined];
    const p = prereadSkills(files, listings, (f) => f.endsWith('open.md'), Infinity);
    const got = contentsOf(p);
    assert.deepEqual([...got.keys()].sort(), [
      join(skill, 'SKILL.md'), join(skill, 'references/empty.md'), join(skill, 'references/guide.md'), join(skill, 'references/long.md'),
      join(skill, 'references/wide.md'), join(skill, 'scripts/run.py'),
    ]);
    for (const [f, text] of got) assert.equal(text, readFileSync(f, 'utf8'), f);
    assert.equal(p.files[0][0], join(skill, 'SKILL.md'), 'the skill file first');
    // Files of odd lengths (SKILL.md is 53 bytes, guide.md 21), each on a 4-byte boundary: the index hashes by words.
    assert.deepEqual(p.files.filter(([, offset]) => offset % 4 !== 0), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('at most 64 files besides SKILL.md per skill', async () => {
  const root = mkdtempSync(join(tmpdir(), 'skillmd-preread-'));
  try {
    mkdirSync(join(root, 'many/references'), { recursive: true });
    writeFileSync(join(root, 'many/SKILL.md'), '---\nname: many\n---\n');
    for (let i = 0; i < 70; i++) writeFileSync(join(root, `many/references/r${i}.md`), `# R${i}\n`);
    const p = prereadSkills([join(root, 'many/SKILL.md')], [await listingsOf([join(root, 'many'), join(root, 'many/references')])], () => false, Infinity);
    assert.equal(p.files.length, 65);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a batch whose time is up reads nothing more ahead (a slow file system must not block the server)', async () => {
  const root = mkdtempSync(join(tmpdir(), 'skillmd-preread-'));
  try {
    writeFileSync(join(root, 'SKILL.md'), '---\nname: x\n---\n');
    assert.equal(prereadSkills([join(root, 'SKILL.md')], [await listingsOf([root])], () => false, -1).files.length, 0);
    assert.equal(prereadSkills([join(root, 'SKILL.md')], [await listingsOf([root])], () => false, Infinity).files.length, 1);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('PrelistedFileSystem serves read-ahead contents, and goes to disk past a smaller limit', async () => {
  const root = mkdtempSync(join(tmpdir(), 'skillmd-preread-'));
  try {
    const f = join(root, 'a.md');
    writeFileSync(f, 'on disk, longer than read ahead\n');
    const fs = new PrelistedFileSystem(disk, [], new Map([[f, new TextEncoder().encode('read ahead\n')]]));
    const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
    assert.equal(text(await fs.readFile(f)), 'read ahead\n');
    assert.equal(text(await fs.readFilePrefix!(f, 4)), 'read');
    const within = await fs.readFileWithin!(f, 100);
    assert.ok('bytes' in within && text(within.bytes) === 'read ahead\n');
    // Over the caller's limit: the disk decides (here: its size, as it is larger still).
    assert.deepEqual(await fs.readFileWithin!(f, 5), { size: 32 });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('with stamps asked (an index cache records), each file read ahead carries its stamp, and the checking thread sees it', async () => {
  const root = mkdtempSync(join(tmpdir(), 'skillmd-preread-stamps-'));
  try {
    const file = join(root, 'SKILL.md');
    writeFileSync(file, '---\nname: s\n---\n');
    const listings = await listingsOf([root]);
    assert.equal(prereadSkills([file], [listings], () => false).files[0].length, 3, 'no stamp unless asked');
    const p = prereadSkills([file], [listings], () => false, undefined, false, true);
    assert.equal(p.files[0][3], fileStamp(statSync(file)));
    const [f, o, n, stamp] = p.files[0];
    const pre = new PrelistedFileSystem(disk, listings, new Map([[f, new Uint8Array(p.buffer, o, n)]]), new Map([[f, stamp!]]));
    assert.equal((await pre.readFileWithin!(file, 1 << 20)).stamp, stamp);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

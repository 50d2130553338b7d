import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asciiJson, asciiJsonBytes, contentHash, sha1From, readAsciiLines, removeStaleTemporaries, ReplayAnswers, STAMPED_OPS, stampTrusted, writeFileAtomic, type StampedDigest } from '../../../server/src/node/cacheRecords';
import { ABSENT_STAMP, NodeFileSystem } from '../../../server/src/node/nodeFileSystem';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';
import { PrelistedFileSystem } from '../../../server/src/core/workspace/prelistedFileSystem';
import { OverlayFileSystem } from '../../../server/src/lsp/overlayFileSystem';

const NOW = 1_800_000_000_000;
/** fileStamp's shape: size:mtime:ctime:ino:dev */
const stamp = (ctime: number) => `5:${ctime}:${ctime}:7:1`;
const digest = (s: string) => contentHash(new TextEncoder().encode(s));

/** Runs `fn` in a fresh temporary folder, removed after. */
async function inTempDir(prefix: string, fn: (dir: string) => void | Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a stamp vouches only for files changed 2 s or more before the run', () => {
  assert.equal(stampTrusted(stamp(NOW - 2001), NOW), true);
  assert.equal(stampTrusted(stamp(NOW - 1999), NOW), false);
  assert.equal(stampTrusted('garbage', NOW), false);
});

test('replay: an unchanged stamp gives the stored digest unread; others are read; new stamps are saved only when they spare a tenth of the reads', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 20; i++) files[`/s/f${i}.md`] = `body ${i}`;
  const mem = new MemoryFileSystem(files);
  const stamps: Record<string, string> = {};
  for (const f of Object.keys(files)) stamps[f] = stamp(NOW - 10_000);
  const known: Record<string, StampedDigest> = {};
  // f0 vouched with a wrong digest: taking the stored digest proves the file was not read.
  known['read\0/s/f0.md'] = [stamps['/s/f0.md'], 'stored'];
  for (let i = 1; i < 19; i++) known[`read\0/s/f${i}.md`] = [stamps[`/s/f${i}.md`], digest(`body ${i}`)];
  // f18 changed since (its stamp too); f19 has no stamp stored.
  stamps['/s/f18.md'] = stamp(NOW - 5000);
  const r = new ReplayAnswers(known, (p) => stamps[p], NOW);
  assert.equal(await r.answer('read\0/s/f0.md', mem, undefined), 'stored');
  assert.equal(await r.answer('read\0/s/f18.md', mem, undefined), digest('body 18'));
  for (let i = 1; i < 18; i++) await r.answer(`read\0/s/f${i}.md`, mem, undefined);
  assert.equal(await r.answer('read\0/s/f19.md', mem, undefined), digest('body 19'));
  // Not a content question: answered from the disk, no stamp.
  assert.equal(await r.answer('stat\0/s/f1.md', mem, undefined), 'file 6 420');
  assert.deepEqual([r.trusted, r.reread], [18, 2]);
  // Two new stamps (f18's, f19's) for 20 files: a tenth, worth a save.
  assert.equal(r.stamps.size, 20);
  assert.equal(r.stampsWorthSaving, true);
  // A file changed just before the run gets no stamp; one new stamp in 20 is not worth a save.
  const again = new ReplayAnswers(Object.fromEntries(r.stamps), (p) => (p === '/s/f3.md' ? stamp(NOW + 1000 - 500) : p === '/s/f4.md' ? stamp(NOW - 4000) : stamps[p]), NOW + 1000);
  for (let i = 0; i < 20; i++) await again.answer(`read\0/s/f${i}.md`, mem, undefined);
  assert.deepEqual([again.trusted, again.reread, again.stamps.size], [18, 2, 19]);
  assert.equal(again.stampsWorthSaving, false);
});

test('replay: a file the listings show missing is not stat-ed for a stamp; its answer is the missing file', async () => {
  const asked: string[] = [];
  const answers = new ReplayAnswers({}, (p) => {
    asked.push(p);
    return undefined;
  });
  const fs = new MemoryFileSystem({ '/s/SKILL.md': 'x' });
  const listed = Object.assign(Object.create(fs) as MemoryFileSystem, { knownAbsent: (p: string) => p === '/s/gone.md' });
  assert.equal(await answers.answer('within\x00/s/gone.md\x00100', listed, undefined), await new ReplayAnswers().answer('within\x00/s/gone.md\x00100', fs, undefined));
  assert.deepEqual(asked, []);
  await answers.answer('within\x00/s/SKILL.md\x00100', listed, undefined);
  assert.deepEqual(asked, ['/s/SKILL.md']);
});

test('replay with STAMPED_OPS: a folder\'s stamp vouches for its listing, a path\'s for its stat; a path the stat shows missing is answered unread, as the disk answers', async () => {
  const fs = new MemoryFileSystem({ '/s/SKILL.md': 'x', '/s/references/a.md': 'a' });
  const stamps: Record<string, string> = { '/s': stamp(NOW - 10_000), '/s/SKILL.md': stamp(NOW - 10_000) };
  const stampOf = (p: string) => stamps[p] ?? ABSENT_STAMP;
  const cold = new ReplayAnswers({}, stampOf, NOW, STAMPED_OPS);
  const listing = await cold.answer('list\0/s', fs, undefined);
  assert.equal(listing, 'fSKILL.md/dreferences/');
  assert.equal(await cold.answer('stat\0/s/SKILL.md', fs, undefined), 'file 1 420');
  assert.equal(cold.stamps.size, 2);
  // Another run: the stored digests come back without asking the file system (it throws).
  const no = () => Promise.reject(new Error('asked the disk'));
  const refuse = { readFile: no, stat: no, readDirectory: no, realpath: no, readFileWithin: no };
  const warm = new ReplayAnswers(Object.fromEntries(cold.stamps), stampOf, NOW, STAMPED_OPS);
  assert.equal(await warm.answer('list\0/s', refuse, undefined), listing);
  assert.equal(await warm.answer('stat\0/s/SKILL.md', refuse, undefined), 'file 1 420');
  // Missing: each kind of question gets what asking the disk would give.
  const gone = join(tmpdir(), 'skillmd-surely-missing', 'gone');
  const disk = new NodeFileSystem({ sync: true });
  for (const q of [`within\x00${gone}.md\x00100`, `read\x00${gone}.md`, `list\x00${gone}`, `stat\x00${gone}.md`]) {
    const asked = await new ReplayAnswers().answer(q, disk, undefined);
    assert.match(String(asked), /^(?:!ENOENT|-)$/);
    assert.equal(await warm.answer(q, refuse, undefined), asked, q);
  }
  assert.deepEqual([warm.trusted, warm.reread], [2, 0]);
  // Without STAMPED_OPS a listing is asked of the disk.
  assert.equal(await new ReplayAnswers(Object.fromEntries(cold.stamps), stampOf, NOW).answer('list\0/s', refuse, undefined), '!asked the disk');
});

test('replay: a path an editor buffer answers for is asked of the file system, its stamp neither used nor kept', async () => {
  const stamps: Record<string, string> = { '/s/guide.md': stamp(NOW - 10_000) };
  const disk = new MemoryFileSystem({ '/s/guide.md': 'on disk' });
  const q = 'read\x00/s/guide.md';
  const cold = new ReplayAnswers({}, (p) => stamps[p], NOW, STAMPED_OPS);
  assert.equal(await cold.answer(q, disk, undefined), digest('on disk'));
  // The same stamp, the file open with other text: its text answers, and no stamp is kept for it.
  const open = new OverlayFileSystem(disk, (p) => (p === '/s/guide.md' ? 'unsaved' : undefined));
  const warm = new ReplayAnswers(Object.fromEntries(cold.stamps), (p) => stamps[p], NOW, STAMPED_OPS);
  assert.equal(await warm.answer(q, open, undefined), digest('unsaved'));
  assert.equal(await warm.answer(`stat\x00/s/guide.md`, new PrelistedFileSystem(open, []), undefined), 'file 7 420');
  assert.deepEqual([...warm.stamps.keys()], []);
});

test('readAsciiLines: the lines split() gives, lines longer than a chunk and a pause between chunks included', async () => {
  return inTempDir('skillmd-lines-', async (dir) => {
    const file = join(dir, 'lines');
    const text = `head\n${'x'.repeat(3 * (1 << 20) + 5)}\n\nshort\n${'y'.repeat((1 << 20) - 3)}\nlast\n`;
    writeFileAtomic(file, [text]);
    let pauses = 0;
    const lines = await readAsciiLines(file, () => (pauses++, undefined));
    assert.deepEqual(lines, text.split('\n'));
    // 4 MB and 20 bytes: five chunks of 1 MB.
    assert.equal(pauses, 5);
  });
});

test('a writer that ends mid-write leaves no part behind; one killed leaves one that the next open removes', () => {
  return inTempDir('skillmd-parts-', (dir) => {
    const file = join(dir, 'index.cache');
    const module = join(__dirname, '../../../server/src/node/cacheRecords.ts');
    // Ends (process.exit) at its first pause, between two chunks of 1 MB.
    const code = `const { writeFileAtomicSliced } = require(${JSON.stringify(module)}); writeFileAtomicSliced(${JSON.stringify(file)}, ['x'.repeat(1 << 20), 'y'.repeat(1 << 20)], () => process.exit(0));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(readdirSync(dir), []);
    // Parts named by a process that is gone (past the largest pid) go; this process's stays; others stay.
    const gone = `${file}.${2 ** 22 + 1}.tmp`;
    const mine = `${file}.${process.pid}.tmp`;
    for (const f of [gone, mine, `${file}.x.tmp`, join(dir, 'other.1.tmp')]) writeFileSync(f, 'part');
    // One that cannot be removed (here a folder) stays, and the others still go.
    const stuck = `${file}.${2 ** 22 + 2}.tmp`;
    mkdirSync(join(stuck, 'inside'), { recursive: true });
    removeStaleTemporaries(file);
    assert.deepEqual(readdirSync(dir).sort(), ['index.cache.x.tmp', `index.cache.${process.pid}.tmp`, `index.cache.${2 ** 22 + 2}.tmp`, 'other.1.tmp'].sort());
  });
});

test('writeFileAtomic writes pieces as they come: strings (gathered) and bytes in order', () => {
  return inTempDir('skillmd-atomic-', (dir) => {
    const file = join(dir, 'f');
    const big = 'é'.repeat(600_000);
    function* pieces() {
      yield 'a';
      yield big;
      yield big;
      yield Buffer.from('|bytes|');
      yield 'z';
    }
    assert.equal(writeFileAtomic(file, pieces()), undefined);
    assert.equal(readFileSync(file, 'utf8'), `a${big}${big}|bytes|z`);
  });
});

test('asciiJson: JSON escaped to ASCII, read back as Latin-1 in chunks, parses to the same value', async () => {
  const value = {
    plain: 'abc',
    accents: 'Café Ünï « ça » — déjà',
    emoji: 'x😀y',
    lone: '\ud800 and \udfff',
    separators: 'a\u2028b\u2029c\u0085d\u00a0e\u007f',
    cjk: '日本語',
    big: 'é'.repeat(1 << 20) + 'z',
  };
  const json = asciiJson(JSON.stringify(value));
  assert.ok(/^[\x00-\x7f]*$/.test(json), 'only ASCII');
  assert.equal(asciiJson('{"a":1}'), '{"a":1}');
  // As bytes: the same text, whether the JSON was ASCII already or not; one key at a time
  // too (each alone: a lone surrogate, an emoji, U+0085, U+007F).
  assert.equal(asciiJsonBytes(JSON.stringify(value)).toString('latin1'), json);
  for (const [k, v] of Object.entries(value)) assert.equal(asciiJsonBytes(JSON.stringify(v)).toString('latin1'), asciiJson(JSON.stringify(v)), k);
  return inTempDir('skillmd-ascii-', async (dir) => {
    const file = join(dir, 'c.json');
    assert.equal(writeFileAtomic(file, [json.slice(0, 5), json.slice(5)]), undefined);
    // Over one read's buffer (1 MiB): the chunks join into one text.
    assert.ok(readFileSync(file).length > 1 << 20);
    assert.deepEqual(JSON.parse((await readAsciiLines(file, () => undefined)).join('\n')), value);
  });
});

test('contentHash is 22 characters of SHA-1 in base64, for bytes and for text', () => {
  const sha1 = (b: Uint8Array | string) => createHash('sha1').update(b).digest('base64').slice(0, 22);
  for (const s of ['', 'a', '# Skill\n\nnaïve café 😀\r\n', 'x'.repeat(100_000)]) {
    assert.equal(contentHash(s), sha1(s));
    assert.equal(contentHash(new TextEncoder().encode(s)), sha1(s));
  }
  assert.equal(contentHash('abc'), 'qZk+NkcGgWq6PiVxeFDCbJ');
  // Node before 20.12 has no crypto.hash: a Hash object gives the same digest.
  const older = sha1From({ createHash });
  assert.equal(older('abc'), 'qZk+NkcGgWq6PiVxeFDCbJzQ2J0=');
  assert.equal(older(new TextEncoder().encode('naïve')), sha1From({ createHash, hash: (a, d, e) => createHash(a).update(d).digest(e) })('naïve'));
});

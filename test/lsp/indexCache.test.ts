// The index cache (lsp/indexCache.ts): the first index of a session reuses the last
// session's checks of skills whose files did not change, checks the others, and the
// workspace diagnostics are the same as without a cache.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { makeWorkspace, removeWorkspace, startServer } from './client';

type Report = { items: { uri: string; items: { code?: unknown; message: string; range: unknown }[] }[] };

const skill = (name: string, body: string) => `---\nname: ${name}\ndescription: Does ${name} things. Use when asked about ${name}.\n---\n# ${name}\n${body}\n`;

/** The cache file's tables (indexCache.ts: a head line, two lines a skill, then walks, strings, questions, stamps); `at`: the walks' line. */
function tables(file: string) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = 1 + 2 * (JSON.parse(lines[0]) as { skills: number }).skills;
  return { at, strings: JSON.parse(lines[at + 1]) as string[], questions: JSON.parse(lines[at + 2]) as string[], stamps: JSON.parse(lines[at + 3]) as (number | string)[] };
}

async function session(root: string, storagePath: string | undefined, env?: Record<string, string>) {
  const c = await startServer({ root, mode: 'pull', initializationOptions: storagePath ? { storagePath } : {}, env });
  try {
    await c.waitForIndex(60_000, { references: true });
    const rep = await c.request<Report>('workspace/diagnostic', { previousResultIds: [] });
    // The cache is written once the diagnostics are out: its log line follows.
    for (let i = 0; storagePath && i < 600 && !c.messages.some((m) => m.startsWith('index cache:')); i++) await new Promise((r) => setTimeout(r, 50));
    const diags = rep.items.map((x) => [x.uri, x.items.map((d) => [d.code, d.message, d.range])] as const).sort((a, b) => a[0].localeCompare(b[0]));
    return { diags, log: c.messages.filter((m) => m.startsWith('index cache:')) };
  } finally {
    await c.stop();
  }
}

test('a second session reuses every unchanged check; a changed reference re-checks its skill only; same diagnostics as without a cache', { timeout: 180_000 }, async () => {
  const files: Record<string, string> = {};
  // Over one index batch (24), so the workers take part.
  for (let i = 0; i < 30; i++) {
    const n = `s${String(i).padStart(2, '0')}`;
    files[`skills/${n}/SKILL.md`] = skill(n, `See [the guide](references/guide.md#setup) and run \`scripts/run.sh\`.`);
    files[`skills/${n}/references/guide.md`] = '# Guide\n\n## Setup\n\nSteps.\n';
  }
  files['skills/s00/references/guide.md'] = '# Guide\n\nNo setup section.\n';
  const root = makeWorkspace(files);
  const storage = mkdtempSync(join(tmpdir(), 'skillmd-storage-'));
  try {
    const none = await session(root, undefined);
    const first = await session(root, storage);
    assert.deepEqual(first.log, ['index cache: 0 skills reused, 30 checked and kept']);
    const second = await session(root, storage);
    assert.deepEqual(second.log, ['index cache: 30 skills reused, 0 checked and kept']);
    assert.deepEqual(first.diags, none.diags);
    assert.deepEqual(second.diags, none.diags);
    // The missing fragment of s00 is reported; fixing the file it points at re-checks s00 alone.
    const s00 = (d: typeof none.diags) => d.find(([uri]) => uri.endsWith('/skills/s00/SKILL.md'))![1].map(([code]) => code);
    assert.ok(s00(second.diags).includes('reference-fragment-missing'), JSON.stringify(s00(second.diags)));
    writeFileSync(join(root, 'skills/s00/references/guide.md'), '# Guide\n\n## Setup\n\nSteps.\n');
    const third = await session(root, storage);
    assert.deepEqual(third.log, ['index cache: 29 skills reused, 1 checked and kept']);
    assert.ok(!s00(third.diags).includes('reference-fragment-missing'));
    assert.deepEqual(third.diags, (await session(root, undefined)).diags);
    // With stamps trusted at once (SKILLMD_CACHE_RACY_MS=0) a session keeps them; a write
    // that keeps the file's size and modification time still re-checks the skill (its
    // change time moved), and every other skill is taken by its stamps.
    const trust = { SKILLMD_CACHE_RACY_MS: '0' };
    const guide = join(root, 'skills/s01/references/guide.md');
    assert.deepEqual((await session(root, storage, trust)).log, ['index cache: 30 skills reused, 0 checked and kept']);
    // The session found stamps the file lacked and kept them; a first session keeps the
    // stamps its checks read with (index workers, the read-ahead): s01's guide among them.
    const stamped = (dir: string) => {
      const { questions, stamps } = tables(join(dir, 'index.cache'));
      return stamps.filter((_, i) => i % 3 === 0).map((n) => questions[n as number]);
    };
    assert.ok(stamped(storage).some((q) => q.startsWith(`within\0${guide}\0`)));
    const storage2 = mkdtempSync(join(tmpdir(), 'skillmd-storage-'));
    try {
      assert.deepEqual((await session(root, storage2, trust)).log, ['index cache: 0 skills reused, 30 checked and kept']);
      assert.ok(stamped(storage2).some((q) => q.startsWith(`within\0${guide}\0`)), JSON.stringify(stamped(storage2).slice(0, 3)));
    } finally {
      rmSync(storage2, { recursive: true, force: true });
    }
    const before = statSync(guide);
    writeFileSync(guide, '# Guide\n\n## Setux\n\nSteps.\n');
    utimesSync(guide, before.atime, before.mtime);
    const fourth = await session(root, storage, trust);
    assert.deepEqual(fourth.log, ['index cache: 29 skills reused, 1 checked and kept']);
    assert.deepEqual(fourth.diags, (await session(root, undefined)).diags);
  } finally {
    removeWorkspace(root);
    rmSync(storage, { recursive: true, force: true });
  }
});

test('a session from the cache lists each folder once: a skill is replayed once the walk has listed its folders', { timeout: 120_000 }, async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 30; i++) {
    const n = `f${String(i).padStart(2, '0')}`;
    files[`skills/${n}/SKILL.md`] = skill(n, 'See [the guide](references/guide.md) and run `scripts/run.sh`; the logo is `assets/logo.txt`.');
    files[`skills/${n}/references/guide.md`] = '# Guide\n';
    files[`skills/${n}/scripts/run.sh`] = '#!/bin/sh\necho ok\n';
    files[`skills/${n}/assets/logo.txt`] = 'logo\n';
  }
  const root = makeWorkspace(files);
  const storage = mkdtempSync(join(tmpdir(), 'skillmd-storage-'));
  const counts = join(storage, 'listings.json');
  try {
    const first = await session(root, storage);
    const hook = join(__dirname, '..', 'fixtures', 'hooks', 'countListings.cjs');
    const second = await session(root, storage, { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require "${hook}"`, SKILLMD_TEST_LISTINGS: counts });
    assert.deepEqual(second.log, ['index cache: 30 skills reused, 0 checked and kept']);
    assert.deepEqual(second.diags, first.diags);
    // Written as the server process ends, which the client does not wait for.
    for (let i = 0; i < 100 && !existsSync(counts); i++) await new Promise((r) => setTimeout(r, 50));
    const listed = JSON.parse(readFileSync(counts, 'utf8')) as Record<string, number>;
    const twice = Object.entries(listed).filter(([, n]) => n > 1);
    assert.deepEqual(twice, []);
    // The walk did list every skill's folders (the hook saw the session's reads).
    assert.equal(listed[join(root, 'skills', 'f07', 'references')], 1);
  } finally {
    removeWorkspace(root);
    rmSync(storage, { recursive: true, force: true });
  }
});

test('a session whose folders are unchanged takes the walk from the cache (no folder listed); skills added, removed, renamed or ignored since are seen', { timeout: 240_000 }, async () => {
  const files: Record<string, string> = {};
  for (const n of ['w0', 'w1', 'w2', 'w3']) {
    files[`skills/${n}/SKILL.md`] = skill(n, 'See [the guide](references/guide.md) and [the notes](references/notes.md).');
    files[`skills/${n}/references/guide.md`] = '# Guide\n';
  }
  files['skills/deep/er/w4/SKILL.md'] = skill('w4', 'Run `scripts/run.sh`.');
  // The same name as w3: the duplicate rules run on summaries kept in the cache.
  files['skills/w3b/SKILL.md'] = skill('w3', 'Other.');
  files['.skillmd.json'] = '{}';
  const root = makeWorkspace(files);
  const storage = mkdtempSync(join(tmpdir(), 'skillmd-storage-'));
  const hook = join(__dirname, '..', 'fixtures', 'hooks', 'countListings.cjs');
  // Stamps trusted at once: the files were written a moment ago.
  const trust = { SKILLMD_CACHE_RACY_MS: '0' };
  const counted = async (name: string) => {
    const counts = join(storage, `${name}.json`);
    const s = await session(root, storage, { ...trust, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require "${hook}"`, SKILLMD_TEST_LISTINGS: counts });
    for (let i = 0; i < 100 && !existsSync(counts); i++) await new Promise((r) => setTimeout(r, 50));
    const listed = Object.keys(JSON.parse(readFileSync(counts, 'utf8')) as Record<string, number>).filter((d) => d.startsWith(root));
    return { ...s, listed };
  };
  const uncached = async () => (await session(root, undefined)).diags;
  try {
    await session(root, storage, trust);
    // The second session lists each folder once more (the first kept no folder stamps) and keeps their stamps.
    const second = await counted('second');
    assert.ok(second.listed.includes(join(root, 'skills', 'deep', 'er')), JSON.stringify(second.listed));
    const third = await counted('third');
    assert.deepEqual(third.log, ['index cache: 6 skills reused, 0 checked and kept']);
    assert.deepEqual(third.listed, []);
    assert.deepEqual(third.diags, await uncached());
    assert.ok(third.diags.some(([uri, d]) => uri.endsWith('/skills/w3b/SKILL.md') && d.some(([code]) => code === 'duplicate-skill-name')));
    // A skill added deep down, one removed, one renamed, a missing reference created.
    mkdirSync(join(root, 'skills', 'deep', 'er', 'w5'), { recursive: true });
    writeFileSync(join(root, 'skills', 'deep', 'er', 'w5', 'SKILL.md'), skill('w5', 'See [x](references/x.md).'));
    rmSync(join(root, 'skills', 'w1'), { recursive: true });
    renameSync(join(root, 'skills', 'w2'), join(root, 'skills', 'w2b'));
    writeFileSync(join(root, 'skills', 'w0', 'references', 'notes.md'), '# Notes\n');
    const changed = await counted('changed');
    assert.deepEqual(changed.diags, await uncached());
    const uris = changed.diags.map(([uri]) => uri.slice(pathToFileURL(root).href.length));
    for (const u of ['/skills/deep/er/w5/SKILL.md', '/skills/w2b/SKILL.md']) assert.ok(uris.includes(u), JSON.stringify(uris));
    for (const u of ['/skills/w1/SKILL.md', '/skills/w2/SKILL.md']) assert.ok(!uris.includes(u), JSON.stringify(uris));
    assert.deepEqual(changed.log, ['index cache: 3 skills reused, 3 checked and kept']);
    // Ignore globs decide what a walk finds: a walk kept without them is not taken (the
    // config file changed, no folder did).
    writeFileSync(join(root, '.skillmd.json'), JSON.stringify({ ignore: ['skills/w3/**'] }));
    const ignoring = await counted('ignoring');
    assert.deepEqual(ignoring.diags, await uncached());
    assert.ok(!ignoring.diags.some(([uri]) => uri.endsWith('/skills/w3/SKILL.md')));
    assert.ok(ignoring.listed.length > 0);
    // (The configuration is part of every check's key: all are checked again.)
    assert.deepEqual(ignoring.log, ['index cache: 0 skills reused, 5 checked and kept']);
  } finally {
    removeWorkspace(root);
    rmSync(storage, { recursive: true, force: true });
  }
});

test('a damaged cache file is rebuilt; a storage place that cannot be written is said in the log, and the index stands', { timeout: 120_000 }, async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 3; i++) files[`skills/d${i}/SKILL.md`] = skill(`d${i}`, 'See [missing](references/none.md).');
  const root = makeWorkspace(files);
  const storage = mkdtempSync(join(tmpdir(), 'skillmd-storage-'));
  try {
    const none = await session(root, undefined);
    writeFileSync(join(storage, 'index.cache'), '{"magic": "skillmd index cache 1", "build": 3, "skills": [');
    const damaged = await session(root, storage);
    assert.deepEqual(damaged.log, ['index cache: 0 skills reused, 3 checked and kept']);
    assert.deepEqual(damaged.diags, none.diags);
    assert.deepEqual((await session(root, storage)).log, ['index cache: 3 skills reused, 0 checked and kept']);
    // Damaged where JSON still parses: its string table cut short. Checked again, same diagnostics.
    const file = join(storage, 'index.cache');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[tables(file).at + 1] = '[]';
    writeFileSync(file, lines.join('\n'));
    const cut = await session(root, storage);
    assert.deepEqual(cut.log, ['index cache: 0 skills reused, 3 checked and kept']);
    assert.deepEqual(cut.diags, none.diags);
    // One skill's check cut short (not JSON): that skill is checked again, the others are reused.
    const cutLine = readFileSync(file, 'utf8').split('\n');
    cutLine[2] = cutLine[2].slice(0, 20);
    writeFileSync(file, cutLine.join('\n'));
    const oneCut = await session(root, storage);
    assert.deepEqual(oneCut.log, ['index cache: 2 skills reused, 1 checked and kept']);
    assert.deepEqual(oneCut.diags, none.diags);
    // A head that counts no skills rightly (negative, or more lines than there are): checked again.
    for (const count of [-1, 1e9]) {
      const headed = readFileSync(file, 'utf8').split('\n');
      headed[0] = JSON.stringify({ ...JSON.parse(headed[0]), skills: count });
      writeFileSync(file, headed.join('\n'));
      const miscounted = await session(root, storage);
      assert.deepEqual(miscounted.log, ['index cache: 0 skills reused, 3 checked and kept'], String(count));
      assert.deepEqual(miscounted.diags, none.diags);
    }
    // A file where the folder should be: nothing can be written there.
    const blocked = join(storage, 'blocked');
    writeFileSync(blocked, 'a file');
    const unwritable = await session(root, join(blocked, 'sub'));
    assert.equal(unwritable.log.length, 1);
    assert.match(unwritable.log[0], /^index cache: 0 skills reused, 3 checked and kept; not saved: .*blocked\/sub\/index\.cache: ENOTDIR/);
    assert.deepEqual(unwritable.diags, none.diags);
  } finally {
    removeWorkspace(root);
    rmSync(storage, { recursive: true, force: true });
  }
});

test('checks with text past ASCII (paths, names, messages) come back from the cache as they were; the file is ASCII', { timeout: 120_000 }, async () => {
  const files: Record<string, string> = {
    'skills/café-ünï/SKILL.md': `---\nname: Café Ünï\ndescription: Ça marche — décrit « tout » 😀. Use when asked about 日本語.\n---\n# Café\nSee [le guide](references/guidé-😀.md) and [là](references/là.md#sécurité).\n`,
    'skills/café-ünï/references/là.md': '# Là\n\n## Autre\n',
  };
  const root = makeWorkspace(files);
  const storage = mkdtempSync(join(tmpdir(), 'skillmd-storage-'));
  try {
    const none = await session(root, undefined);
    const first = await session(root, storage);
    const second = await session(root, storage);
    assert.deepEqual(second.log, ['index cache: 1 skills reused, 0 checked and kept']);
    assert.deepEqual(first.diags, none.diags);
    assert.deepEqual(second.diags, none.diags);
    const messages = none.diags.flatMap(([, d]) => d.map(([, m]) => m)).join('\n');
    assert.match(messages, /guidé-😀\.md/);
    assert.match(messages, /sécurité/);
    const bytes = readFileSync(join(storage, 'index.cache'));
    assert.equal(bytes.findIndex((b) => b > 0x7f), -1, 'only ASCII bytes');
  } finally {
    removeWorkspace(root);
    rmSync(storage, { recursive: true, force: true });
  }
});

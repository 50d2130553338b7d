import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { cliPath, makeTree, repoRoot, runCli } from './helpers';

/** The CLI with --cache; stderr's cache line says how many skills were reused and checked. */
function cached(args: string[], cwd: string, env: Record<string, string> = {}): { status: number | null; stdout: string; stats: string } {
  const r = spawnSync(process.execPath, [cliPath, 'check', '--cache', ...args], { cwd, encoding: 'utf8', env: { ...process.env, SKILLMD_THREADS: '', SKILLMD_CACHE_STATS: '1', ...env } });
  const stats = r.stderr.split('\n').find((l) => l.startsWith('skillmd cache: ')) ?? r.stderr;
  return { status: r.status, stdout: r.stdout, stats: stats.slice('skillmd cache: '.length) };
}

const skill = (name: string, body: string) => `---\nname: ${name}\ndescription: Does ${name} things. Use when the user asks for ${name}.\n---\n# ${name}\n${body}\n`;

/** `n` skills skills/s00, skills/s01, …, each with `body`. */
function manySkills(n: number, body: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) files[`skills/s${String(i).padStart(2, '0')}/SKILL.md`] = skill(`s${String(i).padStart(2, '0')}`, body);
  return files;
}

/** Where a cache file's last index lies, from its trailer: [at, length]. */
function lastIndexOf(bytes: Buffer): [number, number] {
  const [at, length] = bytes.toString('latin1', bytes.lastIndexOf(10, bytes.length - 2) + 1).split(' ').slice(1, 3).map(Number);
  return [at, length];
}

test('a changed file re-checks exactly the skills that read it; the report equals an uncached one', () => {
  const dir = makeTree({
    'skills/alpha/SKILL.md': skill('alpha', 'Read [the guide](references/guide.md).'),
    'skills/alpha/references/guide.md': '# Guide\nSee [notes](notes.md).\n',
    'skills/alpha/references/notes.md': '# Notes\n',
    'skills/beta/SKILL.md': skill('beta', 'Run it:\n\n```bash\n./scripts/go.sh\n```'),
    'skills/beta/scripts/go.sh': '#!/bin/sh\n',
    'skills/gamma/SKILL.md': skill('gamma', 'Nothing to follow.'),
  });
  try {
    const same = (args: string[]) => {
      const c = cached(args, dir);
      const u = runCli(['check', ...args], dir);
      assert.equal(c.stdout, u.stdout);
      assert.equal(c.status, u.status);
      return c.stats;
    };
    assert.equal(same(['--format', 'json']), '0 reused, 3 checked');
    assert.ok(existsSync(path.join(dir, 'node_modules/.cache/skillmd/check.cache')));
    assert.equal(same(['--format', 'json']), '3 reused, 0 checked');
    // A file alpha follows through its guide: alpha alone, its new part appended to the
    // cache file (the same file, not one written anew).
    const cacheIno = () => statSync(path.join(dir, 'node_modules/.cache/skillmd/check.cache')).ino;
    const ino = cacheIno();
    rmSync(path.join(dir, 'skills/alpha/references/notes.md'));
    assert.equal(same(['--format', 'json']), '2 reused, 1 checked');
    assert.equal(cacheIno(), ino);
    assert.match(runCli(['check', '--format', 'json'], dir).stdout, /reference-missing/);
    // A script's mode (beta runs it directly): beta alone.
    assert.match(runCli(['check'], dir).stdout, /reference-not-executable/);
    chmodSync(path.join(dir, 'skills/beta/scripts/go.sh'), 0o755);
    assert.equal(same(['--format', 'json']), '2 reused, 1 checked');
    // A file no check read, nor the listing of its folder: nothing checked again.
    writeFileSync(path.join(dir, 'skills/notes.txt'), 'scratch\n');
    assert.equal(same(['--format', 'json']), '3 reused, 0 checked');
    // A new file under gamma's references/ (an unused file now): gamma alone.
    mkdirSync(path.join(dir, 'skills/gamma/references'));
    writeFileSync(path.join(dir, 'skills/gamma/references/extra.md'), '# Extra\n');
    assert.equal(same(['--format', 'json']), '2 reused, 1 checked');
    // A run over one skill keeps the others' results; a deleted skill's goes.
    assert.equal(same(['--format', 'json', 'skills/beta']), '1 reused, 0 checked');
    assert.equal(same(['--format', 'json']), '3 reused, 0 checked');
    const kept = () => readFileSync(path.join(dir, 'node_modules/.cache/skillmd/check.cache'), 'latin1').includes('skills/gamma/SKILL.md');
    writeFileSync(path.join(dir, 'skills/gamma/SKILL.md'), skill('gamma', 'Changed.'));
    assert.equal(same(['--format', 'json', 'skills/alpha']), '1 reused, 0 checked');
    assert.equal(kept(), true);
    rmSync(path.join(dir, 'skills/gamma'), { recursive: true });
    writeFileSync(path.join(dir, 'skills/alpha/references/notes.md'), '# Notes\n');
    assert.equal(same(['--format', 'json', 'skills/alpha']), '0 reused, 1 checked');
    assert.equal(kept(), false);
    mkdirSync(path.join(dir, 'skills/gamma'));
    writeFileSync(path.join(dir, 'skills/gamma/SKILL.md'), skill('gamma', 'Nothing to follow.'));
    // Another format is another report: checked again, then reused.
    assert.equal(same(['--format', 'text']), '0 reused, 3 checked');
    assert.equal(same(['--format', 'text']), '3 reused, 0 checked');
    // The configuration is part of the key.
    writeFileSync(path.join(dir, '.skillmd.json'), JSON.stringify({ rules: { 'reference-missing': 'off' } }));
    assert.equal(same(['--format', 'text']), '0 reused, 3 checked');
    assert.equal(same(['--format', 'text', '--target', 'claude-code']), '0 reused, 3 checked');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('while no skill changes the rules over all skills come from the cache too; any change, or other skills, compute them again', () => {
  const dup = (name: string, body = 'Hello.') => `---\nname: ${name}\ndescription: Does the same things.\n---\n# ${name}\n${body}\n`;
  const dir = makeTree({
    'skills/alpha/SKILL.md': dup('alpha'),
    'skills/beta/SKILL.md': dup('beta'),
    'skills/gamma/SKILL.md': skill('gamma', 'Hello.'),
  });
  try {
    const run = (...paths: string[]) => {
      const r = spawnSync(process.execPath, [cliPath, 'check', '--cache', '--format', 'json', ...paths], { cwd: dir, encoding: 'utf8', env: { ...process.env, SKILLMD_THREADS: '', SKILLMD_CACHE_STATS: '1' } });
      const u = runCli(['check', '--format', 'json', ...paths], dir);
      assert.equal(r.stdout, u.stdout);
      const line = (prefix: string) => r.stderr.split('\n').find((l) => l.startsWith(prefix))?.slice(prefix.length);
      return `${line('skillmd cache: ')}; set ${line('skillmd cache skill set: ')}; ${(r.stdout.match(/duplicate-description/g) ?? []).length} duplicate-description`;
    };
    assert.equal(run(), '0 reused, 3 checked; set computed; 2 duplicate-description');
    assert.equal(run(), '3 reused, 0 checked; set reused; 2 duplicate-description');
    // A change to a skill the duplicates do not name: computed again all the same.
    writeFileSync(path.join(dir, 'skills/gamma/SKILL.md'), skill('gamma', 'Changed.'));
    assert.equal(run(), '2 reused, 1 checked; set computed; 2 duplicate-description');
    assert.equal(run(), '3 reused, 0 checked; set reused; 2 duplicate-description');
    // beta's description changes: alpha, unchanged and reused, loses its warning too.
    writeFileSync(path.join(dir, 'skills/beta/SKILL.md'), skill('beta', 'Hello.'));
    assert.equal(run(), '2 reused, 1 checked; set computed; 0 duplicate-description');
    writeFileSync(path.join(dir, 'skills/beta/SKILL.md'), dup('beta'));
    assert.equal(run(), '2 reused, 1 checked; set computed; 2 duplicate-description');
    // Other skills (all reused): computed for them, then again for all three.
    assert.equal(run('skills/alpha', 'skills/beta'), '2 reused, 0 checked; set computed; 2 duplicate-description');
    assert.equal(run('skills/alpha', 'skills/beta'), '2 reused, 0 checked; set reused; 2 duplicate-description');
    assert.equal(run('skills/beta', 'skills/alpha'), '2 reused, 0 checked; set computed; 2 duplicate-description');
    assert.equal(run(), '3 reused, 0 checked; set computed; 2 duplicate-description');
    assert.equal(run(), '3 reused, 0 checked; set reused; 2 duplicate-description');
    // A skill gone: computed for the two left.
    rmSync(path.join(dir, 'skills/gamma'), { recursive: true });
    assert.equal(run(), '2 reused, 0 checked; set computed; 2 duplicate-description');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('facts the checksum vouches for that do not parse: reused while not needed, then one clear line, exit 3, the file removed', () => {
  const dup = (name: string, body = 'Hello.') => `---\nname: ${name}\ndescription: Does the same things.\n---\n# ${name}\n${body}\n`;
  const dir = makeTree({ 'skills/alpha/SKILL.md': dup('alpha'), 'skills/beta/SKILL.md': dup('beta') });
  const file = path.join(dir, 'damaged.cache');
  try {
    const run = () => spawnSync(process.execPath, [cliPath, 'check', '--cache', '--cache-location', file, '--format', 'json'], { cwd: dir, encoding: 'utf8', env: { ...process.env, SKILLMD_THREADS: '' } });
    const uncached = runCli(['check', '--format', 'json'], dir).stdout;
    assert.equal(run().stdout, uncached);
    // Another program breaks the first skill's facts (after the index's line) and writes a
    // trailer whose CRC-32 vouches for the broken bytes.
    const bytes = readFileSync(file);
    const trailerAt = bytes.lastIndexOf(10, bytes.length - 2);
    const [, indexAt, indexLength, checkedFrom] = bytes.toString('latin1', trailerAt + 1, bytes.length - 1).split(' ');
    const index = bytes.subarray(Number(indexAt), Number(indexAt) + Number(indexLength));
    index[index.indexOf(10) + 1] = '!'.charCodeAt(0);
    const crc = (zlibCrc32(bytes.subarray(Number(checkedFrom), Number(indexAt) + Number(indexLength))) >>> 0).toString(16);
    writeFileSync(file, Buffer.concat([bytes.subarray(0, trailerAt), Buffer.from(`\nskillmd-index ${indexAt} ${indexLength} ${checkedFrom} ${crc}\n`, 'latin1')]));
    // Nothing changed: the duplicate rules' result is the index's, the facts are not read.
    const warm = run();
    assert.equal(warm.status, 0, warm.stderr);
    assert.equal(warm.stdout, uncached);
    // beta changed: the duplicate rules need alpha's facts.
    writeFileSync(path.join(dir, 'skills/beta/SKILL.md'), dup('beta', 'Changed.'));
    const r = run();
    assert.equal(r.status, 3);
    assert.equal(r.stderr, `skillmd: the cache file ${file} is damaged (a skill's facts do not parse), so the report above lacks the rules over all skills; it was removed: run the check again\n`);
    assert.equal(existsSync(file), false);
    const again = run();
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.stdout, runCli(['check', '--format', 'json'], dir).stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--cache-location takes a file or a folder; a damaged cache file is rebuilt, an unwritable one is reported', () => {
  const dir = makeTree({ 'skills/alpha/SKILL.md': skill('alpha', 'Hello.') });
  try {
    assert.equal(cached(['--cache-location', 'my.cache'], dir).stats, '0 reused, 1 checked');
    assert.ok(existsSync(path.join(dir, 'my.cache')));
    assert.equal(cached(['--cache-location', 'my.cache'], dir).stats, '1 reused, 0 checked');
    mkdirSync(path.join(dir, 'cachedir'));
    assert.equal(cached(['--cache-location', 'cachedir'], dir).stats, '0 reused, 1 checked');
    assert.ok(existsSync(path.join(dir, 'cachedir/check.cache')));
    writeFileSync(path.join(dir, 'my.cache'), '{"key": "x", "skills": {');
    const damaged = cached(['--cache-location', 'my.cache'], dir);
    assert.equal(damaged.stats, '0 reused, 1 checked');
    assert.equal(damaged.stdout, runCli(['check'], dir).stdout);
    assert.equal(readFileSync(path.join(dir, 'my.cache'), 'latin1').split('\n')[0], 'skillmd check cache 8');
    assert.equal(cached(['--cache-location', 'my.cache'], dir).stats, '1 reused, 0 checked');
    writeFileSync(path.join(dir, 'blocker'), '');
    const r = spawnSync(process.execPath, [cliPath, 'check', '--cache', '--cache-location', 'blocker/sub/c.json'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0);
    assert.equal(r.stdout, runCli(['check'], dir).stdout);
    assert.match(r.stderr, /^skillmd: the cache was not saved: .*blocker\/sub\/c\.json: ENOTDIR/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an unchanged stamp spares reading a file; a write that keeps its size and modification time is still seen', () => {
  const dir = makeTree({
    'skills/alpha/SKILL.md': skill('alpha', 'Read [the guide](references/guide.md).'),
    'skills/alpha/references/guide.md': '# Guide\nSee [notes](notes.md).\n',
    'skills/alpha/references/notes.md': '# Notes\n',
  });
  // Stamps of files changed just before a run are not trusted (2 s); here none are too recent.
  const env = { SKILLMD_CACHE_STATS: '1', SKILLMD_CACHE_RACY_MS: '0' };
  const run = () => {
    const c = runCli(['check', '--cache', '--format', 'json'], dir, env);
    assert.equal(c.stdout, runCli(['check', '--format', 'json'], dir).stdout);
    return c.stderr.split('\n').filter((l) => l.startsWith('skillmd cache') && !l.startsWith('skillmd cache walks')).join('; ');
  };
  // A whole second: utimes keeps it exactly, so the write below can put it back.
  const guide = path.join(dir, 'skills/alpha/references/guide.md');
  utimesSync(guide, 1e9, 1e9);
  try {
    assert.equal(run(), 'skillmd cache: 0 reused, 1 checked; skillmd cache stamps: 0 paths unchanged by their stamps, 0 files read again (changed or new)');
    // SKILL.md and the two Markdown files it follows: not one read.
    assert.equal(run(), 'skillmd cache: 1 reused, 0 checked; skillmd cache stamps: 3 paths unchanged by their stamps, 0 files read again (changed or new)');
    // That run kept the stamps of the folders it listed again (the first run took none):
    // now the walk and the folders' listings come from stamps too.
    assert.equal(run(), 'skillmd cache: 1 reused, 0 checked; skillmd cache stamps: 7 paths unchanged by their stamps, 0 files read again (changed or new)');
    // Same size, modification time set back: only the change time tells.
    writeFileSync(guide, '# Guide\nSee [notes](nofes.md).\n');
    utimesSync(guide, 1e9, 1e9);
    assert.equal(statSync(guide).mtimeMs, 1e12);
    // The four folders and SKILL.md by their stamps, the guide read: alpha checked again.
    assert.equal(run(), 'skillmd cache: 0 reused, 1 checked; skillmd cache stamps: 6 paths unchanged by their stamps, 1 files read again (changed or new)');
    assert.match(runCli(['check', '--format', 'json'], dir).stdout, /nofes\.md/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('skills with text past ASCII (paths, names, messages) come back from the cache as they were; the index is ASCII', () => {
  const dir = makeTree({
    'skills/café-ünï/SKILL.md': `---\nname: Café Ünï\ndescription: Ça marche — « tout » 😀. Use when asked about 日本語.\n---\n# Café\nSee [le guide](references/guidé-😀.md) and [là](references/là.md#sécurité).\n`,
    'skills/café-ünï/references/là.md': '# Là\n\n## Autre\n',
  });
  try {
    for (const format of ['json', 'text', 'sarif']) {
      const args = ['--format', format, '--cache-location', `${format}.cache`];
      const u = runCli(['check', '--format', format], dir);
      assert.match(u.stdout, /guidé-😀\.md/);
      assert.match(u.stdout, /sécurité/);
      assert.equal(cached(args, dir).stdout, u.stdout);
      const warm = cached(args, dir);
      assert.equal(warm.stats, '1 reused, 0 checked');
      assert.equal(warm.stdout, u.stdout);
      // The index (from the trailer's offset to the trailer) has no byte past ASCII.
      const bytes = readFileSync(path.join(dir, `${format}.cache`));
      const [indexAt, indexLength] = lastIndexOf(bytes);
      assert.equal(bytes.subarray(indexAt, indexAt + indexLength).findIndex((b) => b > 0x7f), -1, format);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a cache file another program cuts short during a run: one clear line, exit 3, no stack', () => {
  // Over one batch (32), so cached parts are copied after the changed skill is checked.
  const dir = makeTree(manySkills(40, 'Hello.'));
  try {
    const cache = path.join(dir, 'c.cache');
    const env = { SKILLMD_INTERNAL_TEST_HOOKS: path.join(repoRoot, 'test/fixtures/hooks/truncateCache.cjs'), SKILLMD_THREADS: '' };
    const run = (extra: Record<string, string> = {}) =>
      spawnSync(process.execPath, [cliPath, 'check', '--cache', '--cache-location', cache, '--format', 'json'], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env, ...extra } });
    assert.equal(run().status, 0);
    writeFileSync(path.join(dir, 'skills/s00/SKILL.md'), skill('s00', 'Hello. TRUNCATE-CACHE'));
    const r = run({ SKILLMD_TEST_TRUNCATE: cache });
    assert.equal(r.status, 3);
    assert.equal(r.stderr, `skillmd: the cache file ${cache} was cut short while this run read it, so the report above is incomplete; run the check again\n`);
    // The next run rebuilds the cache and reports everything.
    const again = run();
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.stdout, runCli(['check', '--format', 'json'], dir, { SKILLMD_INTERNAL_TEST_HOOKS: env.SKILLMD_INTERNAL_TEST_HOOKS }).stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the walk comes from the cache while no folder it listed changed; any entry added, removed, renamed or linked walks again', () => {
  const dir = makeTree({
    'skills/alpha/SKILL.md': skill('alpha', 'Read [the guide](references/guide.md).'),
    'skills/alpha/references/guide.md': '# Guide\n',
    'skills/beta/SKILL.md': skill('beta', 'Nothing to follow.'),
  });
  // Folders changed just before a run are not trusted (2 s): here they are.
  const env = { SKILLMD_CACHE_STATS: '1', SKILLMD_CACHE_RACY_MS: '0' };
  const run = () => {
    const c = runCli(['check', '--cache', '--format', 'json'], dir, env);
    assert.equal(c.stdout, runCli(['check', '--format', 'json'], dir).stdout);
    const line = (prefix: string) => c.stderr.split('\n').find((l) => l.startsWith(prefix))?.slice(prefix.length);
    return `${line('skillmd cache: ')}; walks ${line('skillmd cache walks: ')}`;
  };
  const skills = path.join(dir, 'skills');
  try {
    assert.equal(run(), '0 reused, 2 checked; walks 0 replayed, 1 walked');
    // The first run's walk took no stamps of folders: this one lists them and keeps them.
    assert.equal(run(), '2 reused, 0 checked; walks 0 replayed, 1 walked');
    assert.equal(run(), '2 reused, 0 checked; walks 1 replayed, 0 walked');
    // A file's contents are not the walk's business: beta alone is checked again.
    writeFileSync(path.join(skills, 'beta/SKILL.md'), skill('beta', 'Changed.'));
    assert.equal(run(), '1 reused, 1 checked; walks 1 replayed, 0 walked');
    // A new skill, a deleted one, a renamed one: found as a walk finds them.
    mkdirSync(path.join(skills, 'gamma'));
    writeFileSync(path.join(skills, 'gamma/SKILL.md'), skill('gamma', 'New.'));
    assert.equal(run(), '2 reused, 1 checked; walks 0 replayed, 1 walked');
    run();
    assert.equal(run(), '3 reused, 0 checked; walks 1 replayed, 0 walked');
    rmSync(path.join(skills, 'beta'), { recursive: true });
    assert.equal(run(), '2 reused, 0 checked; walks 0 replayed, 1 walked');
    renameSync(path.join(skills, 'gamma'), path.join(skills, 'delta'));
    assert.match(run(), /^1 reused, 1 checked; walks 0 replayed, 1 walked$/);
    // A contract file deep in a skill (its folder's listing changes): its diagnostics appear.
    run();
    writeFileSync(path.join(skills, 'alpha/references/skill.yaml'), 'name: [unclosed\n');
    assert.match(run(), /walks 0 replayed, 1 walked$/);
    assert.match(runCli(['check', '--format', 'json'], dir).stdout, /skill\.yaml/);
    // A folder replaced by a link to another skill's folder: the link is walked.
    run();
    rmSync(path.join(skills, 'delta'), { recursive: true });
    symlinkSync(path.join(skills, 'alpha'), path.join(skills, 'delta'));
    assert.match(run(), /walks 0 replayed, 1 walked$/);
    assert.match(run(), /walks \d replayed, \d walked$/);
    // The cache of a run over one skill walks that skill only: the whole tree is walked again.
    assert.match(runCli(['check', '--cache', '--format', 'json', 'skills/alpha'], dir, env).stderr, /walks: 0 replayed, 1 walked/);
    assert.match(run(), /walks 0 replayed, 1 walked$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a few skills checked again append a delta index on the whole one; many, a whole index; reuse is the same either way', () => {
  const dir = makeTree(manySkills(20, 'Nothing to follow.'));
  const cacheFile = path.join(dir, 'node_modules/.cache/skillmd/check.cache');
  /** Whether the file's last index is a delta (names a base). */
  const lastIndexIsDelta = () => {
    const bytes = readFileSync(cacheFile);
    const [at] = lastIndexOf(bytes);
    return JSON.parse(bytes.toString('latin1', at, bytes.indexOf(10, at))).base !== undefined;
  };
  const run = () => {
    // Stamps trusted at once: with the 2 s window, whether a run re-keeps the stamps of
    // files edited just before the last one (and so writes a delta) depends on how long
    // that run took, and the expectations below flipped with the machine's speed.
    const c = cached(['--format', 'json'], dir, { SKILLMD_CACHE_RACY_MS: '0' });
    assert.equal(c.stdout, runCli(['check', '--format', 'json'], dir).stdout);
    return `${c.stats}; ${lastIndexIsDelta() ? 'delta' : 'whole'}`;
  };
  const edit = (i: number, body: string) => {
    const name = `s${String(i).padStart(2, '0')}`;
    writeFileSync(path.join(dir, 'skills', name, 'SKILL.md'), skill(name, body));
  };
  try {
    assert.equal(run(), '0 reused, 20 checked; whole');
    // A skill that now reads a new file: its questions are new strings of the delta's table.
    mkdirSync(path.join(dir, 'skills/s03/references'));
    writeFileSync(path.join(dir, 'skills/s03/references/new.md'), '# New\n');
    edit(3, 'Read [new](references/new.md).');
    assert.equal(run(), '19 reused, 1 checked; delta');
    assert.equal(run(), '20 reused, 0 checked; delta');
    // The next delta holds both changes (it replaces the first, on the same base).
    edit(5, 'Read [missing](references/missing.md).');
    assert.equal(run(), '19 reused, 1 checked; delta');
    assert.equal(run(), '20 reused, 0 checked; delta');
    // A skill gone: the delta drops it from the base.
    rmSync(path.join(dir, 'skills/s07'), { recursive: true });
    assert.equal(run(), '19 reused, 0 checked; delta');
    assert.doesNotMatch(runCli(['check', '--format', 'json', '--cache'], dir).stdout, /s07/);
    // More than 16 skills: a whole index, then deltas on it again.
    for (let i = 0; i < 20; i++) if (i !== 7 && i !== 3) edit(i, 'Changed.');
    assert.equal(run(), '1 reused, 18 checked; whole');
    assert.equal(run(), '19 reused, 0 checked; whole');
    edit(3, 'Changed again.');
    assert.equal(run(), '18 reused, 1 checked; delta');
    assert.equal(run(), '19 reused, 0 checked; delta');
    // The base is older bytes than the trailer's checksum covers: damaged there (another
    // program), the file is rebuilt, never read wrong.
    const bytes = readFileSync(cacheFile);
    const [at] = lastIndexOf(bytes);
    const base = JSON.parse(bytes.toString('latin1', at, bytes.indexOf(10, at))).base as [number, number];
    bytes[base[0]] = 0x58; // 'X' for the base's opening brace
    writeFileSync(cacheFile, bytes);
    assert.equal(run(), '0 reused, 19 checked; whole');
    // The folders' stamps that run could not keep (none before it): a delta of them.
    assert.equal(run(), '19 reused, 0 checked; delta');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

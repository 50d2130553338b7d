// Discovery over a real temp dir (nested roots, duplicates, malformed skills, a
// symlink loop) and incremental updates (add, edit, delete, rename) at the core level.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { discoveryRules } from '../../../server/src/core/catalog/agents';
import { SkillCatalog, workspaceRoots } from '../../../server/src/core/catalog/catalog';
import { profiles } from '../../../server/src/core/profiles/registry';
import type { FileChange } from '../../../server/src/core/catalog/types';
import type { ProfileId } from '../../../server/src/core/profiles/types';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

const fs = new NodeFileSystem();

function skill(dir: string, name: string, description = `About ${name}.`, file = 'SKILL.md'): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, file), `---\nname: ${name}\ndescription: ${description}\n---\nBody of ${name}.\n`);
}

function workspace(): string {
  const ws = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-cat-')));
  skill(path.join(ws, '.claude/skills/alpha'), 'alpha');
  skill(path.join(ws, '.claude/skills/shared'), 'shared', 'From claude.');
  skill(path.join(ws, '.agents/skills/shared'), 'shared', 'From agents.');
  skill(path.join(ws, '.agents/skills/group/nested'), 'nested');
  skill(path.join(ws, '.agents/skills/group/deep/a/b/c/d/too-deep'), 'too-deep');
  skill(path.join(ws, '.agents/skills/.hidden/secret'), 'secret');
  skill(path.join(ws, 'skills/lower'), 'lower', 'Lowercase file.', 'skill.md');
  mkdirSync(path.join(ws, 'skills/broken'), { recursive: true });
  writeFileSync(path.join(ws, 'skills/broken/SKILL.md'), '---\nname: broken\ndescription: [unclosed\n---\n');
  writeFileSync(path.join(ws, 'skills/binary.md'), 'not a skill');
  mkdirSync(path.join(ws, 'skills/bin'), { recursive: true });
  writeFileSync(path.join(ws, 'skills/bin/SKILL.md'), Buffer.from([0xff, 0xfe, 0x00, 0x41]));
  // A loop: skills/loop/again -> skills, and a self-loop link.
  mkdirSync(path.join(ws, 'skills/loop'), { recursive: true });
  symlinkSync(path.join(ws, 'skills'), path.join(ws, 'skills/loop/again'));
  symlinkSync(path.join(ws, 'skills/self'), path.join(ws, 'skills/self'));
  return ws;
}

async function open(ws: string, agent: ProfileId): Promise<SkillCatalog> {
  const c = new SkillCatalog({ fs, agent, roots: workspaceRoots([ws], { roots: ['extra'] }, ws), check: false });
  await c.scan();
  return c;
}

const names = (c: SkillCatalog) => c.snapshot().skills.map((s) => s.name);

test('roots: agent folders in order, then configured roots', () => {
  const r = workspaceRoots(['/ws'], { roots: ['vendor/skills'] }, '/ws');
  assert.deepEqual(r.map((x) => `${x.origin}:${x.path}`), [
    'workspace:/ws/.claude/skills', 'workspace:/ws/.github/skills', 'workspace:/ws/.agents/skills',
    'workspace:/ws/.codex/skills', 'workspace:/ws/.opencode/skills', 'workspace:/ws/skills', 'config:/ws/vendor/skills',
  ]);
});

test('discovery per agent: depth, lowercase skill.md, hidden folders, duplicates, malformed, loops', async () => {
  const ws = workspace();
  try {
    const codex = await open(ws, 'codex');
    // Codex: recursive ≤ 6 levels, hidden skipped, exact SKILL.md; both "shared" are kept
    // (its loader de-duplicates by path only); broken's `[unclosed` is quoted and read again.
    assert.deepEqual(names(codex), ['alpha', 'shared', 'nested', 'shared', 'broken']);
    const snap = codex.snapshot();
    assert.equal(snap.shadowed.length, 0);
    assert.deepEqual(snap.skills.filter((s) => s.name === 'shared').map((s) => s.description), ['From claude.', 'From agents.']);
    // Claude Code: the first root wins for "shared".
    const claude = (await open(ws, 'claude-code')).snapshot();
    assert.equal(claude.shadowed.length, 1);
    assert.equal(claude.shadowed[0].path, path.join(ws, '.agents/skills/shared/SKILL.md'));
    assert.equal(claude.shadowed[0].winner, path.join(ws, '.claude/skills/shared/SKILL.md'));
    assert.equal(claude.shadowed[0].winnerRoot, path.join(ws, '.claude/skills'));
    assert.equal(claude.skills.find((s) => s.name === 'shared')!.description, 'From claude.');
    const invalid = snap.skipped.filter((s) => s.reason === 'invalid').map((s) => path.relative(ws, s.path));
    assert.deepEqual(invalid.sort(), ['skills/bin/SKILL.md']);
    assert.ok(snap.problems.some((p) => p.code === 'symlink-loop'), 'symlink loop reported');
    assert.ok(snap.problems.some((p) => p.code === 'root-missing' && p.path === path.join(ws, 'extra')));

    const lovia = await open(ws, 'lovia');
    // lovia: one level, exact SKILL.md; "group" holds no SKILL.md itself.
    assert.deepEqual(names(lovia), ['alpha', 'shared']);

    const agentskills = await open(ws, 'agentskills');
    // skills-ref accepts lowercase skill.md; one level below each root, as the client guide
    // says ("subdirectories containing a file named exactly SKILL.md"; its 4-6 levels bound
    // a runaway scan): group/nested and .hidden/secret, two levels down, are not skills there.
    assert.deepEqual(names(agentskills), ['alpha', 'shared', 'lower']);
    const e = agentskills.snapshot().skills.find((s) => s.name === 'lower')!;
    assert.equal(path.basename(e.path), 'skill.md');
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('incremental updates: add, edit, delete, rename without a full rescan', async () => {
  const ws = workspace();
  try {
    // An agent where the first of two same-name skills wins (Codex keeps both).
    const c = await open(ws, 'lovia');
    let scans = 0;
    const origScan = c.scan.bind(c);
    c.scan = async (...a) => {
      scans++;
      return origScan(...a);
    };
    const root = path.join(ws, '.codex/skills');
    const apply = (changes: FileChange[]) => c.update(changes);

    // add (a root that did not exist before, then a skill in it)
    skill(path.join(root, 'added'), 'added');
    await apply([{ path: root, type: 'created' }]);
    assert.ok(names(c).includes('added'));

    // edit: the description changes
    skill(path.join(root, 'added'), 'added', 'Edited text.');
    await apply([{ path: path.join(root, 'added/SKILL.md'), type: 'changed' }]);
    assert.equal(c.snapshot().skills.find((s) => s.name === 'added')!.description, 'Edited text.');

    // edit to a duplicate name of an earlier root: now shadowed
    skill(path.join(root, 'added'), 'alpha');
    await apply([{ path: path.join(root, 'added/SKILL.md'), type: 'changed' }]);
    assert.ok(c.snapshot().shadowed.some((s) => s.path === path.join(root, 'added/SKILL.md')));

    // rename the folder (delete + create)
    skill(path.join(root, 'added'), 'renamed');
    renameSync(path.join(root, 'added'), path.join(root, 'moved'));
    await apply([{ path: path.join(root, 'added'), type: 'deleted' }, { path: path.join(root, 'moved'), type: 'created' }]);
    const moved = c.snapshot().skills.find((s) => s.name === 'renamed')!;
    assert.equal(moved.path, path.join(root, 'moved/SKILL.md'));

    // delete the SKILL.md; then a malformed one appears and is skipped
    rmSync(path.join(root, 'moved/SKILL.md'));
    await apply([{ path: path.join(root, 'moved/SKILL.md'), type: 'deleted' }]);
    assert.ok(!names(c).includes('renamed'));
    writeFileSync(path.join(root, 'moved/SKILL.md'), '---\nname: x\n---\n');
    await apply([{ path: path.join(root, 'moved/SKILL.md'), type: 'created' }]);
    assert.ok(c.snapshot().skipped.some((s) => s.reason === 'invalid' && s.path === path.join(root, 'moved/SKILL.md')));

    // deleting the shadowing winner un-shadows the later skill
    rmSync(path.join(ws, '.claude/skills/shared'), { recursive: true });
    await apply([{ path: path.join(ws, '.claude/skills/shared'), type: 'deleted' }]);
    assert.equal(c.snapshot().skills.find((s) => s.name === 'shared')!.description, 'From agents.');
    assert.equal(c.snapshot().shadowed.filter((s) => s.name === 'shared').length, 0);

    // a change to another file touches nothing
    writeFileSync(path.join(ws, '.claude/skills/alpha/notes.md'), 'x');
    await apply([{ path: path.join(ws, '.claude/skills/alpha/notes.md'), type: 'created' }]);
    assert.equal(scans, 0, 'no full rescan during updates');

    // an unknown name triggers exactly one rescan, which finds a skill nobody reported
    skill(path.join(root, 'silent'), 'silent');
    assert.equal((await c.lookup('silent'))?.name, 'silent');
    assert.equal(scans, 1);
    assert.equal(await c.lookup('missing'), undefined);
    assert.equal(scans, 2);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('opencode: of two skills with one name the last loaded wins (roots in scan order); within one root, not fixed', async () => {
  const ws = workspace();
  try {
    skill(path.join(ws, '.opencode/skills/shared'), 'shared', 'From opencode.');
    skill(path.join(ws, '.opencode/skills/twin-a'), 'twin', 'A.');
    skill(path.join(ws, '.opencode/skills/twin-b'), 'twin', 'B.');
    const snap = (await open(ws, 'opencode')).snapshot();
    assert.deepEqual(snap.skills.filter((s) => s.name === 'shared').map((s) => s.description), ['From opencode.']);
    assert.deepEqual(snap.shadowed.filter((s) => s.name === 'shared').map((s) => [path.relative(ws, s.path), s.message]), [
      ['.claude/skills/shared/SKILL.md', `"shared" is defined again by ${path.join(ws, '.opencode/skills/shared/SKILL.md')}, which opencode loads later; the last one loaded wins`],
      ['.agents/skills/shared/SKILL.md', `"shared" is defined again by ${path.join(ws, '.opencode/skills/shared/SKILL.md')}, which opencode loads later; the last one loaded wins`],
    ]);
    assert.deepEqual(snap.shadowed.filter((s) => s.name === 'twin').map((s) => [path.relative(ws, s.path), s.message]), [
      ['.opencode/skills/twin-a/SKILL.md', `"twin" is defined again by ${path.join(ws, '.opencode/skills/twin-b/SKILL.md')}, which opencode loads later; the last one loaded wins (both are under one root, whose skills it reads concurrently: which one wins is not fixed)`],
    ]);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('a UTF-8 BOM: VS Code (copilot) finds no frontmatter in a closed file; opencode reads the skill', async () => {
  const ws = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-cat-')));
  try {
    mkdirSync(path.join(ws, '.github/skills/bom'), { recursive: true });
    writeFileSync(path.join(ws, '.github/skills/bom/SKILL.md'), '\ufeff---\nname: bom\ndescription: With a BOM.\n---\nBody.\n');
    const copilot = (await open(ws, 'copilot')).snapshot();
    assert.deepEqual(copilot.skills, []);
    assert.deepEqual(copilot.skipped.map((s) => s.message), [
      'no frontmatter: the file starts with a UTF-8 byte order mark, so VS Code does not find `---` on the first line (unless the file is open in an editor); the skill has no description',
    ]);
    const opencode = (await open(ws, 'opencode')).snapshot();
    assert.deepEqual(opencode.skills.map((s) => [s.name, s.description]), [['bom', 'With a BOM.']]);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('codex skips a SKILL.md that is a symbolic link (it follows linked folders only); lovia reads it', async () => {
  const ws = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-cat-')));
  try {
    skill(path.join(ws, 'store/real'), 'linked');
    mkdirSync(path.join(ws, 'root/linked'), { recursive: true });
    symlinkSync(path.join(ws, 'store/real/SKILL.md'), path.join(ws, 'root/linked/SKILL.md'));
    skill(path.join(ws, 'store/other'), 'folder-link');
    symlinkSync(path.join(ws, 'store/other'), path.join(ws, 'root/folder-link'));
    const names = async (agent: ProfileId) => {
      const c = new SkillCatalog({ fs, agent, roots: [{ path: path.join(ws, 'root'), origin: 'explicit' }], check: false });
      await c.scan();
      return c.snapshot().skills.map((s) => path.relative(ws, s.path));
    };
    assert.deepEqual(await names('codex'), ['root/folder-link/SKILL.md']);
    assert.deepEqual(await names('lovia'), ['root/folder-link/SKILL.md', 'root/linked/SKILL.md']);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('copilot (VS Code since #300455): a missing or different name becomes the folder name; no description leaves it out of the listing', async () => {
  const ws = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-cat-')));
  try {
    skill(path.join(ws, '.github/skills/pdf'), 'pdf-tools', 'Reads PDFs.');
    mkdirSync(path.join(ws, '.github/skills/bare'), { recursive: true });
    writeFileSync(path.join(ws, '.github/skills/bare/SKILL.md'), '---\nname: bare\n---\nBody\n');
    const s = (await open(ws, 'copilot')).snapshot();
    assert.deepEqual(s.skills.map((e) => [e.name, e.description]), [['pdf', 'Reads PDFs.']]);
    assert.deepEqual(s.skipped.map((e) => [e.reason, e.name, e.message]), [['hidden', 'bare', 'no description (the model cannot tell when to use it)']]);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('discovery rules come from the profile tables (depth, walk, file names)', () => {
  const rules = Object.fromEntries(profiles.map((p) => [p.id, discoveryRules(p.id)]));
  assert.deepEqual(Object.fromEntries(Object.entries(rules).map(([id, r]) => [id, [r.maxDepth, r.fileNames.join('|'), r.caseInsensitive, r.skipHidden, r.descendIntoSkills, !!r.skipLinkedSkillFiles]])), {
    agentskills: [1, 'SKILL.md|skill.md', false, false, false, false],
    'claude-code': [1, 'SKILL.md', false, false, false, false],
    copilot: [1, 'SKILL.md', true, false, false, false],
    codex: [6, 'SKILL.md', false, true, true, true],
    opencode: [32, 'SKILL.md', false, false, true, false],
    lovia: [1, 'SKILL.md', false, false, false, false],
    eino: [1, 'SKILL.md', false, false, false, false],
  });
  assert.equal(rules.agentskills.summary, 'one level below each root (client guide), SKILL.md then skill.md (skills-ref find_skill_md)');
});

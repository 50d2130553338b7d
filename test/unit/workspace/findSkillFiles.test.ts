// Which files the walk takes for skills.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findSkillFiles } from '../../../server/src/core/workspace/findSkillFiles';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';

test('a lower-case skill.md inside a skill is one of its files; SKILL.md there is a nested skill', async () => {
  const fs = new MemoryFileSystem();
  fs.writeFile('/r/skills/optimizer/SKILL.md', '---\nname: optimizer\ndescription: d\n---\nSee `./checklists/skill.md`.\n');
  fs.writeFile('/r/skills/optimizer/checklists/skill.md', '# Skills checklist\n');
  fs.writeFile('/r/skills/optimizer/nested/SKILL.md', '---\nname: nested\ndescription: d\n---\n');
  fs.writeFile('/r/skills/lower/skill.md', '---\nname: lower\ndescription: d\n---\n');
  const { files } = await findSkillFiles(fs, '/r');
  assert.deepEqual(files, ['/r/skills/lower/skill.md', '/r/skills/optimizer/SKILL.md', '/r/skills/optimizer/nested/SKILL.md']);
  // Also when the walk starts inside the skill.
  assert.deepEqual((await findSkillFiles(fs, '/r/skills/optimizer/checklists')).files, []);
  assert.deepEqual((await findSkillFiles(fs, '/r/skills/lower')).files, ['/r/skills/lower/skill.md']);
});

test('the walk never leaves its folder (or `within`): links out are reported, links that stay inside are followed', async () => {
  const skill = (n: string) => `---\nname: ${n}\ndescription: d\n---\n`;
  const fs = new MemoryFileSystem({ '/w/skills/ok/SKILL.md': skill('ok'), '/w/skills/store/x/SKILL.md': skill('x'), '/elsewhere/e/SKILL.md': skill('e'), '/etc/passwd': 'root:x:0:0' });
  fs.symlink('/w/skills/up', '..'); // `..` of the folder: out of `/w/skills`, back into `/w`
  fs.symlink('/w/skills/away', '/elsewhere');
  fs.symlink('/w/skills/root', '/');
  fs.symlink('/w/skills/again', 'store/x');
  fs.symlink('/w/skills/secret/SKILL.md', '/etc/passwd');
  fs.symlink('/w/skills/loop', '.');
  const scan = await findSkillFiles(fs, '/w/skills');
  // `again` leads to store/x, inside: followed, and that folder is walked once.
  assert.deepEqual(scan.files, ['/w/skills/again/SKILL.md', '/w/skills/ok/SKILL.md']);
  const out = (link: string, to: string, what: string) => `${link} is a symbolic link to ${to}, outside /w/skills: skillmd does not follow links out of the folder it checks, so ${what} there is not checked. Check that folder by naming it.`;
  assert.deepEqual(scan.problems.map((p) => [p.code, p.path, p.message]), [
    ['symlink-outside', '/w/skills/away', out('/w/skills/away', '/elsewhere', 'what is')],
    ['symlink-loop', '/w/skills/loop', 'symlink loop: /w/skills/loop leads back to /w/skills'],
    ['symlink-outside', '/w/skills/root', out('/w/skills/root', '/', 'what is')],
    ['symlink-outside', '/w/skills/secret/SKILL.md', out('/w/skills/secret/SKILL.md', '/etc/passwd', 'the skill file')],
    ['symlink-outside', '/w/skills/up', out('/w/skills/up', '/w', 'what is')],
  ]);
  // From `/w`, `up` is a loop instead.
  assert.deepEqual((await findSkillFiles(fs, '/w')).problems.map((p) => [p.code, p.path]), [
    ['symlink-outside', '/w/skills/away'],
    ['symlink-loop', '/w/skills/loop'],
    ['symlink-outside', '/w/skills/root'],
    ['symlink-outside', '/w/skills/secret/SKILL.md'],
    ['symlink-loop', '/w/skills/up'],
  ]);
  // A folder below a workspace folder that is itself a link out of it.
  const away = await findSkillFiles(fs, '/w/skills/away', { within: '/w' });
  assert.deepEqual([away.files, away.problems.map((p) => p.message)], [[], ['/w/skills/away is a symbolic link to /elsewhere, outside /w: skillmd does not follow links out of the folder it checks, so what is there is not checked. Check that folder by naming it.']]);
  assert.deepEqual((await findSkillFiles(fs, '/w/skills/away')).files, ['/w/skills/away/e/SKILL.md'], 'named on purpose');
});

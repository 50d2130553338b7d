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

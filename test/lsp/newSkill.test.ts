// New Skill… over stdio: skillmd/newSkillRoots lists the agent folders and the
// configured roots with the targets of a skill there; skillmd/newSkill answers the
// rules' verdict on a name and the skeleton, and writes nothing.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, removeWorkspace, startServer, uriOf, type TestClient } from './client';
import type { NewSkillResult, NewSkillRoot } from '../../server/src/protocol';

describe('new skill requests', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({
      '.claude/skills/alpha/SKILL.md': '---\nname: alpha\ndescription: Alpha. Use when testing.\n---\n',
      '.skillmd.json': JSON.stringify({ roots: ['team-skills'], targets: [], rules: {} }),
      'team-skills/.keep': '',
    });
    c = await startServer({ root, mode: 'pull' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('skillmd/newSkillRoots: every agent folder (there or not) and the configured root, with its targets', async () => {
    const roots = await c.request<NewSkillRoot[]>('skillmd/newSkillRoots');
    const row = (r: NewSkillRoot) => `${r.path.slice(root.length + 1)} ${r.origin} ${r.exists ? 'exists' : 'new'} ${r.targets.join(',')}`;
    assert.deepEqual(roots.map(row), [
      '.claude/skills workspace exists claude-code',
      '.github/skills workspace new copilot',
      '.agents/skills workspace new agentskills',
      '.codex/skills workspace new codex',
      '.opencode/skills workspace new opencode',
      'skills workspace new agentskills',
      'team-skills config exists agentskills',
    ]);
    assert.equal(roots[0].uri, uriOf(join(root, '.claude/skills')));
  });

  test('skillmd/newSkill: a good name gets the skeleton and no problem', async () => {
    const r = await c.request<NewSkillResult>('skillmd/newSkill', { root: join(root, '.github/skills'), name: 'pdf-tools' });
    const file = join(root, '.github/skills/pdf-tools/SKILL.md');
    assert.deepEqual(r, {
      path: file, uri: uriOf(file), targets: ['copilot'], problems: [],
      text: '---\nname: pdf-tools\ndescription: What this skill does. Use when …\n---\n\n# pdf-tools\n',
      description: { start: { line: 2, character: 13 }, end: { line: 2, character: 45 } },
    });
    assert.equal(existsSync(join(root, '.github/skills/pdf-tools')), false, 'the request writes nothing');
  });

  test('skillmd/newSkill: the root\'s targets judge the name; a taken folder is an error', async () => {
    const bad = await c.request<NewSkillResult>('skillmd/newSkill', { root: join(root, 'skills'), name: 'My_Skill' });
    assert.deepEqual(bad.problems, [{ severity: 'error', code: 'name-format', message: 'Skill name `My_Skill` must be lowercase and may only contain lowercase letters, digits and hyphens; use `my-skill` (rejected by agentskills).' }]);
    const taken = await c.request<NewSkillResult>('skillmd/newSkill', { root: join(root, '.claude/skills'), name: 'alpha' });
    assert.deepEqual(taken.problems, [{ severity: 'error', message: 'The folder `alpha` already exists there: pick another name.' }]);
  });

  test('skillmd/newSkill with a relative root is refused with InvalidParams', async () => {
    await assert.rejects(c.request('skillmd/newSkill', { root: 'skills', name: 'x' }), (e: { code?: number; message?: string }) => e.code === -32602 && e.message === 'skillmd/newSkill needs { root: an absolute path, name: a string }');
  });
});

// New Skill…: the skeleton holds every field its targets require, and a name is
// judged by the rules themselves (run on the skeleton), so the dialog and the later
// diagnostics never disagree.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../../server/src/core/check/checkDocument';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { getProfile, profiles } from '../../../server/src/core/profiles/registry';
import { checkNewSkill, DESCRIPTION_PLACEHOLDER, skeletonFor } from '../../../server/src/core/scaffold/newSkill';
import type { AgentProfile } from '../../../server/src/core/profiles/types';

const taken = new Set(['/w/skills/taken']);
const exists = async (p: string) => taken.has(p);
const check = (root: string, name: string) => checkNewSkill(root, name, {}, exists);

describe('skeletonFor', () => {
  it('writes name, description (the placeholder it points at) and a heading', () => {
    const s = skeletonFor('pdf-tools', [getProfile('claude-code')!]);
    assert.equal(s.text, '---\nname: pdf-tools\ndescription: What this skill does. Use when …\n---\n\n# pdf-tools\n');
    const line = s.text.split('\n')[s.description.start.line];
    assert.equal(line.slice(s.description.start.character, s.description.end.character), DESCRIPTION_PLACEHOLDER);
  });

  it('adds every other field a target requires, once, with a value of its shape', () => {
    const fake = (id: string, fields: AgentProfile['fields']): AgentProfile => ({ ...getProfile('agentskills')!, id: id as AgentProfile['id'], fields });
    const a = fake('agentskills', { name: getProfile('agentskills')!.fields.name, version: { shapes: ['string'], required: true, onInvalid: 'reject', doc: '', source: '' } });
    const b = fake('codex', { tags: { shapes: ['list'], required: true, onInvalid: 'reject', doc: '', source: '' }, version: { shapes: ['number'], required: true, onInvalid: 'reject', doc: '', source: '' }, mode: { shapes: ['string'], values: ['fast', 'slow'], required: true, onInvalid: 'reject', doc: '', source: '' }, extra: { shapes: ['string'], onInvalid: 'ignore', doc: '', source: '' } });
    assert.equal(skeletonFor('x', [a, b]).text, '---\nname: x\ndescription: What this skill does. Use when …\nversion: ""\ntags: []\nmode: fast\n---\n\n# x\n');
  });

  it('quotes a name YAML would read as something else', () => {
    assert.match(skeletonFor('yes', []).text, /^---\nname: "yes"\n/);
  });

  it('every profile accepts its own skeleton: no error', () => {
    for (const p of profiles) {
      const s = skeletonFor('pdf-tools', [p]);
      const errors = checkDocument(parseSkillDocument(`/w/x/pdf-tools/SKILL.md`, s.text), { targets: [p.id] }).filter((d) => d.severity === 'error');
      assert.deepEqual(errors.map((d) => d.code), [], p.id);
    }
  });
});

describe('checkNewSkill', () => {
  it('a good name in .claude/skills: claude-code, no problem, the file in a folder of that name', async () => {
    const r = await check('/w/.claude/skills', 'pdf-tools');
    assert.deepEqual([r.file, r.targets.map((t) => t.id), r.problems], ['/w/.claude/skills/pdf-tools/SKILL.md', ['claude-code'], []]);
  });

  it('the targets of the root judge the name: skills/ (the open specification) wants lowercase with hyphens', async () => {
    const r = await check('/w/skills', 'My_Skill');
    assert.deepEqual(r.targets.map((t) => t.id), ['agentskills']);
    assert.deepEqual(r.problems, [{
      severity: 'error', code: 'name-format',
      message: 'Skill name `My_Skill` must be lowercase and may only contain lowercase letters, digits and hyphens; use `my-skill` (rejected by agentskills).',
    }]);
  });

  it('a name over a limit is what the rule says about it (a warning for Copilot)', async () => {
    const r = await check('/w/.github/skills', 'x'.repeat(65));
    assert.deepEqual(r.problems, [{ severity: 'warning', code: 'field-too-long', message: '`name` is 65 characters, over the limit of 64; shorten it (reported by copilot).' }]);
  });

  it('the folder must be new and one folder name', async () => {
    assert.deepEqual((await check('/w/skills', 'taken')).problems, [{ severity: 'error', message: 'The folder `taken` already exists there: pick another name.' }]);
    assert.deepEqual((await check('/w/skills', 'a/b')).problems, [{ severity: 'error', message: 'A skill name is one folder name: no `/` or `\\`.' }]);
    assert.deepEqual((await check('/w/skills', '..')).problems, [{ severity: 'error', message: '`..` cannot be a folder name.' }]);
    assert.deepEqual((await check('/w/skills', '  ')).problems, [{ severity: 'error', message: 'Type a name for the skill (it is also its folder name).' }]);
  });

  it('.skillmd.json targets win over the location, as for any skill there', async () => {
    const r = await checkNewSkill('/w/skills', 'My_Skill', { config: { targets: ['lovia'] }, configDir: '/w' }, exists);
    assert.deepEqual([r.targets.map((t) => t.id), r.problems], [['lovia'], []]);
  });
});

// Rules over the skills one agent sees together: duplicate names and descriptions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSkillDocument } from '../../../../server/src/core/document/parse';
import { summarizeSkill } from '../../../../server/src/core/rules/skillSet/duplicates';
import { checkFixture } from '../../../harness/fixture';

test('duplicate-skill-name and duplicate-description: both skills are told', async () => {
  await checkFixture(`
    //- skills/pdf/SKILL.md
    ---
    name: pdf
    description: Fills PDF forms. Use when asked to fill in a PDF.
    //           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning duplicate-description: \`pdf-forms/SKILL.md\` has the same description, so the agent cannot tell when to use which; say what sets this skill apart.
    ---
    Fill.
    //- skills/pdf-forms/SKILL.md
    ---
    name: pdf-forms
    description: Fills PDF forms. Use when asked to fill in a PDF.
    //           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning duplicate-description: \`pdf/SKILL.md\` has the same description, so the agent cannot tell when to use which; say what sets this skill apart.
    ---
    Fill.
    //- .claude/skills/deploy/SKILL.md
    ---
    name: deploy
    //    ^^^^^^ warning duplicate-skill-name: Another skill seen with this one is also named \`deploy\` (\`ship/SKILL.md\`); the agent keeps one of them. Give each skill its own name.
    description: Deploys the app. Use when the release is approved.
    ---
    Follow the release checklist.
    //- .claude/skills/ship/SKILL.md
    ---
    name: deploy
    //    ^^^^^^ warning duplicate-skill-name: Another skill seen with this one is also named \`deploy\` (\`deploy/SKILL.md\`); the agent keeps one of them. Give each skill its own name.
    description: Ships a release to the app store. Use when the build is signed.
    ---
    Follow the store checklist.
  `);
});

test('duplicates: the agent folders of a project count together; other folders and targets do not', async () => {
  await checkFixture(`
    //- .github/skills/lint/SKILL.md
    ---
    name: lint
    //    ^^^^ warning duplicate-skill-name
    description: Lints the code. Use when asked to lint.
    ---
    Lint.
    //- .claude/skills/lint/SKILL.md
    ---
    name: lint
    //    ^^^^ warning duplicate-skill-name
    description: Lints TypeScript. Use when asked to lint TypeScript.
    ---
    Lint.
    //- other/lint/SKILL.md
    ---
    name: lint
    description: Lints the code. Use when asked to lint.
    ---
    Lint.
  `, { through: ['core'], targets: ['copilot'] });
});

test('duplicates: the values as the agent reads them, however they are written', async () => {
  await checkFixture(`
    //- skills/a/SKILL.md
    ---
    name: "same"
    //    ^^^^^^ warning duplicate-skill-name
    //    ^^^^^^ error name-folder-mismatch
    description: >-
    //           ^^ warning duplicate-description (to +2:29)
      Folded text that reads
      the same. Use when testing.
    ---
    A.
    //- skills/b/SKILL.md
    ---
    name: same
    //    ^^^^ warning duplicate-skill-name
    //    ^^^^ error name-folder-mismatch
    description: Folded text that reads the same. Use when testing.
    //           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning duplicate-description
    ---
    B.
  `, { through: ['core'] });
});

test('duplicates: a skill for which both rules are off is left out of the comparison', async () => {
  await checkFixture(`
    //- .skillmd.json
    { "rules": { "duplicate-skill-name": "off" }, "overrides": [{ "files": "skills/c/**", "rules": { "duplicate-description": "off" } }] }
    //- skills/a/SKILL.md
    ---
    name: a
    description: Reads the same. Use when testing.
    //           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning duplicate-description: \`b/SKILL.md\` has the same description, so the agent cannot tell when to use which; say what sets this skill apart.
    ---
    A.
    //- skills/b/SKILL.md
    ---
    name: b
    description: Reads the same. Use when testing.
    //           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning duplicate-description: \`a/SKILL.md\` has the same description, so the agent cannot tell when to use which; say what sets this skill apart.
    ---
    B.
    //- skills/c/SKILL.md
    ---
    name: c
    description: Reads the same. Use when testing.
    ---
    C.
  `, { through: ['core'], targets: ['copilot'] });
});

test('summarizeSkill reads no name or description of a skill for which both rules are off', () => {
  const doc = parseSkillDocument('/w/skills/a/SKILL.md', '---\nname: a\ndescription: Reads. Use when testing.\n---\n');
  const summary = (rules: Record<string, 'off' | 'hint'>) => summarizeSkill(doc, { targets: ['copilot'], config: { rules } });
  assert.deepEqual(summary({ 'duplicate-skill-name': 'off', 'duplicate-description': 'off' }), {
    file: '/w/skills/a/SKILL.md', group: '', name: '', nameRange: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, targets: [],
    rules: { 'duplicate-skill-name': 'off', 'duplicate-description': 'off' },
  });
  const one = summary({ 'duplicate-skill-name': 'off', 'duplicate-description': 'hint' });
  assert.deepEqual([one.name, one.description, one.targets], ['a', 'Reads. Use when testing.', ['copilot']]);
});

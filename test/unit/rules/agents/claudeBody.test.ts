// Claude Code: command injections, side effects, the advised name form, third-person descriptions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFixture } from '../../../harness/fixture';
import { check } from '../../helpers';

test('command-injections: more than five commands run at every load', async () => {
  await checkFixture(`
    //- .claude/skills/pr/SKILL.md
    ---
    name: pr
    description: Summarizes the open pull request. Use when asked about the current PR.
    ---
    Diff: !\`gh pr diff\`
    //    ^^^^^^^^^^^^^ warning command-injections: The body runs 6 shell commands each time the skill loads, before Claude reads it (\`gh pr diff\`, \`gh pr view\`, \`git log -5\`, …); more than 5 slow every use and widen what the skill can do unasked. Move them into a script the instructions run (claude-code).
    View: !\`gh pr view\`
    Log: !\`git log -5\` and !\`git status\`, !\`date\`.

    \`\`\`!
    node --version
    \`\`\`

    Shown as code, not run: \`!\`ls\`\`.
  `);
});

test('command-injections: five or fewer, and code that shows the syntax, are fine', async () => {
  await checkFixture(`
    //- .claude/skills/pr/SKILL.md
    ---
    name: pr
    description: Summarizes the open pull request. Use when asked about the current PR.
    ---
    Diff: !\`gh pr diff\` and !\`gh pr view\`; not!\`this\`.

    \`\`\`md
    !\`a\` !\`b\` !\`c\` !\`d\` !\`e\` !\`f\`
    \`\`\`
  `, { through: ['core'] });
});

test('command-injections: blocks alone (no inline form anywhere), with a space before the \`!\`', async () => {
  await checkFixture(`
    //- .claude/skills/pr/SKILL.md
    ---
    name: pr
    description: Summarizes the open pull request. Use when asked about the current PR.
    ---
    ~~~ !
    ^^^^^ warning command-injections (to +2:3): The body runs 6 shell commands each time the skill loads, before Claude reads it (\`echo 1\`, \`echo 2\`, \`echo 3\`, …); more than 5 slow every use and widen what the skill can do unasked. Move them into a script the instructions run (claude-code).
    echo 1
    ~~~

    ~~~ !
    echo 2
    ~~~

    ~~~ !
    echo 3
    ~~~

    ~~~ !
    echo 4
    ~~~

    ~~~ !
    echo 5
    ~~~

    ~~~ !
    echo 6
    ~~~
  `);
});

test('side-effects-model-invoked: a deploy step in a skill Claude may run itself', async () => {
  await checkFixture(`
    //- .claude/skills/ship/SKILL.md
    ---
    name: ship
    description: Ships the web app to production. Use when the release is approved.
    ---
    1. Run the tests.
    2. Ship it:

    \`\`\`bash
    vercel deploy --prod
    ^^^^^^^^^^^^^ info side-effects-model-invoked: The body has a step with effects outside the project (\`vercel deploy\`), and Claude Code may run the skill on its own; \`disable-model-invocation: true\` leaves it to the user's \`/ship\`.
    \`\`\`
  `);
});

test('side-effects-model-invoked: not with disable-model-invocation, nor for words in passing', async () => {
  await checkFixture(`
    //- .claude/skills/a/SKILL.md
    ---
    name: a
    description: Ships the web app to production. Use when the release is approved.
    disable-model-invocation: true
    ---
    Run \`git push\`.
    //- .claude/skills/b/SKILL.md
    ---
    name: b
    description: Explains deployments. Use when asked how deploys work.
    ---
    A deploy pushes the image; we send no email. The pushed branch deploys itself.

    - Deployment: remind the user to run \`git push\` when ready.
    1. Deployment checklist
    \`\`\`bash
    # git push is for the user
    \`\`\`
  `, { through: ['core'] });
});

test('name-advised-format: Claude Code loads it, uploads refuse it', async () => {
  await checkFixture(`
    //- .claude/skills/pdf/SKILL.md
    ---
    name: PDF Tools
    //    ^^^^^^^^^ hint name-advised-format: Claude Code loads any name, but its docs ask for lowercase letters, digits and hyphens (at most 64), and claude.ai and the Skills API reject other names; \`PDF Tools\` has other characters: use \`pdf\` (claude-code).
    description: Fills PDF forms. Use when asked to fill in a PDF.
    ---
    Fill.
  `);
});

test('name-advised-format: the fix is the folder name when it fits, else the name made lowercase with hyphens', () => {
  const TEXT = '---\nname: "Academic Paper Mapper"\ndescription: Maps citations. Use when asked for a citation graph.\n---\nMap.\n';
  const fix = (path: string) => check(TEXT, { path, targets: ['claude-code'] }).find((x) => x.code === 'name-advised-format')?.fixes;
  const edit = (newText: string) => [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 29 } }, newText }];
  assert.deepEqual(fix('/ws/.claude/skills/academic-paper-mapper/SKILL.md'), [{ title: 'Change name to `academic-paper-mapper`', edits: edit('academic-paper-mapper'), preferred: true }]);
  assert.deepEqual(fix('/ws/.claude/skills/Mapper/SKILL.md'), [{ title: 'Change name to `academic-paper-mapper`', edits: edit('academic-paper-mapper'), preferred: true }]);
  assert.deepEqual(fix('/ws/.claude/skills/cites/SKILL.md'), [{ title: 'Change name to `cites`', edits: edit('cites'), preferred: true }]);
  const long = 'Remove unused Rust dependencies before they bloat builds and reviews with cargo-machete';
  const said = (name: string) => check(TEXT.replace('"Academic Paper Mapper"', `"${name}"`), { path: '/ws/.claude/skills/x/SKILL.md', targets: ['claude-code'] }).find((x) => x.code === 'name-advised-format')?.message.split('; ')[1];
  assert.equal(said(long), `\`${long}\` has other characters and has 87 characters: use \`x\` (claude-code).`);
  assert.equal(said('a'.repeat(70)), `\`${'a'.repeat(70)}\` has 70 characters: use \`x\` (claude-code).`);
  // Checked against agentskills too: name-format says it (once), with its own fix.
  assert.deepEqual(check(TEXT, { path: '/ws/.claude/skills/cites/SKILL.md', targets: ['claude-code', 'agentskills'] }).map((x) => x.code).filter((c) => c.startsWith('name-')), ['name-format', 'name-folder-mismatch']);
});

test('name-advised-format: not when name-format already reports the name', async () => {
  await checkFixture(`
    //- .claude/skills/pdf/SKILL.md
    ---
    name: PDF
    //    ^^^ error name-format
    //    ^^^ error name-folder-mismatch
    description: Fills PDF forms. Use when asked to fill in a PDF.
    ---
    Fill.
  `, { through: ['core'], targets: ['claude-code', 'agentskills'] });
});

test('description-person: first or second person where Claude Code advises the third', async () => {
  await checkFixture(`
    //- .claude/skills/xlsx/SKILL.md
    ---
    name: xlsx
    description: I can help you build spreadsheets. Use when asked for an Excel file.
    //           ^^^^^ hint description-person: The description says "I can"; it is read as part of the system prompt, so write it in the third person ("Processes…", "Use when…") (claude-code; https://platform.claude.com/docs/en/agents-and-tools/agent-skills/best-practices).
    ---
    Build it.
  `);
});

test('description-person: third person, and "you" inside a clause, are fine; other agents are not told', async () => {
  await checkFixture(`
    //- .claude/skills/a/SKILL.md
    ---
    name: a
    description: Builds spreadsheets so you can share them. Use when you need an Excel file or say "I'm stuck".
    ---
    Build it.
    //- skills/b/SKILL.md
    ---
    name: b
    description: You can use this to build spreadsheets when asked for an Excel file.
    ---
    Build it.
  `, { through: ['core'] });
});

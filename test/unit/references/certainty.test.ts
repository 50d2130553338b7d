// Which path-like words are references, and how sure the check is of each
// (server/src/core/references/certainty.ts: each row of DECISIONS names its test here).
// False alarms and misses seen on real skills (issue 19), as fixtures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFixture } from '../../harness/fixture';
import { DECISIONS } from '../../../server/src/core/references/certainty';

const FRONT = `---
    name: my-skill
    description: Does things. Use when testing.
    ---`;

test('output paths', async () => {
  await checkFixture(`
    ${FRONT}
    \`\`\`bash
    python scripts/draw.py --output ./assets/mascot.png
    pandoc notes.md -o out/report.pdf
    python scripts/draw.py --out-dir=assets/frames/
    python scripts/draw.py --input ./assets/missing.png
    //                             ^^^^^^^^^^^^^^^^^^^^ warning reference-missing
    \`\`\`
    Run \`python scripts/draw.py -o assets/mascot.png\`, then save the icons to \`assets/icons/\`.
    //- skills/my-skill/scripts/draw.py
    print(1)
  `, { through: ['core'] });
});

test('templates: a copied template file', async () => {
  await checkFixture(`
    ${FRONT}
    Copy [the report template](templates/report.md) to \`docs/report.md\` and fill it in.
    //- skills/my-skill/templates/report.md
    # Report
    ![chart](chart.png)
    See [details](#details) and [the logo](logo.svg).
    //- skills/my-skill/templates/logo.svg
    <svg/>
  `, { through: ['core'] });
});

test('templates: quoted and fenced', async () => {
  await checkFixture(`
    ${FRONT}
    Write the report in this format:

    > ![chart](images/chart.png)
    > See [notes](notes/summary.md)

    \`\`\`markdown
    ![chart](images/chart.png)
    \`\`\`

    > Quoted advice, not a template: see [the guide](references/gide.md).
    //                                               ^^^^^^^^^^^^^^^^^^ error reference-missing
  `, { through: ['core'] });
});

test('identifiers that look like paths', async () => {
  await checkFixture(`
    ${FRONT}
    Call these methods:
    - \`resources/list\`
    - \`tools/call\`
    - \`resources/templates/list\`

    All reference file mentions use the short form \`references/filename.md\`.
    Create \`references/<name>.md\` per topic, see [topic](references/<name>.md).
    AgentRC ships with policies in \`examples/policies/\`.

    | Area | Advice |
    |---|---|
    | Automation | Short scripts under \`scripts/azd\` |
    | Notes | See \`references/open-coding\` |
    //             ^^^^^^^^^^^^^^^^^^^^^^ warning reference-missing: …Did you mean \`references/open-coding.md\`?
    //- skills/my-skill/references/open-coding.md
    # Open coding
  `, { through: ['core'] });
});

test('bare script names', async () => {
  await checkFixture(`
    ${FRONT}
    Run \`python check_completeness.py\` after each step, then \`python missing_tool.py\`.
    //          ^^^^^^^^^^^^^^^^^^^^^ warning reference-missing: …Did you mean \`scripts/check_completeness.py\`?
    See \`helper.py\` for the shared code.
    //- skills/my-skill/scripts/check_completeness.py
    print(1)
    //- skills/my-skill/scripts/helper.py
    print(2)
  `, { through: ['core'] });
});

test('links are followed', async () => {
  await checkFixture(`
    ${FRONT}
    See [guide](references/gide.md) and ![logo](assets/logo.png).
    //          ^^^^^^^^^^^^^^^^^^ error reference-missing: …Did you mean \`references/guide.md\`?
    //                                          ^^^^^^^^^^^^^^^ error reference-missing
    Then run \`scripts/build.sh\`.
    //        ^^^^^^^^^^^^^^^^ warning reference-missing
    //- skills/my-skill/references/guide.md
    # Guide
  `);
});

test('a link out of the skill to nothing says it does not exist', async () => {
  await checkFixture(`
    ${FRONT}
    See [shared](../shared/guide.md) and [other](../other-skill/SKILL.md).
    //           ^^^^^^^^^^^^^^^^^^ error reference-missing: \`../shared/guide.md\` does not exist outside the skill folder either, so agents following this link fail. Correct the path, or put the file in the skill and reference it there.
    //                                           ^^^^^^^^^^^^^^^^^^^^^^^ error reference-escapes-skill: …Copy the file into the skill…
    //- skills/other-skill/SKILL.md
    ---
    name: other-skill
    description: Other. Use when testing.
    ---
  `, { through: ['core'] });
});

test('plugin mode: ../ links are checked, plugin-root files suggested', async () => {
  await checkFixture(`
    //- plugin/.claude-plugin/plugin.json
    {"name": "p"}
    //- plugin/skills/my-skill/SKILL.md
    ${FRONT}
    See [shared](../../docs/shared.md) and [gone](../../docs/gone.md).
    //                                            ^^^^^^^^^^^^^^^^^^ error reference-missing: \`../../docs/gone.md\` does not exist in the plugin, so agents following this link fail. Correct the path, or put the file in the skill and reference it there.
    Run \`scripts/sync.sh\`.
    //   ^^^^^^^^^^^^^^^ warning reference-missing: …Did you mean \`\${CLAUDE_PLUGIN_ROOT}/scripts/sync.sh\`?
    //- plugin/docs/shared.md
    # Shared
    //- plugin/scripts/sync.sh
    echo
  `, { targets: ['claude-code'] });
});

test('did you mean: the one file whose path ends so, or the repository root', async () => {
  await checkFixture(`
    //- .git/HEAD
    ref: refs/heads/main
    //- skills/my-skill/SKILL.md
    ${FRONT}
    Use [ci](templates/ci.yml) and [lint](scripts/lint.sh).
    //       ^^^^^^^^^^^^^^^^ error reference-missing: …Did you mean \`assets/templates/ci.yml\`?
    //                                    ^^^^^^^^^^^^^^^ error reference-missing: \`scripts/lint.sh\` does not exist in the skill folder, so agents following this link fail. \`../../scripts/lint.sh\` exists outside the skill folder, which is not installed with the skill: copy it into the skill.
    //- skills/my-skill/assets/templates/ci.yml
    on: push
    //- skills/my-skill/assets/ci.yml
    on: pull_request
    | hint reference-unused-file
    //- scripts/lint.sh
    echo
  `, { through: ['core'] });
});

test('too deep: how many links an agent follows from SKILL.md', async () => {
  await checkFixture(`
    ${FRONT}
    See [guide](references/guide.md) and [deep](assets/a/b/c.md).
    //- skills/my-skill/references/guide.md
    # Guide
    See [more](more.md) and [c](../assets/a/b/c.md).
    //         ^^^^^^^ info reference-too-deep: \`references/more.md\` is 2 links away from SKILL.md (through \`references/guide.md\`): agents read a file that a referenced file references only partially, if at all. Link it from SKILL.md.
    //- skills/my-skill/references/more.md
    # More
    See [last](last.md).
    //         ^^^^^^^ info reference-too-deep: …3 links away…
    //- skills/my-skill/references/last.md
    # Last
    //- skills/my-skill/assets/a/b/c.md
    # C
  `);
});

// VS Code reads `#file:` up to white space or `#` (a trailing `.` is part of the path
// there too), relative to the file's folder; not in code, nor inside a link.
const FILE_MENTIONS = `
    //- .github/skills/my-skill/SKILL.md
    ${FRONT}
    Attach #file:references/gide.md first.
    //           ^^^^^^^^^^^^^^^^^^ error reference-missing: \`references/gide.md\` does not exist in the skill folder, so VS Code attaches nothing for this \`#file:\`. Did you mean \`references/guide.md\`?
    Then #FILE:references/guide.md and #file:References/guide.md#intro and #file:references/guide.md.
    //                                                                           ^^^^^^^^^^^^^^^^^^^^ error reference-missing: …Did you mean \`references/guide.md\`?
    //                                       ^^^^^^^^^^^^^^^^^^^ error reference-case-mismatch: \`References/guide.md\` differs in letter case…
    Compare #file:../other/notes.md with the guide.
    //            ^^^^^^^^^^^^^^^^^ info reference-escapes-skill: \`../other/notes.md\` lies in this project, outside the skill folder…
    Not these: \`#file:references/none.md\`, [#file:none.md](references/guide.md), #file:{{name}}, #file:https://example.com/x.md.
    > /fix #file:src/app.ts

    \`\`\`text
    #file:references/none.md
    \`\`\`
    //- .github/skills/my-skill/references/guide.md
    # Intro
    //- .github/skills/other/notes.md
    # Notes
  `;

test('#file: mentions', async () => {
  await checkFixture(FILE_MENTIONS, { targets: ['copilot'] });
  // Agents without the syntax read a name: a reference only when the file is there (no unused-file hint either).
  await checkFixture(`
    ${FRONT}
    Attach #file:references/gide.md and #file:references/guide.md.
    //- skills/my-skill/references/guide.md
    # Guide
    //- skills/my-skill/references/other.md
    # Other
    | hint reference-unused-file
  `, { targets: ['agentskills'], through: ['core'] });
});

test('every decision names a fixture of this file', async () => {
  const names = new Set(['output paths', 'templates: a copied template file', 'templates: quoted and fenced', 'identifiers that look like paths', 'bare script names', 'links are followed', '#file: mentions']);
  for (const d of DECISIONS) assert.ok(names.has(d.fixture), d.fixture);
});

// Copilot `#tool:`, `metadata` values, `allowed-tools` as a list, time-sensitive wording.
import { test } from 'node:test';
import { checkFixture } from '../../../harness/fixture';

test('tool-reference-unknown: a renamed tool and one VS Code does not ship', async () => {
  await checkFixture(`
    //- .github/skills/research/SKILL.md
    ---
    name: research
    description: Researches a topic on the web. Use when asked to look something up.
    ---
    Use #tool:fetch for pages and #tool:frobnicate for the rest; #tool:github/search_code is an MCP tool.
    //        ^^^^^ info tool-reference-unknown: Tool \`fetch\` has been renamed: VS Code asks for \`web/fetch\` (copilot).
    //                                  ^^^^^^^^^^ hint tool-reference-unknown: \`frobnicate\` is not a tool or tool set that VS Code ships; unless an extension registers it, VS Code reports "Unknown tool or toolset" (copilot).
  `);
});

test('copilot accepts compatibility and metadata, as VS Code validator does', async () => {
  await checkFixture(`
    //- .github/skills/research/SKILL.md
    ---
    name: research
    description: Researches a topic on the web. Use when asked to look something up.
    compatibility: Needs network access.
    metadata:
      author: me
    ---
    Use #tool:web/fetch and #tool:search.
  `, { through: ['core'] });
});

test('metadata-value-not-string: what each target does with a list', async () => {
  await checkFixture(`
    //- skills/pdf/SKILL.md
    ---
    name: pdf
    description: Fills PDF forms. Use when asked to fill in a PDF.
    metadata:
      version: 2
      tags:
        - pdf
    //  ^^^^^ info metadata-value-not-string: \`metadata.tags\` is a list, but the specification (https://agentskills.io/specification) wants string values: skills-ref turns it into text without a word (a list becomes \`['a', 'b']\`) (agentskills).
    ---
    Fill.
  `);
});

test('metadata-value-not-string: a number is a number for Claude Code, a string for skills-ref', async () => {
  await checkFixture(`
    //- skills/pdf/SKILL.md
    ---
    name: pdf
    description: Fills PDF forms. Use when asked to fill in a PDF.
    metadata:
      version: 2
    //         ^ info metadata-value-not-string: \`metadata.version\` is a number, but the specification (https://agentskills.io/specification) wants string values: Claude Code keeps it as it is (it does not act on \`metadata\`) (claude-code).
    ---
    Fill.
  `, { through: ['core'], targets: ['agentskills', 'claude-code'] });
});

test('allowed-tools-list: the spec wants one space-separated string', async () => {
  await checkFixture(`
    //- skills/search/SKILL.md
    ---
    name: search
    description: Searches the code base. Use when asked where something is defined.
    allowed-tools:
    ^^^^^^^^^^^^^ hint allowed-tools-list: The specification writes \`allowed-tools\` as one space-separated string (\`Bash(git:*) Read\`); a list works in skills-ref and Claude Code but may not in every client that follows the spec (agentskills).
      - Read
      - Grep
    ---
    Search.
  `);
});

test('time-sensitive-wording: dates that go stale, in the description and prose', async () => {
  await checkFixture(`
    //- skills/api/SKILL.md
    ---
    name: api
    description: Calls the Acme API. Use when asked about Acme, as of 2025 the v2 API.
    //                                                          ^^^^^^^^^^ hint time-sensitive-wording: "as of 2025" will go stale; state the fact without the date, or move older behaviour into a section on old versions (https://platform.claude.com/docs/en/agents-and-tools/agent-skills/best-practices#avoid-time-sensitive-information).
    ---
    The latest version is 2.3. Before August 2025, use the v1 endpoint.
    ^^^^^^^^^^^^^^^^^^^^^^^^^ hint time-sensitive-wording
    //                         ^^^^^^^^^^^^^^^^^^ hint time-sensitive-wording
  `);
});

test('time-sensitive-wording: "the latest version is" in a body with no year at all', async () => {
  await checkFixture(`
    //- skills/api/SKILL.md
    ---
    name: api
    description: Calls the Acme API. Use when asked about Acme.
    ---
    The latest version is 2.3.
    ^^^^^^^^^^^^^^^^^^^^^^^^^ hint time-sensitive-wording
  `);
});

test('time-sensitive-wording: not in code, nor for plain years', async () => {
  await checkFixture(`
    //- skills/api/SKILL.md
    ---
    name: api
    description: Calls the Acme API, released in 2019. Use when asked about Acme.
    ---
    Since 2020 the API is stable. \`as of 2024\`

    \`\`\`
    # as of 2024 the latest version is 3
    \`\`\`
  `, { through: ['core'] });
});

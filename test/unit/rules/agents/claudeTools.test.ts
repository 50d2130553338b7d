// Claude Code: `allowed-tools` / `disallowed-tools` entries, unscoped Bash, hooks.
import { test } from 'node:test';
import { checkFixture } from '../../../harness/fixture';

test('tool-unknown: a misspelt tool name, with its fix', async () => {
  await checkFixture(`
    //- .claude/skills/search/SKILL.md
    ---
    name: search
    description: Searches the code base. Use when asked where something is defined.
    allowed-tools: Read grep Glob
    //                  ^^^^ warning tool-unknown: \`grep\` in \`allowed-tools\` is not a tool name (names are case-sensitive); did you mean \`Grep\`? (claude-code)
    ---
    Search.
  `);
});

test("tool-unknown: older names, MCP tools, other agents' tools", async () => {
  await checkFixture(`
    //- .claude/skills/a/SKILL.md
    ---
    name: a
    description: Files issues. Use when asked to file an issue.
    allowed-tools:
      - Task
    //  ^^^^ hint tool-unknown: \`Task\` is an older name of \`Agent\`; use \`Agent\` (claude-code).
      - mcp__github__create_issue
      - mcp__sentry
      - ask_user
    //  ^^^^^^^^ info tool-unknown: \`ask_user\` in \`allowed-tools\` is not a built-in tool of Claude Code nor an MCP tool (\`mcp__<server>__<tool>\`), so it has no effect there; it may be another agent's tool (claude-code).
    disallowed-tools: "WebFetch, Writ"
    //                           ^^^^ warning tool-unknown
    ---
    File it.
  `, { through: ['core'] });
});

test('tool-pattern-malformed: unbalanced parentheses', async () => {
  await checkFixture(`
    //- .claude/skills/commit/SKILL.md
    ---
    name: commit
    description: Commits staged changes. Use when asked to commit.
    disable-model-invocation: true
    allowed-tools: Read Bash(git add:*) Bash(git commit:*
    //                                  ^^^^^^^^^^^^^^^^^ warning tool-pattern-malformed: \`Bash(git commit:*\` in \`allowed-tools\` is not \`Tool\` or \`Tool(spec)\`: its parentheses do not pair up, so the rule does not match what you meant (claude-code).
    ---
    Commit.
  `);
});

test('bash-unscoped: any shell command in a skill Claude may load on its own', async () => {
  await checkFixture(`
    //- .claude/skills/build/SKILL.md
    ---
    name: build
    description: Builds the project. Use when asked to build.
    allowed-tools: Read, Bash
    //                   ^^^^ warning bash-unscoped: \`Bash\` lets the skill run any shell command without asking, and Claude may load the skill on its own; scope it (\`Bash(git status:*)\`) or add \`disable-model-invocation: true\` (claude-code).
    ---
    Build.
  `);
});

test('bash-unscoped: scoped, or user-only skills, are fine; Bash(*) is not scoped', async () => {
  await checkFixture(`
    //- .claude/skills/a/SKILL.md
    ---
    name: a
    description: Builds the project (a). Use when asked to build.
    allowed-tools: Bash(npm run build:*)
    ---
    Build.
    //- .claude/skills/b/SKILL.md
    ---
    name: b
    description: Builds the project (b). Use when asked to build.
    disable-model-invocation: yes
    allowed-tools: Bash
    ---
    Build.
    //- .claude/skills/c/SKILL.md
    ---
    name: c
    description: Builds the project (c). Use when asked to build.
    allowed-tools: ["Bash(*)"]
    //               ^^^^^^^ warning bash-unscoped
    ---
    Build.
  `, { through: ['core'] });
});

test('hooks-schema: unknown event, misspelt field, bad timeout', async () => {
  await checkFixture(`
    //- .claude/skills/fmt/SKILL.md
    ---
    name: fmt
    description: Formats edited files. Use when editing TypeScript.
    hooks:
      PostToolUse:
        - matcher: Edit|Write
          hooks:
            - type: command
    //        ^^^^ warning hooks-schema: A \`command\` hook needs \`command\` (claude-code).
              comand: npx prettier --write .
    //        ^^^^^^ warning hooks-schema: \`comand\` is not a field of a \`command\` hook; did you mean \`command\`? (claude-code)
              timeout: soon
    //                 ^^^^ warning hooks-schema: \`timeout\` is a number of seconds greater than 0 (claude-code).
      postToolUse: []
    //^^^^^^^^^^^ warning hooks-schema: \`postToolUse\` is not a hook event of Claude Code; did you mean \`PostToolUse\`? (claude-code)
    ---
    Format.
  `);
});

test('hooks-schema: missing command, unknown type, a group without hooks', async () => {
  await checkFixture(`
    //- .claude/skills/fmt/SKILL.md
    ---
    name: fmt
    description: Formats edited files. Use when editing TypeScript.
    hooks:
      PreToolUse:
        - matcher: Bash
          hooks:
            - type: command
    //        ^^^^ warning hooks-schema: A \`command\` hook needs \`command\` (claude-code).
            - type: script
    //              ^^^^^^ warning hooks-schema
        - matcher: Edit
    //    ^^^^^^^^^^^^^ warning hooks-schema: A matcher group needs \`hooks\`: the list of hooks to run (claude-code).
      Stop:
        - hooks:
            - type: prompt
              prompt: Check that the tests pass.
    ---
    Format.
  `, { through: ['core'] });
});

// Claude Code: `context: fork` and `agent` (agent-without-fork, fork-without-agent, agent-unknown).
import { test } from 'node:test';
import { checkFixture } from '../../../harness/fixture';

test('agent without context: fork is ignored', async () => {
  await checkFixture(`
    //- .claude/skills/review/SKILL.md
    ---
    name: review
    description: Reviews the current diff. Use when asked for a review.
    agent: Explore
    ^^^^^ warning agent-without-fork: \`agent\` only takes effect with \`context: fork\`; without it the skill runs in the main conversation and \`agent\` is ignored (claude-code).
    ---
    Review the diff.
  `);
});

test('context: fork without agent runs in general-purpose', async () => {
  await checkFixture(`
    //- .claude/skills/review/SKILL.md
    ---
    name: review
    description: Reviews the current diff. Use when asked for a review.
    context: fork
    //       ^^^^ hint fork-without-agent: \`context: fork\` without \`agent\` runs the skill in the \`general-purpose\` subagent, with every tool; …
    ---
    Review the diff.
  `);
});

test('agent names neither a built-in subagent nor one of .claude/agents', async () => {
  await checkFixture(`
    //- .claude/skills/review/SKILL.md
    ---
    name: review
    description: Reviews the current diff. Use when asked for a review.
    context: fork
    agent: reviwer
    //     ^^^^^^^ warning agent-unknown: No subagent \`reviwer\`: it is not built in (\`general-purpose\`, \`Explore\`, \`Plan\`, \`Bash\`, \`statusline-setup\`, \`claude-code-guide\`) nor defined in \`/…/.claude/agents\`… (claude-code); did you mean \`reviewer\`?
    ---
    Review the diff.
    //- .claude/agents/reviewer.md
    ---
    name: reviewer
    description: Reviews code.
    ---
    You review code.
  `);
});

test('agent-unknown: built-in agents, agents by file name and plugin-scoped names are known', async () => {
  await checkFixture(`
    //- .claude/skills/a/SKILL.md
    ---
    name: a
    description: Explores the code base (a). Use when asked where things are.
    context: fork
    agent: Explore
    ---
    Explore.
    //- .claude/skills/b/SKILL.md
    ---
    name: b
    description: Reviews the current diff (b). Use when asked for a review.
    context: fork
    agent: security
    ---
    Review.
    //- .claude/skills/c/SKILL.md
    ---
    name: c
    description: Reviews the current diff (c). Use when asked for a review.
    context: fork
    agent: tools:linter
    ---
    Lint.
    //- .claude/agents/security.md
    You look for security problems.
  `, { through: ['core'] });
});

test('agent-unknown: a name far from any agent is only an info', async () => {
  await checkFixture(`
    //- .claude/skills/a/SKILL.md
    ---
    name: a
    description: Reviews the current diff. Use when asked for a review.
    context: fork
    agent: my-team-reviewer
    //     ^^^^^^^^^^^^^^^^ info agent-unknown: …; an agent given with \`--agents\` or in managed settings would still do.
    ---
    Review.
  `, { through: ['core'] });
});

import { getEntry, getString } from '../../document/values';
import type { Rule } from '../types';
import { insertEntry, removeEntry } from '../edits';
import { ids, withFact } from '../facts';

/** `agent` picks the subagent of a forked skill; without `context: fork` nothing reads it. */
export const agentWithoutFork: Rule = {
  code: 'agent-without-fork',
  title: '`agent` is set but `context` is not `fork`, so the skill runs inline and `agent` is ignored (Claude Code).',
  defaultSeverity: 'warning',
  check(ctx) {
    const has = withFact(ctx.targets, 'subagents');
    const agent = getEntry(ctx.doc, 'agent');
    if (!has || !agent?.value || getString(ctx.doc, 'context')?.trim() === 'fork') return;
    ctx.report({
      message: `\`agent\` only takes effect with \`context: fork\`; without it the skill runs in the main conversation and \`agent\` is ignored (${ids(has.profiles)}).`,
      range: agent.keyRange,
      fixes: [
        { title: 'Add `context: fork`', edits: [insertEntry(ctx.doc, 'context: fork')], preferred: true },
        { title: 'Remove `agent`', edits: [removeEntry(ctx.doc, agent)] },
      ],
    });
  },
};

/** A forked skill without `agent` runs in `general-purpose`: worth knowing, rarely wrong. */
export const forkWithoutAgent: Rule = {
  code: 'fork-without-agent',
  title: '`context: fork` without `agent`: the skill runs in the `general-purpose` subagent (Claude Code).',
  defaultSeverity: 'hint',
  check(ctx) {
    const has = withFact(ctx.targets, 'subagents');
    const context = getEntry(ctx.doc, 'context');
    if (!has || !context?.value || getString(ctx.doc, 'context')?.trim() !== 'fork' || getEntry(ctx.doc, 'agent')) return;
    ctx.report({
      message: `\`context: fork\` without \`agent\` runs the skill in the \`general-purpose\` subagent, with every tool; name one (\`Explore\`, \`Plan\`, or an agent of \`.claude/agents/\`) to choose its tools and model (${ids(has.profiles)}).`,
      range: context.value.range,
      fixes: [{ title: 'Add `agent: general-purpose`', edits: [insertEntry(ctx.doc, 'agent: general-purpose')] }],
    });
  },
};

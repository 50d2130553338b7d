import { closest } from '../../text/similarity';
import type { Fix } from '../../types';
import type { Rule, RuleContext } from '../types';
import { replace } from '../edits';
import { ids, withFact } from '../facts';
import { modelInvocable } from './invocation';
import { TOOL_FIELDS, toolEntries, type ToolEntry } from './toolEntries';

function* entries(ctx: RuleContext): Generator<{ key: string; tool: ToolEntry }> {
  for (const key of TOOL_FIELDS) {
    const found = toolEntries(ctx.doc, key);
    if (found) for (const tool of found.tools) yield { key, tool };
  }
}

const MCP = /^mcp__[A-Za-z0-9_.-]+?(__[A-Za-z0-9_.*-]+)?$/;

export const toolUnknown: Rule = {
  code: 'tool-unknown',
  title: 'An `allowed-tools` / `disallowed-tools` entry is not a Claude Code tool, an older name of one, or an MCP tool (`mcp__server__tool`).',
  defaultSeverity: 'warning',
  check(ctx) {
    const has = withFact(ctx.targets, 'tools');
    if (!has) return;
    const { names, aliases = {} } = has.fact;
    const known = new Set(names);
    for (const { key, tool } of entries(ctx)) {
      if (tool.malformed || known.has(tool.name) || MCP.test(tool.name)) continue;
      const range = ctx.doc.lines.range(tool.start, tool.start + tool.name.length);
      const rename = (to: string): Fix[] => [{ title: `Change to \`${to}\``, edits: [replace(ctx.doc, tool.start, tool.start + tool.name.length, to)], preferred: true }];
      const alias = aliases[tool.name];
      if (alias) {
        ctx.report({ severity: 'hint', message: `\`${tool.name}\` is an older name of \`${alias}\`; use \`${alias}\` (${ids(has.profiles)}).`, range, fixes: rename(alias) });
        continue;
      }
      const near = closest(tool.name, names);
      if (near) {
        ctx.report({ message: `\`${tool.name}\` in \`${key}\` is not a tool name (names are case-sensitive); did you mean \`${near}\`? (${ids(has.profiles)})`, range, fixes: rename(near) });
      } else {
        ctx.report({ severity: 'info', message: `\`${tool.name}\` in \`${key}\` is not a built-in tool of Claude Code nor an MCP tool (\`mcp__<server>__<tool>\`), so it has no effect there; it may be another agent's tool (${ids(has.profiles)}).`, range });
      }
    }
  },
};

export const toolPatternMalformed: Rule = {
  code: 'tool-pattern-malformed',
  title: 'An `allowed-tools` / `disallowed-tools` entry has unbalanced parentheses or text after `Tool(spec)`.',
  defaultSeverity: 'warning',
  check(ctx) {
    const has = withFact(ctx.targets, 'tools');
    if (!has) return;
    for (const { key, tool } of entries(ctx)) {
      if (!tool.malformed) continue;
      ctx.report({
        message: `\`${tool.text}\` in \`${key}\` is not \`Tool\` or \`Tool(spec)\`: its parentheses do not pair up${tool.text.startsWith('(') ? ' or the tool name is missing' : ''}, so the rule does not match what you meant (${ids(has.profiles)}).`,
        range: ctx.doc.lines.range(tool.start, tool.end),
      });
    }
  },
};

export const bashUnscoped: Rule = {
  code: 'bash-unscoped',
  title: '`allowed-tools` pre-approves every shell command (`Bash` without a pattern) in a skill the model may load on its own.',
  defaultSeverity: 'warning',
  check(ctx) {
    const has = withFact(ctx.targets, 'tools');
    if (!has || !modelInvocable(ctx.doc)) return;
    const found = toolEntries(ctx.doc, 'allowed-tools');
    for (const tool of found?.tools ?? []) {
      if (!has.fact.unscoped.includes(tool.name) || (tool.spec !== undefined && !/^\s*:?\*?\s*$/.test(tool.spec))) continue;
      ctx.report({
        message: `\`${tool.text}\` lets the skill run any shell command without asking, and Claude may load the skill on its own; scope it (\`${tool.name}(git status:*)\`) or add \`disable-model-invocation: true\` (${ids(has.profiles)}).`,
        range: ctx.doc.lines.range(tool.start, tool.end),
      });
    }
  },
};

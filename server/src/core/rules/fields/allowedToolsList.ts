import { getEntry, resolveNode } from '../../document/values';
import type { Rule } from '../types';
import { beforeFinalBreak } from '../../text/lineIndex';
import { replace, yamlQuote } from '../edits';
import { ids, withFact } from '../facts';

/**
 * The spec writes `allowed-tools` as one space-separated string. skills-ref reads a
 * list too, but a client written from the spec may not: a hint, with the string form.
 */
export const allowedToolsList: Rule = {
  code: 'allowed-tools-list',
  title: '`allowed-tools` is a YAML list where the specification wants one space-separated string.',
  defaultSeverity: 'hint',
  check(ctx) {
    const has = withFact(ctx.targets, 'allowedToolsString');
    const entry = getEntry(ctx.doc, 'allowed-tools');
    const node = resolveNode(entry?.value);
    if (!has || !entry || node?.kind !== 'seq' || !node.items.length) return;
    const items = node.items.map((i) => resolveNode(i)).map((n) => (n?.kind === 'scalar' && typeof n.value === 'string' ? n.value.trim() : undefined));
    const fixable = items.every((s) => s && !/\s/.test(s));
    ctx.report({
      message: `The specification writes \`allowed-tools\` as one space-separated string (\`Bash(git:*) Read\`); a list works in skills-ref and Claude Code but may not in every client that follows the spec (${ids(has.profiles)}).`,
      range: entry.keyRange,
      fixes: fixable ? [{ title: 'Convert to a space-separated string', edits: [replace(ctx.doc, entry.keyEnd + 1, beforeFinalBreak(ctx.doc.text, node.start, node.end), ' ' + yamlQuote(items.join(' ')))] }] : undefined,
    });
  },
};

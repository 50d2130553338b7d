import type { Rule } from '../types';
import { replace } from '../edits';
import { ids, withFact } from '../facts';
import { bodyLines, inlineCode, inSpans } from '../content/bodyLines';

const TOOL = /#tool:([\w.\-/*]+)/g;

/**
 * `#tool:<name>` as VS Code's prompt validator checks it: a renamed tool gets an
 * info with the new name, an unregistered one "Unknown tool or toolset". Which
 * tools an extension or MCP server adds (`<set>/<tool>`) only the editor knows, so
 * only names without `/` that VS Code does not ship are reported, and gently.
 */
export const toolReferenceUnknown: Rule = {
  code: 'tool-reference-unknown',
  title: '`#tool:<name>` in the body names a renamed tool, or none that VS Code ships (Copilot).',
  defaultSeverity: 'info',
  check(ctx) {
    const has = withFact(ctx.targets, 'toolReferences');
    // Most bodies have no `#tool:`: one search of the text instead of the body's lines.
    if (!has || ctx.doc.text.indexOf('#tool:', ctx.doc.bodyStart) === -1) return;
    const known = new Set(has.fact.known);
    for (const line of bodyLines(ctx.doc)) {
      if (line.fence !== undefined || !line.text.includes('#tool:')) continue;
      const spans = inlineCode(line.text);
      TOOL.lastIndex = 0;
      for (let m = TOOL.exec(line.text); m; m = TOOL.exec(line.text)) {
        if (inSpans(spans, m.index)) continue;
        const name = m[1].replace(/[.]+$/, '');
        const start = line.start + m.index + 6;
        const range = ctx.doc.lines.range(start, start + name.length);
        const renamed = has.fact.renamed[name];
        if (renamed) {
          ctx.report({
            message: `Tool \`${name}\` has been renamed: VS Code asks for \`${renamed}\` (${ids(has.profiles)}).`,
            range,
            tags: ['deprecated'],
            fixes: [{ title: `Change to \`#tool:${renamed}\``, edits: [replace(ctx.doc, start, start + name.length, renamed)], preferred: true }],
          });
        } else if (!known.has(name) && !name.includes('/')) {
          ctx.report({ severity: 'hint', message: `\`${name}\` is not a tool or tool set that VS Code ships; unless an extension registers it, VS Code reports "Unknown tool or toolset" (${ids(has.profiles)}).`, range });
        }
      }
    }
  },
};

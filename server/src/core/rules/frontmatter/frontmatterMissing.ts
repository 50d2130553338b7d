import type { Rule } from '../types';
import { eol } from '../edits';

export const frontmatterMissing: Rule = {
  code: 'frontmatter-missing',
  title: 'SKILL.md has no YAML frontmatter between `---` lines, so agents cannot read its name and description.',
  defaultSeverity: 'error',
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if (fm.state !== 'missing') return;
    const nl = eol(ctx.doc);
    const at = ctx.doc.hasBom ? 1 : 0;
    ctx.report({
      message: 'No frontmatter: a SKILL.md must start with `---`, then `name:` and `description:`, then `---`.',
      range: { start: ctx.doc.lines.positionAt(at), end: { line: 0, character: ctx.doc.lines.lineEnd(0) } },
      fixes: [{
        title: 'Add frontmatter',
        edits: [{ range: ctx.doc.lines.range(at, at), newText: `---${nl}name: ${ctx.folderName}${nl}description: ${nl}---${nl}` }],
      }],
    });
  },
};

import type { Rule } from '../types';

export const frontmatterNotAtStart: Rule = {
  code: 'frontmatter-not-at-start',
  title: 'Blank lines before the opening `---`: agents only recognise frontmatter on the first line.',
  defaultSeverity: 'error',
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if (!fm.leadingBlankLines || !fm.openRange) return;
    const from = ctx.doc.hasBom ? 1 : 0;
    const to = ctx.doc.lines.offsetAt(fm.openRange.start);
    ctx.report({
      message: 'The frontmatter does not start on the first line; agents will see no name or description. Remove the blank lines above `---`.',
      range: fm.openRange,
      fixes: [{ title: 'Remove the blank lines before the frontmatter', edits: [{ range: ctx.doc.lines.range(from, to), newText: '' }], preferred: true }],
    });
  },
};

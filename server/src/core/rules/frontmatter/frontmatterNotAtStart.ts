import type { Rule } from '../types';
import { Verdict } from '../outcomes';

export const frontmatterNotAtStart: Rule = {
  code: 'frontmatter-not-at-start',
  title: 'Blank lines before the opening `---`: most agents only recognise frontmatter on the first line.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if (!fm.leadingBlankLines || !fm.openRange) return;
    const verdict = new Verdict(ctx.targets, (p) => {
      const o = p.onLeadingBlankLines ?? 'reject';
      return o === 'accepted' ? undefined : o;
    });
    if (verdict.empty) return;
    const from = ctx.doc.hasBom ? 1 : 0;
    const to = ctx.doc.lines.offsetAt(fm.openRange.start);
    ctx.report({
      severity: verdict.severity,
      message: `The frontmatter does not start on the first line, so its fields are not read; remove the blank lines above \`---\` (${verdict.describe()}).`,
      range: fm.openRange,
      fixes: [{ title: 'Remove the blank lines before the frontmatter', edits: [{ range: ctx.doc.lines.range(from, to), newText: '' }], preferred: true }],
    });
  },
};

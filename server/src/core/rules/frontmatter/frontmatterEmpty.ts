import type { Rule } from '../types';

export const frontmatterEmpty: Rule = {
  code: 'frontmatter-empty',
  title: 'The frontmatter has no fields.',
  defaultSeverity: 'error',
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if (fm.state !== 'empty' || !fm.openRange) return;
    const required = ctx.targets.filter((t) => Object.values(t.fields).some((f) => f.required));
    ctx.report({
      severity: required.length ? 'error' : 'warning',
      message: 'The frontmatter is empty; add `name:` and `description:`.',
      range: { start: fm.openRange.start, end: fm.closeRange?.end ?? fm.openRange.end },
    });
  },
};

import type { Rule } from '../types';

export const frontmatterNotMapping: Rule = {
  code: 'frontmatter-not-mapping',
  title: 'The frontmatter is YAML but not a mapping of `key: value` pairs.',
  defaultSeverity: 'error',
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if (fm.state !== 'not-mapping' || !fm.root) return;
    const what = fm.root.kind === 'seq' ? 'a list' : 'a single value';
    ctx.report({
      message: `The frontmatter is ${what}, not a mapping; write it as \`name: …\` and \`description: …\` lines.`,
      range: fm.root.range,
    });
  },
};

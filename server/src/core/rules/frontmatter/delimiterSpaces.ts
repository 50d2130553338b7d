import type { Rule } from '../types';

export const delimiterSpaces: Rule = {
  code: 'frontmatter-delimiter-spaces',
  title: 'A `---` delimiter line has trailing white space, which some parsers do not accept.',
  defaultSeverity: 'warning',
  check(ctx) {
    // The opening and the closing line, each on its own (fix all removes both).
    for (const r of ctx.doc.frontmatter.delimiterTrailingSpace ?? []) {
      ctx.report({
        message: 'Trailing white space after `---`: some agents\' frontmatter parsers require the line to be exactly `---`.',
        range: r,
        fixes: [{ title: 'Remove the trailing white space', edits: [{ range: r, newText: '' }], preferred: true }],
      });
    }
  },
};

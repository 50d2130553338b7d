import { MAX_FRONTMATTER_PARSE_CHARS } from '../../document/parse';
import type { Rule } from '../types';
import { thousands } from '../../text/thousands';

const n = thousands;

export const frontmatterTooLarge: Rule = {
  code: 'frontmatter-too-large',
  title: `The frontmatter is longer than ${n(MAX_FRONTMATTER_PARSE_CHARS)} characters, which skillmd does not parse (so it is not checked).`,
  defaultSeverity: 'error',
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if (fm.state !== 'too-large' || !fm.openRange) return;
    ctx.report({
      message: `The frontmatter is ${n(fm.contentEnd - fm.contentStart)} characters long, over the ${n(MAX_FRONTMATTER_PARSE_CHARS)} skillmd parses, so none of it is checked. Agents parse it whenever they list skills: keep it to \`name\`, \`description\` and a few fields, and move data into files.`,
      range: fm.openRange,
    });
  },
};

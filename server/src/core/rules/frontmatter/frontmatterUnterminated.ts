import type { Rule } from '../types';
import { eol } from '../edits';
import { likelyCloseLine } from '../../document/likelyBodyStart';

export const frontmatterUnterminated: Rule = {
  code: 'frontmatter-unterminated',
  title: 'The frontmatter is opened with `---` but never closed.',
  defaultSeverity: 'error',
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if (fm.state !== 'unterminated' || !fm.openRange) return;
    // Close it before the first blank line or heading: where the YAML most likely ends.
    const lines = ctx.doc.lines;
    const closeLine = likelyCloseLine(ctx.doc);
    const at = closeLine < lines.lineCount ? lines.lineStarts[closeLine] : ctx.doc.text.length;
    const nl = eol(ctx.doc);
    const prefix = at === ctx.doc.text.length && !/[\r\n]$/.test(ctx.doc.text) ? nl : '';
    ctx.report({
      message: 'The frontmatter has no closing `---` line; agents cannot read it.',
      range: fm.openRange,
      fixes: [{ title: 'Insert the closing `---`', edits: [{ range: lines.range(at, at), newText: `${prefix}---${nl}` }], preferred: true }],
    });
  },
};

import type { Rule } from '../types';
import { perTargets, Verdict } from '../outcomes';

const verdictFor = perTargets((targets) => {
  const v = new Verdict(targets, (p) => p.onInnerDelimiter);
  return v.empty ? null : v;
});

/**
 * skills-ref finds the frontmatter with `content.split("---", 2)`: the first `---`
 * after the opening one ends it, wherever it is. A comment such as `# ---- options ----`
 * or a value holding `---` cuts the YAML there, and the fields after it are missing.
 */
export const innerDelimiter: Rule = {
  code: 'frontmatter-inner-delimiter',
  title: '`---` inside the frontmatter (in a comment or a value): an agent that splits the file at every `---` ends the frontmatter there.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const verdict = verdictFor(ctx.targets);
    const fm = ctx.doc.frontmatter;
    if (!verdict || !fm.openRange || fm.contentEnd <= fm.contentStart) return;
    const at = ctx.doc.text.indexOf('---', fm.contentStart);
    if (at === -1 || at >= fm.contentEnd) return;
    const lineEnd = ctx.doc.lines.lineEnd(ctx.doc.lines.positionAt(at).line);
    ctx.report({
      severity: verdict.severity,
      message: `\`---\` here ends the frontmatter for an agent that splits the file at each \`---\`, so what follows is not read as fields (${verdict.describe()}). Avoid \`---\` inside the frontmatter.`,
      range: ctx.doc.lines.range(at, Math.min(lineEnd, at + 3)),
    });
  },
};

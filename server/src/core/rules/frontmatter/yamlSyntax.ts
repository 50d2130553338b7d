import type { Rule } from '../types';
import { perTargets, Verdict } from '../outcomes';
import { isUnquotedColonProblem } from './unquotedColon';

const yamlErrorVerdict = perTargets((targets) => new Verdict(targets, (p) => p.onYamlError));

export const yamlSyntax: Rule = {
  code: 'yaml-syntax',
  title: 'The frontmatter is not valid YAML.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    if (ctx.doc.frontmatter.problems.length === 0) return;
    const verdict = yamlErrorVerdict(ctx.targets);
    for (const p of ctx.doc.frontmatter.problems) {
      if (isUnquotedColonProblem(ctx.doc, p)) continue;
      if (p.code === 'DUPLICATE_KEY') continue;
      const who = verdict.empty ? '' : ` (${verdict.describe()})`;
      ctx.report({
        severity: p.severity === 'warning' ? 'warning' : verdict.severity,
        message: `YAML: ${p.message}${who}.`,
        range: p.range,
      });
    }
  },
};

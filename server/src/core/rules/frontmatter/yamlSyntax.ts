import type { Rule } from '../types';
import { Verdict } from '../outcomes';
import { isUnquotedColonProblem } from './unquotedColon';

export const yamlSyntax: Rule = {
  code: 'yaml-syntax',
  title: 'The frontmatter is not valid YAML.',
  defaultSeverity: 'error',
  check(ctx) {
    const verdict = new Verdict(ctx.targets, (p) => p.onYamlError);
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

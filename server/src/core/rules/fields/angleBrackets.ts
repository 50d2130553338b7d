import { toJs } from '../../document/values';
import type { Rule } from '../types';
import { Verdict } from '../outcomes';
import { lastEntries } from './entries';

export const angleBrackets: Rule = {
  code: 'angle-brackets',
  title: '`<` or `>` (XML tags) in `name` or `description`, which some agents forbid because the text goes into an XML prompt.',
  defaultSeverity: 'error',
  check(ctx) {
    for (const entry of lastEntries(ctx.doc)) {
      const v = toJs(entry.value);
      if (typeof v !== 'string' || !/[<>]/.test(v)) continue;
      const verdict = new Verdict(ctx.targets, (p) => {
        const forbidden = entry.key === 'name' ? p.name.forbidAngleBrackets : p.fields[entry.key]?.forbidAngleBrackets;
        return forbidden ? (p.fields[entry.key]?.onInvalid ?? 'reject') : undefined;
      });
      if (verdict.empty) continue;
      ctx.report({
        severity: verdict.severity === 'info' ? 'warning' : verdict.severity,
        message: `\`${entry.key}\` contains \`<\` or \`>\`; XML tags are not allowed here (${verdict.describe()}).`,
        range: entry.value!.range,
      });
    }
  },
};

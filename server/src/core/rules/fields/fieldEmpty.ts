import { toJs } from '../../document/values';
import type { Rule } from '../types';
import { Verdict } from '../outcomes';
import { lastEntries } from './entries';

export const fieldEmpty: Rule = {
  code: 'field-empty',
  title: 'A field that must have a value is empty.',
  defaultSeverity: 'error',
  check(ctx) {
    for (const entry of lastEntries(ctx.doc)) {
      const v = toJs(entry.value);
      const empty = v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
      if (!empty) continue;
      const verdict = new Verdict(ctx.targets, (p) => {
        const spec = p.fields[entry.key];
        if (!spec) return undefined;
        return spec.required || (spec.minLength ?? 0) > 0 ? spec.onInvalid : undefined;
      });
      if (verdict.empty) continue;
      ctx.report({
        severity: verdict.severity,
        message: `\`${entry.key}\` is empty (${verdict.describe()}).`,
        range: entry.value ? entry.value.range : entry.keyRange,
      });
    }
  },
};

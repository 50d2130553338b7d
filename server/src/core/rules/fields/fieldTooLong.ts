import { toJs } from '../../document/values';
import type { Rule } from '../types';
import { Verdict } from '../outcomes';
import { charLength, lastEntries } from './entries';

export const fieldTooLong: Rule = {
  code: 'field-too-long',
  title: 'A field is longer than a target agent allows (`name` 64, `description` 1024, `compatibility` 500 characters).',
  defaultSeverity: 'error',
  check(ctx) {
    for (const entry of lastEntries(ctx.doc)) {
      const v = toJs(entry.value);
      if (typeof v !== 'string') continue;
      const raw = entry.key === 'name' ? v.trim().normalize('NFKC') : v;
      const len = charLength(raw);
      const verdict = new Verdict(ctx.targets, (p) => {
        const spec = p.fields[entry.key];
        const max = entry.key === 'name' ? Math.min(spec?.maxLength ?? Infinity, spec ? p.name.maxLength : Infinity) : spec?.maxLength;
        return spec && max !== undefined && len > max ? spec.onTooLong ?? spec.onInvalid : undefined;
      });
      if (verdict.empty) continue;
      const limits = [...new Set(verdict.profiles.map((p) => p.fields[entry.key].maxLength ?? p.name.maxLength))].sort((a, b) => a - b);
      ctx.report({
        severity: verdict.severity,
        message: `\`${entry.key}\` is ${len} characters, over the limit of ${limits.join('/')} (${verdict.describe()}).`,
        range: entry.value!.range,
      });
    }
  },
};

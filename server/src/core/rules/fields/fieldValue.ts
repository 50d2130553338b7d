import { resolveNode } from '../../document/values';
import { closest } from '../../text/similarity';
import type { Rule } from '../types';
import { replaceValue } from '../edits';
import { perTargetsAndKey, Verdict } from '../outcomes';
import { lastEntries } from './entries';

/** Whether some target restricts the key to a set of values. */
const restricted = perTargetsAndKey((targets, key) => targets.some((p) => p.fields[key]?.values));

export const fieldValue: Rule = {
  code: 'field-value',
  title: 'A field has a value outside its allowed set (e.g. `context: forked`).',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    for (const entry of lastEntries(ctx.doc)) {
      const node = resolveNode(entry.value);
      if (!restricted(ctx.targets, entry.key)) continue;
      if (!node || node.kind !== 'scalar' || typeof node.value !== 'string') continue;
      const value = node.value;
      const verdict = new Verdict(ctx.targets, (p) => {
        const values = p.fields[entry.key]?.values;
        const spec = p.fields[entry.key];
        return values && !values.includes(value) ? spec.onUnknownValue ?? spec.onInvalid : undefined;
      });
      if (verdict.empty) continue;
      const allowed = [...new Set(verdict.profiles.flatMap((p) => p.fields[entry.key].values ?? []))];
      const near = closest(value, allowed);
      ctx.report({
        severity: verdict.severity === 'info' ? 'warning' : verdict.severity,
        message: `\`${value}\` is not a valid \`${entry.key}\`: expected ${allowed.map((a) => `\`${a}\``).join(', ')}${near ? `; did you mean \`${near}\`?` : ''} (${verdict.describe()}).`,
        range: node.range,
        fixes: (near ? [near] : allowed).map((a, i) => ({ title: `Change to \`${a}\``, edits: [replaceValue(ctx.doc, entry, a)], preferred: i === 0 && !!near })),
      });
    }
  },
};

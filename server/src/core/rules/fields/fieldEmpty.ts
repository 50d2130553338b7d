import { resolveNode } from '../../document/values';
import type { Rule } from '../types';
import { perTargetsAndKey, Verdict } from '../outcomes';
import { lastEntries } from './entries';
import { hasYamlErrorAt, isBlank, missingOutcome, shapeFor, stringFor } from './profileValues';

/** Whether some target needs a value for the key. */
const needsValue = perTargetsAndKey((targets, key) => targets.some((p) => {
  const spec = p.fields[key];
  return !!spec && (spec.required || (spec.minLength ?? 0) > 0);
}));

export const fieldEmpty: Rule = {
  code: 'field-empty',
  title: 'A field that must have a value is empty.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    for (const entry of lastEntries(ctx.doc)) {
      if (!needsValue(ctx.targets, entry.key)) continue;
      if (entry.value && hasYamlErrorAt(ctx.doc, entry)) continue;
      const node = resolveNode(entry.value);
      if (node && node.kind !== 'scalar') continue;
      const verdict = new Verdict(ctx.targets, (p) => {
        const spec = p.fields[entry.key];
        if (!spec || !(spec.required || (spec.minLength ?? 0) > 0)) return undefined;
        const shape = shapeFor(p, node);
        const empty = shape === 'null' || (shape === 'string' && isBlank(stringFor(p, node)!));
        // An empty required value is read like a missing one (opencode and VS Code list
        // the skill with no description; the others skip it).
        return empty ? (spec.required ? missingOutcome(spec) : spec.onInvalid) : undefined;
      });
      if (verdict.empty) continue;
      ctx.report({
        severity: verdict.severity,
        message: `\`${entry.key}\` is empty; give it a value (${verdict.describe()}).`,
        range: entry.value ? entry.value.range : entry.keyRange,
      });
    }
  },
};

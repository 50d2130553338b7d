import { getEntry, resolveNode } from '../../document/values';
import type { Rule } from '../types';
import { Verdict } from '../outcomes';

export const nameReservedWord: Rule = {
  code: 'name-reserved-word',
  title: '`name` contains a word an agent reserves (Claude: "anthropic", "claude").',
  defaultSeverity: 'warning',
  check(ctx) {
    const node = resolveNode(getEntry(ctx.doc, 'name')?.value);
    if (!node || node.kind !== 'scalar' || typeof node.value !== 'string') return;
    const name = node.value.toLowerCase();
    const words = new Set<string>();
    const verdict = new Verdict(ctx.targets, (p) => {
      const hit = p.name.reservedWords?.filter((w) => name.includes(w)) ?? [];
      hit.forEach((w) => words.add(w));
      return hit.length ? p.name.onInvalid : undefined;
    });
    if (verdict.empty) return;
    ctx.report({
      severity: verdict.severity === 'info' ? 'warning' : verdict.severity,
      message: `Skill name contains the reserved word ${[...words].map((w) => `"${w}"`).join(', ')} (${verdict.describe()}).`,
      range: node.range,
    });
  },
};

import { getEntry } from '../../document/values';
import type { Rule } from '../types';
import { perTargets, Verdict } from '../outcomes';
import { stringFor } from './profileValues';

const reservesNames = perTargets((targets) => targets.some((p) => p.name.reservedWords?.length || p.name.reservedPrefixes?.length));

export const nameReservedWord: Rule = {
  code: 'name-reserved-word',
  title: '`name` contains a word or prefix an agent reserves (Claude Code: names starting with `anthropic-skills`).',
  defaultSeverity: 'warning',
  severityByTarget: true,
  check(ctx) {
    if (!reservesNames(ctx.targets)) return;
    const entry = getEntry(ctx.doc, 'name');
    if (!entry?.value) return;
    const words = new Set<string>();
    const prefixes = new Set<string>();
    const verdict = new Verdict(ctx.targets, (p) => {
      const name = stringFor(p, entry.value)?.trim().toLowerCase();
      if (name === undefined) return undefined;
      const w = p.name.reservedWords?.filter((x) => name.includes(x)) ?? [];
      const pre = p.name.reservedPrefixes?.filter((x) => name.startsWith(x)) ?? [];
      w.forEach((x) => words.add(x));
      pre.forEach((x) => prefixes.add(x));
      return w.length || pre.length ? p.name.onInvalid : undefined;
    });
    if (verdict.empty) return;
    const parts: string[] = [];
    if (prefixes.size) parts.push(`starts with the reserved ${[...prefixes].map((w) => `\`${w}\``).join(', ')}`);
    if (words.size) parts.push(`contains the reserved word ${[...words].map((w) => `"${w}"`).join(', ')}`);
    ctx.report({
      severity: verdict.severity === 'info' ? 'warning' : verdict.severity,
      message: `Skill name ${parts.join(' and ')}; rename it (${verdict.describe()}).`,
      range: entry.value.range,
    });
  },
};

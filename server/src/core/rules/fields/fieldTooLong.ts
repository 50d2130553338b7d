import type { FrontmatterEntry } from '../../document/model';
import type { AgentProfile, FieldSpec } from '../../profiles/types';
import type { Rule, RuleContext } from '../types';
import { perTargetsAndKey, Verdict } from '../outcomes';
import { lastEntries } from './entries';
import { measure, stringFor } from './profileValues';

const MEASURE_NOTE: Record<string, string> = {
  'collapsed-whitespace': ' after collapsing white space',
  utf16: ' in UTF-16 code units (an emoji counts 2)',
};

function check(ctx: RuleContext, entry: FrontmatterEntry, label: string, specOf: (p: AgentProfile) => FieldSpec | undefined): void {
  const lengths = new Map<AgentProfile, number>();
  const verdict = new Verdict(ctx.targets, (p) => {
    const spec = specOf(p);
    if (!spec) return undefined;
    const v = stringFor(p, entry.value);
    if (v === undefined) return undefined;
    const isName = label === 'name';
    const max = Math.min(spec.maxLength ?? Infinity, isName ? p.name.maxLength : Infinity);
    if (max === Infinity) return undefined;
    const nfkc = isName && !!p.name.nfkc;
    // Every measure counts at most one per UTF-16 unit, and only NFKC can lengthen.
    if (!nfkc && v.length <= max) return undefined;
    const len = measure(v, spec.lengthMeasure ?? (isName && p.name.nfkc ? 'stripped' : undefined), nfkc);
    if (len <= max) return undefined;
    lengths.set(p, len);
    return (isName ? p.name.onTooLong : undefined) ?? spec.onTooLong ?? spec.onInvalid;
  });
  if (verdict.empty) return;
  const first = verdict.profiles[0];
  const len = lengths.get(first)!;
  const limits = [...new Set(verdict.profiles.map((p) => Math.min(specOf(p)!.maxLength ?? Infinity, label === 'name' ? p.name.maxLength : Infinity)))].sort((a, b) => a - b);
  const how = specOf(first)!.lengthMeasure;
  // UTF-16 units differ from characters only with characters outside the BMP (emoji).
  const note = how === 'utf16' && !/[\uD800-\uDBFF]/.test(stringFor(first, entry.value) ?? '') ? '' : MEASURE_NOTE[how ?? ''] ?? '';
  ctx.report({
    severity: verdict.severity,
    message: `\`${label}\` is ${len} characters${note}, over the limit of ${limits.join('/')}; shorten it (${verdict.describe()}).`,
    range: entry.value!.range,
  });
}

/** Whether some target limits the length of the key's value. */
const limited = perTargetsAndKey((targets, key) => targets.some((p) => {
  const spec = p.fields[key];
  return !!spec && Math.min(spec.maxLength ?? Infinity, key === 'name' ? p.name.maxLength : Infinity) !== Infinity;
}));

/** Whether some target limits the length of a value nested in the key's map. */
const limitsChildren = perTargetsAndKey((targets, key) => targets.some((p) => Object.values(p.fields[key]?.children ?? {}).some((c) => c.maxLength !== undefined)));

export const fieldTooLong: Rule = {
  code: 'field-too-long',
  title: 'A field is longer than a target agent allows (`name` 64, `description` 1024, `compatibility` 500 characters).',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    for (const entry of lastEntries(ctx.doc)) {
      if (!entry.value) continue;
      if (limited(ctx.targets, entry.key)) check(ctx, entry, entry.key, (p) => p.fields[entry.key]);
      const node = entry.value.kind === 'map' ? entry.value : undefined;
      if (!node || !limitsChildren(ctx.targets, entry.key)) continue;
      for (const child of node.entries) {
        if (child.value) check(ctx, child, `${entry.key}.${child.key}`, (p) => p.fields[entry.key]?.children?.[child.key]);
      }
    }
  },
};

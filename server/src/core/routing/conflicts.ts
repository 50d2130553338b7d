import type { RuleInfo } from '../rules/fileRules';
import type { Range, SkillDiagnostic } from '../types';
import { TermIndex, type RoutableSkill } from './index';

/** The default `routing.threshold`: the TF-IDF cosine above which two skills are reported. */
export const DEFAULT_ROUTING_THRESHOLD = 0.5;

export const routingRuleInfos: RuleInfo[] = [
  { code: 'routing-overlap', title: 'Two skills one agent sees together describe nearly the same job (TF-IDF cosine of description, `when_to_use`, `trigger_keywords`, `tags` ≥ `routing.threshold`): the agent may pick the wrong one.', defaultSeverity: 'info' },
  { code: 'routing-trigger-shared', title: 'Two skills one agent sees together claim the same trigger keyword.', defaultSeverity: 'warning' },
  { code: 'routing-description-identical', title: 'Two skills one agent sees together have the same description.', defaultSeverity: 'warning' },
];

export interface ConflictSkill extends RoutableSkill {
  file: string;
  nameRange: Range;
  descriptionRange?: Range;
  /** ranges of `triggerKeywords[i]` */
  triggerRanges?: readonly Range[];
  /** the file the trigger keywords are written in (default `file`) */
  triggerFile?: string;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const code = (s: string) => `\`${s}\``;

/** The heaviest terms of skill `i` that skill `j` lacks: what sets `i` apart. */
function distinctive(index: TermIndex, i: number, j: number, n = 3): string[] {
  const other = index.docs[j].vector;
  return [...index.docs[i].vector].filter(([t]) => !other.has(t)).sort((a, b) => b[1] - a[1]).slice(0, n).map(([t]) => index.word(t));
}

/**
 * Routing conflicts among skills one agent sees together: similar pairs (reported on
 * both skills), shared trigger keywords, identical descriptions.
 */
export function routingConflicts(skills: readonly ConflictSkill[], threshold = DEFAULT_ROUTING_THRESHOLD): SkillDiagnostic[] {
  const out: SkillDiagnostic[] = [];
  const at = (s: ConflictSkill) => s.descriptionRange ?? s.nameRange;
  // Identical descriptions first: a similar-pair report would only repeat them.
  const byDescription = new Map<string, number[]>();
  skills.forEach((s, i) => {
    const d = norm(s.description);
    if (!d) return;
    let list = byDescription.get(d);
    if (!list) byDescription.set(d, (list = []));
    list.push(i);
  });
  const identical = new Set<string>();
  for (const list of byDescription.values()) {
    if (list.length < 2) continue;
    for (const i of list) {
      const others = list.filter((j) => j !== i);
      for (const j of others) identical.add(`${Math.min(i, j)},${Math.max(i, j)}`);
      out.push({
        code: 'routing-description-identical', severity: 'warning', file: skills[i].file, range: at(skills[i]),
        message: `${code(skills[i].name)} has the same description as ${others.map((j) => code(skills[j].name)).join(', ')}: the agent cannot tell them apart; say what each one is for`,
        related: others.map((j) => ({ file: skills[j].file, range: at(skills[j]), message: `the description of ${code(skills[j].name)}` })),
      });
    }
  }
  const index = new TermIndex(skills);
  for (const p of index.similarPairs(threshold)) {
    if (identical.has(`${p.a},${p.b}`)) continue;
    const shared = p.shared.slice(0, 6).map((t) => index.word(t)).join(', ');
    for (const [i, j] of [[p.a, p.b], [p.b, p.a]]) {
      const mine = skills[i];
      const other = skills[j];
      const theirs = distinctive(index, j, i);
      const boundary = theirs.length ? `for ${theirs.join(', ')}, use ${code(other.name)}` : `when to use ${code(other.name)} instead`;
      out.push({
        code: 'routing-overlap', severity: 'info', file: mine.file, range: at(mine),
        message: `${code(mine.name)} reads much like ${code(other.name)} (similarity ${p.score.toFixed(2)}; shared terms: ${shared}): an agent may pick the wrong one; name the boundary in the description, e.g. "${boundary}"`,
        related: [{ file: other.file, range: at(other), message: `${code(other.name)}: shares ${shared}` }],
      });
    }
  }
  // Trigger keywords claimed by two skills.
  const claims = new Map<string, number[]>();
  skills.forEach((s, i) => {
    for (const k of new Set((s.triggerKeywords ?? []).map(norm))) {
      if (!k) continue;
      let list = claims.get(k);
      if (!list) claims.set(k, (list = []));
      list.push(i);
    }
  });
  for (const [k, list] of claims) {
    if (list.length < 2) continue;
    const where = (i: number) => {
      const s = skills[i];
      const idx = (s.triggerKeywords ?? []).findIndex((x) => norm(x) === k);
      return s.triggerRanges?.[idx] ?? s.nameRange;
    };
    const fileOf = (i: number) => (skills[i].triggerRanges?.length ? skills[i].triggerFile ?? skills[i].file : skills[i].file);
    for (const i of list) {
      const others = list.filter((j) => j !== i);
      out.push({
        code: 'routing-trigger-shared', severity: 'warning', file: fileOf(i), range: where(i),
        message: `the trigger keyword "${k}" is also claimed by ${others.map((j) => code(skills[j].name)).join(', ')}: a request with it matches both; keep it on one skill`,
        related: others.map((j) => ({ file: fileOf(j), range: where(j), message: `"${k}" in ${code(skills[j].name)}` })),
      });
    }
  }
  return out;
}

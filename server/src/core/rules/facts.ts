import type { AgentProfile, SkillFacts } from '../profiles/types';

/** The targets whose table has `key`, and the first one's fact (they share it). */
export function withFact<K extends keyof SkillFacts>(targets: readonly AgentProfile[], key: K): { fact: NonNullable<SkillFacts[K]>; profiles: AgentProfile[] } | undefined {
  let fact: SkillFacts[K] | undefined;
  const profiles: AgentProfile[] = [];
  for (const p of targets) {
    const f = p.facts?.[key];
    if (f === undefined) continue;
    fact ??= f;
    profiles.push(p);
  }
  return fact === undefined ? undefined : { fact: fact as NonNullable<SkillFacts[K]>, profiles };
}

export function ids(ps: readonly AgentProfile[]): string {
  return ps.map((p) => p.id).join(', ');
}

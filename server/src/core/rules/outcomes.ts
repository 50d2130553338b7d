import type { AgentProfile, Outcome } from '../profiles/types';
import type { Severity } from '../types';

const ORDER: Outcome[] = ['reject', 'warn', 'truncate', 'ignore'];
const RANK: Record<Outcome, number> = { reject: 0, warn: 1, truncate: 2, ignore: 3 };

const VERB: Record<Outcome, string> = {
  reject: 'rejected by',
  warn: 'reported by',
  truncate: 'truncated by',
  ignore: 'ignored by',
};

export function severityOf(outcome: Outcome): Severity {
  switch (outcome) {
    case 'reject':
      return 'error';
    case 'warn':
    case 'truncate':
      return 'warning';
    default:
      return 'info';
  }
}

/**
 * Groups targets by what each does about a problem; undefined = no problem for it.
 * Rules build one per field per file and most stay empty, so the groups are
 * allocated on the first hit; a verdict never changes once built.
 */
export class Verdict {
  /** targets per outcome, indexed by rank (ORDER) */
  private groups: AgentProfile[][] | undefined;
  private worstRank = ORDER.length;
  private all: AgentProfile[] | undefined;
  private text: string | undefined;

  constructor(targets: readonly AgentProfile[], judge: (p: AgentProfile) => Outcome | undefined) {
    for (const p of targets) {
      const o = judge(p);
      if (!o) continue;
      const rank = RANK[o];
      this.groups ??= [[], [], [], []];
      this.groups[rank].push(p);
      if (rank < this.worstRank) this.worstRank = rank;
    }
  }

  get empty(): boolean {
    return this.groups === undefined;
  }

  get worst(): Outcome | undefined {
    return ORDER[this.worstRank];
  }

  get severity(): Severity {
    const w = this.worst;
    return w ? severityOf(w) : 'info';
  }

  /** Worst outcome first; shared between calls, so callers must not change it. */
  get profiles(): AgentProfile[] {
    this.all ??= this.groups ? this.groups.flat() : [];
    return this.all;
  }

  /** "rejected by agentskills, copilot; ignored by eino" */
  describe(): string {
    if (this.text === undefined) {
      const parts: string[] = [];
      this.groups?.forEach((g, rank) => {
        if (g.length) parts.push(`${VERB[ORDER[rank]]} ${g.map((p) => p.id).join(', ')}`);
      });
      this.text = parts.join('; ');
    }
    return this.text;
  }
}

/**
 * Memoises `compute` per list of targets. checkDocument hands every file with the
 * same targets the same list, so facts that depend only on the targets (field
 * sets, profile-only verdicts) are derived once per run instead of once per file.
 */
export function perTargets<T>(compute: (targets: readonly AgentProfile[]) => T): (targets: readonly AgentProfile[]) => T {
  // eslint-disable-next-line no-restricted-syntax -- keyed by the few shared target lists of a run (checkDocument.ts profilesFor), which live for the process
  const cache = new WeakMap<readonly AgentProfile[], T>();
  return (targets) => {
    let hit = cache.get(targets);
    if (hit === undefined) cache.set(targets, (hit = compute(targets)));
    return hit;
  };
}

/** Like `perTargets`, for facts that also depend on a frontmatter key. */
export function perTargetsAndKey<T>(compute: (targets: readonly AgentProfile[], key: string) => T): (targets: readonly AgentProfile[], key: string) => T {
  const tables = perTargets(() => new Map<string, T>());
  return (targets, key) => {
    const table = tables(targets);
    let hit = table.get(key);
    if (hit === undefined) {
      // Keys come from the documents: bound the table in case of many odd ones.
      if (table.size >= 1000) table.clear();
      table.set(key, (hit = compute(targets, key)));
    }
    return hit;
  };
}

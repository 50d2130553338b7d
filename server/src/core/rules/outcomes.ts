import type { AgentProfile, Outcome } from '../profiles/types';
import type { Severity } from '../types';

const ORDER: Outcome[] = ['reject', 'warn', 'truncate', 'ignore'];

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

/** Groups targets by what each does about a problem; undefined = no problem for it. */
export class Verdict {
  private readonly groups = new Map<Outcome, AgentProfile[]>();

  constructor(targets: readonly AgentProfile[], judge: (p: AgentProfile) => Outcome | undefined) {
    for (const p of targets) {
      const o = judge(p);
      if (!o) continue;
      const list = this.groups.get(o) ?? [];
      list.push(p);
      this.groups.set(o, list);
    }
  }

  get empty(): boolean {
    return this.groups.size === 0;
  }

  get worst(): Outcome | undefined {
    return ORDER.find((o) => this.groups.has(o));
  }

  get severity(): Severity {
    const w = this.worst;
    return w ? severityOf(w) : 'info';
  }

  get profiles(): AgentProfile[] {
    return ORDER.flatMap((o) => this.groups.get(o) ?? []);
  }

  /** "rejected by agentskills, copilot; ignored by eino" */
  describe(): string {
    return ORDER.filter((o) => this.groups.has(o))
      .map((o) => `${VERB[o]} ${this.groups.get(o)!.map((p) => p.id).join(', ')}`)
      .join('; ');
  }
}

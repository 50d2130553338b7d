// The workspace checks of the SKILL.md files that are not open (a fallback to a missing
// skill, a fallback cycle, routing conflicts) merged into their workspace index entries,
// so workspace diagnostics (pushed or pulled) carry them. They come from the same pass
// as an open SKILL.md's (ContractService.skillChecks), run again when a skill changes on
// disk or in an editor.
import { byPosition } from '../core/check/checkDocument';
import { WORKSPACE_RULES } from '../core/contracts/model';
import { routingRuleInfos } from '../core/routing/conflicts';
import type { SkillDiagnostic } from '../core/types';
import type { WorkspaceIndex } from './workspaceIndex';

/** The codes this pass owns in an index entry: the rest are the file's own check's (or the skill set's). */
const CODES = new Set([...WORKSPACE_RULES, ...routingRuleInfos.map((r) => r.code)]);
export const CONTRACT_INDEX_CODES: ReadonlySet<string> = CODES;

export type SkillChecks = Map<string, SkillDiagnostic[]>;

export class ContractIndexMerge {
  /** the pass's diagnostics per file, as last computed */
  private current: SkillChecks = new Map();
  /** files this class re-announced: their change is its own */
  private readonly echo = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private queue = Promise.resolve();
  private stamp = 0;
  /** a pass waits for the index to be ready */
  private waiting = false;

  /** what the pass last gave each open SKILL.md (as JSON) */
  private readonly openSeen = new Map<string, string>();

  constructor(
    private readonly index: WorkspaceIndex,
    private readonly isOpen: (file: string) => boolean,
    private readonly compute: () => Promise<SkillChecks>,
    private readonly delayMs: () => number,
    /** an open SKILL.md's part changed (another skill did): its checks must run again */
    private readonly openChanged: (file: string) => void = () => {},
  ) {
    const settle = index.settle;
    index.settle = async () => {
      await settle?.();
      await this.flush();
    };
    index.onDidChange((files) => {
      const fresh = files.filter((f) => !this.echo.delete(f));
      if (!fresh.length) return;
      // A re-checked entry lost this pass's diagnostics: it keeps the last ones until the pass runs again.
      this.merge(this.current, fresh);
      this.schedule();
    });
  }

  /** Something a skill's checks depend on changed: the pass runs after a quiet period. */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.queue = this.queue.then(() => this.run()).catch(() => {});
    }, this.delayMs());
  }

  /** The pass ran for an open SKILL.md's check (`file`): its result stands for the other files too. */
  offer(all: SkillChecks, file: string): void {
    this.openSeen.set(file, JSON.stringify(all.get(file) ?? []));
    this.current = all;
    this.merge(all);
  }

  /** Runs a scheduled pass now; resolves when every pass so far is merged. */
  private flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.queue = this.queue.then(() => this.run()).catch(() => {});
    }
    return this.queue;
  }

  private async run(): Promise<void> {
    // An index on its way: the pass runs once it is ready (with no index, for the open files).
    if (this.index.status.state === 'indexing') {
      if (!this.waiting) {
        this.waiting = true;
        void this.index.whenReady().then(() => {
          this.waiting = false;
          this.schedule();
        });
      }
      return;
    }
    const all = await this.compute();
    this.current = all;
    this.merge(all);
  }

  /** Puts `all` into the entries of `only` (default: every file that has or had some) that differ. */
  private merge(all: SkillChecks, only?: string[]): void {
    const files = only ?? [...new Set([...all.keys(), ...this.had])];
    const changed: string[] = [];
    for (const f of files) {
      const entry = this.index.skills.get(f);
      if (!entry || this.isOpen(f)) continue;
      const want = all.get(f) ?? [];
      const has = entry.diagnostics.filter((d) => CODES.has(d.code));
      if (has.length === want.length && JSON.stringify(has) === JSON.stringify(want)) continue;
      const own = entry.diagnostics.filter((d) => !CODES.has(d.code));
      this.index.skills.set(f, { ...entry, diagnostics: [...own, ...want].sort(byPosition), resultId: `${entry.resultId}c${++this.stamp}` });
      changed.push(f);
    }
    for (const f of all.keys()) this.had.add(f);
    if (!only) this.checkOpen(all);
    if (!changed.length) return;
    for (const f of changed) this.echo.add(f);
    this.index.notify(changed);
  }

  /** Open SKILL.md files whose part differs from what their last check got are checked again. */
  private checkOpen(all: SkillChecks): void {
    for (const f of [...this.openSeen.keys()]) if (!this.isOpen(f)) this.openSeen.delete(f);
    for (const f of new Set([...all.keys(), ...this.openSeen.keys()])) {
      if (!this.isOpen(f)) continue;
      const now = JSON.stringify(all.get(f) ?? []);
      const seen = this.openSeen.get(f);
      this.openSeen.set(f, now);
      if (seen !== undefined && seen !== now) this.openChanged(f);
    }
  }

  /** files that had diagnostics of this pass once: a later pass may clear them */
  private readonly had = new Set<string>();
}

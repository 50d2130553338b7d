// `check --cache` and the language server's index cache keep each root's walk as they
// keep each skill's check: what the walk found (the skill files in walk order, its
// problems, the contract files its listings showed) with every question it asked of the
// disk (each folder listed, each path looked up or resolved). A later run whose
// questions all get the same answers takes that outcome without walking. Most answers
// come from stamps (ReplayAnswers with STAMPED_OPS): a folder whose stamp is unchanged
// has the same entries, which one stat tells for the price of a listing's three system
// calls and the walk's work on it.
import type { ContractFiles } from '../core/contracts/discover';
import type { PluginFolderProbe } from '../core/profiles/targets';
import type { ScanProblem } from '../core/workspace/findSkillFiles';
import type { FileSystem } from '../core/workspace/fileSystem';
import type { FileRecord } from '../core/workspace/recordingFileSystem';
import { numberRecord, type NumberedRecord, type ReplayAnswers } from './cacheRecords';
import type { StringTable } from './stringTable';

/** What a walk of one root gave the run. */
export interface WalkOutcome {
  /** findSkillFiles' files, in walk order */
  files: string[];
  problems: ScanProblem[];
  /** ContractFileCollector's result (undefined: the contract pass walks the root itself) */
  contracts: ContractFiles | undefined;
}

/** A walk as the cache file keeps it: paths and questions are numbers in its string table. */
export interface StoredWalk {
  root: number;
  flat: NumberedRecord;
  files: number[];
  problems: ScanProblem[];
  /** contracts, registries and skill files */
  contracts?: [number[], number[], number[]];
}

const isIndexList = (v: unknown, n: number): v is number[] => Array.isArray(v) && v.every((i) => Number.isInteger(i) && i >= 0 && i < n);

function isProblem(p: unknown): p is ScanProblem {
  const q = p as ScanProblem;
  return !!q && typeof q.path === 'string' && typeof q.code === 'string' && typeof q.message === 'string';
}

export class CachedWalks {
  /** this run's walks, by root: recorded now, or replayed from the file */
  private readonly fresh = new Map<string, { record?: FileRecord; stored?: StoredWalk; outcome: WalkOutcome }>();
  private readonly loaded: StoredWalk[];
  /** whether the file needs this run's walks written */
  changed = false;
  /** roots whose walk this run took from the cache, and roots it walked */
  replayed = 0;
  walked = 0;

  constructor(
    stored: unknown,
    /** the table the loaded walks number their strings in */
    private readonly strings: readonly string[],
  ) {
    this.loaded = Array.isArray(stored) ? stored.filter((w) => this.wellFormed(w)) : [];
  }

  private wellFormed(w: StoredWalk): boolean {
    const n = this.strings.length;
    if (!w || !Number.isInteger(w.root) || w.root < 0 || w.root >= n || !Array.isArray(w.flat) || w.flat.length % 2) return false;
    if (!isIndexList(w.files, n) || !Array.isArray(w.problems) || !w.problems.every(isProblem)) return false;
    for (let i = 0; i < w.flat.length; i += 2) if (!Number.isInteger(w.flat[i]) || (w.flat[i] as number) >= n || typeof w.flat[i + 1] !== 'string') return false;
    return w.contracts === undefined || (Array.isArray(w.contracts) && w.contracts.length === 3 && w.contracts.every((l) => isIndexList(l, n)));
  }

  /**
   * The outcome of `root`'s last walk if every question it asked still gets its answer.
   * `pause` (the server) gives the event loop its turns: most answers are synchronous stats.
   */
  async replay(root: string, answers: ReplayAnswers, fs: FileSystem, probe: PluginFolderProbe | undefined, pause?: () => Promise<void> | undefined): Promise<WalkOutcome | undefined> {
    const w = this.loaded.find((x) => this.strings[x.root] === root);
    if (!w || !(await answers.holds(w.flat, this.strings, fs, probe, pause))) return undefined;
    const paths = (list: number[]) => list.map((i) => this.strings[i]);
    const c = w.contracts;
    const outcome = { files: paths(w.files), problems: w.problems, contracts: c && { contracts: paths(c[0]), registries: paths(c[1]), skillFiles: paths(c[2]) } };
    this.fresh.set(root, { stored: w, outcome });
    this.replayed++;
    return outcome;
  }

  /** A walk this run made, with the questions it asked. */
  keep(root: string, record: FileRecord, outcome: WalkOutcome): void {
    this.fresh.set(root, { record, outcome });
    this.changed = true;
    this.walked++;
  }

  /**
   * The walks to write: this run's. Another root's walk is dropped (`check a`, then
   * `check b`): it would keep the paths of skills deleted since, and which roots come
   * next is anyone's guess; a root not replayed is walked, as without a cache.
   */
  layout(table: StringTable): StoredWalk[] {
    const out: StoredWalk[] = [];
    const refs = (list: readonly string[]) => list.map((p) => table.ref(p));
    for (const [root, { record, stored, outcome }] of this.fresh) {
      const flat = record ? numberRecord(record, table) : numberRecord(stored!.flat, table, this.strings);
      const c = outcome.contracts;
      out.push({ root: table.ref(root), flat, files: refs(outcome.files), problems: outcome.problems, ...(c ? { contracts: [refs(c.contracts), refs(c.registries), refs(c.skillFiles)] } : {}) });
    }
    return out;
  }
}

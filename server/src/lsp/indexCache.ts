// The language server's index cache: each skill's check from the last session, reused
// at the first index while every question that check asked of the disk gets the same
// answer (core/workspace/recordingFileSystem.ts, as `check --cache` does), under the
// same key (the server's build, the file's options). A workspace unchanged since the
// last session shows its diagnostics without checking a skill. Kept where the client
// says (VS Code: the extension's workspace storage), one file of JSON lines (ASCII). With each file's
// and folder's stamp, as `check --cache` keeps them: an unchanged file is known by one
// stat, and so is an unchanged folder's listing, which lets the first index take each
// workspace folder's walk from the file too (node/cachedWalks.ts).
import type { CheckOptions } from '../core/check/checkDocument';
import type { FileSystem } from '../core/workspace/fileSystem';
import type { FileRecord } from '../core/workspace/recordingFileSystem';
import { asciiJson, bundleDigest, contentHash, numberRecord, readAsciiLines, removeStaleTemporaries, ReplayAnswers, STAMPED_OPS, stampsFrom, writeFileAtomicSliced, type BundleDigest, type NumberedRecord } from '../node/cacheRecords';
import { CachedWalks } from '../node/cachedWalks';
import { stampOf } from '../node/nodeFileSystem';
import type { DiskCheck } from './skillCheck';
import { packCheck, repackStrings, StringTable, unpackCheck, type WireCheck } from './indexWire';

// 4: ASCII JSON (asciiJson), read as Latin-1; a file of 3 was UTF-8. 5: walks, and
// stamps for listings and stats. 6: lines (CacheHead).
const MAGIC = 'skillmd index cache 6';

/**
 * A check as the file keeps it. Its diagnostics' strings (codes, severities, messages,
 * files) are numbers into the file's strings table, packed as index workers send them: the
 * 10,000-skill bench corpus has 543,696 of them, 18,876 distinct (32.7 MB written out
 * whole, 1.9 MB once each). Its record numbers its questions (the questions table):
 * [question, digest] in turn.
 */
interface CachedCheck {
  /** the file's options and the kind of check (IndexCache.keyOf) */
  key: string;
  q: NumberedRecord;
  /** the check as index workers send it (indexWire.ts), its strings in the strings table */
  check: WireCheck;
}

/** A check of this session: what its check asked, and the check with its strings in place. */
interface FreshCheck {
  key: string;
  record: FileRecord;
  check: WireCheck;
}

/**
 * The file's first line. Lines follow, each one JSON value: per skill its file (a string)
 * and its CachedCheck, then the tables: the walks (cachedWalks.ts, their strings in the
 * questions), the strings, the questions, the stamps (per question a stamp may vouch for,
 * STAMPED_OPS: [question, stamp, digest] in turn). A session parses the tables when it
 * starts and a skill's check when it looks the skill up: one parse of the 45 MB the
 * 10,000-skill bench corpus makes held the server ~0.7 s.
 */
interface CacheHead {
  magic: string;
  build: string;
  /** the bundles' digest and the stamps that vouch for it */
  bundles?: BundleDigest;
  /** how many skills' lines follow */
  skills: number;
}

/** The file as a session reads it: its tables, and each skill's check as text until looked up. */
interface LoadedFile {
  strings: string[];
  questions: string[];
  stamps: unknown;
  walks: unknown;
  skills: Map<string, string>;
}

/** The build a check's result depends on: Node, the platform, the bundles (bundleDigest). */
function buildKey(bundles: BundleDigest): string {
  return contentHash(JSON.stringify([process.version, process.platform, bundles.digest]));
}

export class IndexCache {
  /** this session's counts: skills taken from the cache, and skills stored */
  reused = 0;
  stored = 0;
  /** the file's checks by skill file: text until looked up */
  private readonly skills: Map<string, string>;
  private readonly loaded: number;
  /** this session's skills: reused (as loaded) or stored */
  private readonly fresh: Record<string, CachedCheck | FreshCheck> = Object.create(null);
  /** the loaded file's tables */
  private readonly strings: string[];
  private readonly questions: string[];
  /** the answers of this session, shared by the skills and walks that ask the same question */
  readonly answers: ReplayAnswers;
  /** the workspace folders' walks */
  readonly walks: CachedWalks;

  private constructor(
    private readonly file: string,
    private readonly build: string,
    private readonly bundles: BundleDigest,
    /** codes other passes merge into index entries (the skill set, contracts): never cached */
    private readonly foreign: ReadonlySet<string>,
    j: LoadedFile | undefined,
  ) {
    this.strings = j?.strings ?? [];
    this.questions = j?.questions ?? [];
    this.answers = new ReplayAnswers(stampsFrom(j?.stamps, this.questions), stampOf, Date.now(), STAMPED_OPS);
    this.walks = new CachedWalks(j?.walks, this.questions);
    this.skills = j?.skills ?? new Map();
    this.loaded = j ? j.skills.size : -1;
  }

  /**
   * Opens the cache file; one that is missing, damaged or of another build (`bundleDir`'s
   * `bundles`) starts empty. Read a chunk at a time, its tables parsed one at a time,
   * with `pause` between (the server's event loop gets its turns).
   */
  static async open(file: string, bundleDir: string, bundleFiles: readonly string[], foreign: ReadonlySet<string>, pause: () => Promise<void> | undefined): Promise<IndexCache> {
    let lines: string[] = [];
    let head: Partial<CacheHead> | undefined;
    removeStaleTemporaries(file);
    try {
      lines = await readAsciiLines(file, pause);
      head = JSON.parse(lines[0]) as Partial<CacheHead>;
    } catch {
      // Missing or damaged: rebuilt from scratch.
    }
    const bundles = bundleDigest(bundleDir, bundleFiles, head?.bundles);
    const build = buildKey(bundles);
    const usable = head?.magic === MAGIC && head.build === build && Number.isInteger(head.skills) && head.skills! >= 0 && lines.length >= 1 + 2 * head.skills! + 4;
    return new IndexCache(file, build, bundles, foreign, usable ? await loadLines(lines, head!.skills!, pause) : undefined);
  }

  /** The key of a file's check: its options (functions aside) and whether references are checked. */
  static keyOf(opts: CheckOptions, references: boolean): string {
    const { token: _t, isPluginFolder: _p, ...plain } = opts;
    return contentHash(JSON.stringify([references, plain]));
  }

  /** The cached check of `file` if its key is `key` and every recorded question gets its recorded answer. */
  async lookup(file: string, key: string, fs: FileSystem, probe: CheckOptions['isPluginFolder']): Promise<DiskCheck | undefined> {
    let hit: CachedCheck;
    try {
      hit = JSON.parse(this.skills.get(file) ?? 'null') as CachedCheck;
    } catch {
      return undefined;
    }
    if (!hit || hit.key !== key || !Array.isArray(hit.q) || !Array.isArray(hit.check?.flat)) return undefined;
    if (!(await this.answers.holds(hit.q, this.questions, fs, probe))) return undefined;
    // unpackCheck resolves the strings in place: the entry keeps its numbers for the file.
    const check = unpackCheck({ ...hit.check, flat: hit.check.flat.slice() }, this.strings);
    // A file damaged in a way JSON still parses (a table cut short): checked again, never shown.
    if (!check.diagnostics.every((d) => typeof d.code === 'string' && typeof d.message === 'string' && typeof d.severity === 'string' && typeof d.file === 'string')) return undefined;
    this.reused++;
    this.fresh[file] = hit;
    return check;
  }

  /** Keeps a complete check (document rules and references) and what it asked of the disk. */
  store(file: string, key: string, check: DiskCheck, record: FileRecord, stamps: FileRecord = []): void {
    if (stamps.length) {
      const digests = new Map(record);
      for (const [question, stamp] of stamps) this.answers.keep(question, stamp, digests.get(question));
    }
    // (The checks' diagnostics carry no fixes: skillCheck.ts slims them.)
    const diagnostics = check.diagnostics.filter((d) => !this.foreign.has(d.code));
    const { record: _r, stamps: _s, textHash: _h, referencesPending: _p, referencesOnly: _o, ...whole } = check;
    this.fresh[file] = { key, record, check: packCheck({ ...whole, diagnostics }) };
    this.stored++;
  }

  /**
   * Writes the checks of this session's skills (reused or stored; skills gone from the
   * workspace are dropped), to a temporary file first, giving the event loop its turns
   * (`pause`): ~1 s for the 10,000-skill bench corpus. Returns why it could not.
   */
  async save(pause: () => Promise<void> | undefined): Promise<string | undefined> {
    // Every skill reused and none gone: the file holds this session already (unless it
    // found many stamps the file lacks).
    if (this.stored === 0 && this.reused === this.loaded && !this.walks.changed && !this.answers.stampsWorthSaving) return undefined;
    return writeFileAtomicSliced(this.file, this.pieces(), pause);
  }

  /**
   * The file's JSON piece by piece, one skill at a time (made whole, with its copies, it
   * took a 10,000-skill session to ~630 MB at the moment it was saved); the tables go
   * last, once every skill has numbered its strings and questions in them.
   */
  private *pieces(): Generator<string> {
    const strings = new StringTable();
    const questions = new StringTable();
    const head: CacheHead = { magic: MAGIC, build: this.build, bundles: this.bundles, skills: Object.keys(this.fresh).length };
    yield asciiJson(`${JSON.stringify(head)}\n`);
    for (const [file, e] of Object.entries(this.fresh)) {
      const q = 'record' in e ? numberRecord(e.record, questions) : numberRecord(e.q, questions, this.questions);
      const entry: CachedCheck = { key: e.key, q, check: { ...e.check, flat: repackStrings(e.check.flat, 'record' in e ? undefined : this.strings, strings) } };
      yield asciiJson(`${JSON.stringify(file)}\n${JSON.stringify(entry)}\n`);
    }
    yield asciiJson(`${JSON.stringify(this.walks.layout(questions))}\n`);
    // The tables in parts (17 MB of JSON on the 10,000-skill bench corpus): save() pauses between them.
    yield* arrayPieces(strings.strings);
    yield '\n';
    const stamps = this.answers.numberedStamps(questions);
    yield* arrayPieces(questions.strings);
    yield '\n';
    yield* arrayPieces(stamps);
    yield '\n';
  }

}

/** The file's lines after the head: its skills' checks kept as text, its tables parsed one at a time. */
async function loadLines(lines: string[], skills: number, pause: () => Promise<void> | undefined): Promise<LoadedFile | undefined> {
  try {
    const map = new Map<string, string>();
    for (let i = 0; i < skills; i++) {
      const file: unknown = JSON.parse(lines[1 + 2 * i]);
      if (typeof file !== 'string') return undefined;
      map.set(file, lines[2 + 2 * i]);
      await pause();
    }
    const tables: unknown[] = [];
    for (let t = 0; t < 4; t++) {
      tables.push(JSON.parse(lines[1 + 2 * skills + t]));
      await pause();
    }
    const [walks, strings, questions, stamps] = tables;
    if (!Array.isArray(strings) || !Array.isArray(questions)) return undefined;
    return { walks, strings, questions, stamps, skills: map };
  } catch {
    return undefined;
  }
}

const ARRAY_PIECE = 8192;

/** A JSON array (ASCII) in pieces of ARRAY_PIECE values. */
function* arrayPieces(values: readonly unknown[]): Generator<string> {
  if (!values.length) return yield '[]';
  for (let i = 0; i < values.length; i += ARRAY_PIECE) {
    const part = JSON.stringify(values.slice(i, i + ARRAY_PIECE));
    yield asciiJson(`${i ? ',' : '['}${part.slice(1, -1)}${i + ARRAY_PIECE >= values.length ? ']' : ''}`);
  }
}

/**
 * Both records of a check in two steps, as one: where both asked, the later answer
 * (the one the reference diagnostics saw; the text both saw is the same, by its hash).
 */
export function mergeRecords(first: FileRecord, second: FileRecord): FileRecord {
  const seen = new Map(second);
  for (const [q, d] of first) if (!seen.has(q)) seen.set(q, d);
  return [...seen];
}

// `skillmd check --cache`: a skill's result is reused while every question its check
// asked of the disk (files read, folders listed, paths looked up, plugin folders
// probed: core/workspace/recordingFileSystem.ts) gets the same answer, under the
// same key (skillmd's build, the configuration, the targets, the output's format and
// folder). A changed file re-checks exactly the skills whose checks read it.
import { existsSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { SkillCheckResult, SkillFacts } from '../../core/check/checkSkillFile';
import type { SkillDiagnostic } from '../../core/types';
import type { PluginFolderProbe } from '../../core/profiles/targets';
import type { FileRecord } from '../../core/workspace/recordingFileSystem';
import type { FileSystem } from '../../core/workspace/fileSystem';
import { RunError } from '../args';
import { VERSION } from '../version';
import { asciiJson, asciiJsonBytes, bundleDigest, numberRecord, ReplayAnswers, STAMPED_OPS, type BundleDigest } from '../../node/cacheRecords';
import { CachedWalks } from '../../node/cachedWalks';
import { loadIndex, splitIndex, type BaseIndex, type Index, type IndexEntry, type Loaded, type SkillSet } from './cacheIndex';
import { StringTable } from '../../node/stringTable';
import { appendCacheFile, FIRST_PART_AT, readCacheFile, writeCacheFile, type CacheFileRead } from './cacheFile';
import { stampOf } from '../../node/nodeFileSystem';
import { REPORT_SEPARATOR, type EncodedSkill, type HeldFacts, type RenderedSkill, type StoredFacts, type StreamFormat } from '../format/stream';

/** What a skill adds to the report: its rendered part (text, JSON) or its slim result (SARIF). */
export type SkillOutput = RenderedSkill | EncodedSkill | SkillCheckResult;

export interface CachedSkill {
  record: FileRecord;
  out: SkillOutput;
  /** per content question, the stamp that vouches for its digest (RecordingFileSystem.stamps) */
  stamps?: FileRecord;
}

/**
 * The file (cacheFile.ts): MAGIC, the rendered parts of all skills as UTF-8, the index
 * (ASCII JSON), a trailer. Parts that follow each other in the report follow each other
 * in the file with the report's separator between them (REPORT_SEPARATOR): a warm run
 * copies them from the file to the output as one range, in chunks, never decoded,
 * parsed or encoded (renderBatch, CacheParts). A run that re-checked a few skills
 * appends their parts. The index is ASCII JSON (asciiJson), read as Latin-1.
 *
 * Format 7: the skills' facts (for the passes over all skills) follow the index's JSON
 * after a line break, each skill's ASCII JSON end to end, and the index names where
 * each lies. A warm run parses none of them (StoredFacts): with its skills unchanged
 * and in the same order it takes the passes' result from the index too (Index.set).
 * Parsed with the index they took half of its bytes and most of the garbage
 * collector's work in a warm run (2,921 skills: JSON.parse 36 ms -> 10 ms, and the
 * scavenges that copy what it made 90 -> 48 ms).
 *
 * Format 8: the index may be a delta on a whole one (cacheIndex.ts); the skill set names
 * its skills instead of each entry naming its set.
 */
const MAGIC = 'skillmd check cache 8\n';
const NEWLINE = Buffer.from('\n');

/** A skill's facts in the cache file's bytes, parsed when a pass over all skills needs them. */
class FactsInFile implements StoredFacts {
  readonly stored = true;
  constructor(
    readonly file: string,
    readonly contractFields: boolean,
    /** ASCII JSON */
    readonly bytes: Buffer,
    /** what a run does with facts that do not parse (CheckCache.damaged) */
    private readonly damaged: () => never,
  ) {}

  load(): SkillFacts {
    let facts: SkillFacts | undefined;
    try {
      facts = JSON.parse(this.bytes.toString('latin1')) as SkillFacts;
    } catch {
      // Below.
    }
    return facts && typeof facts === 'object' && facts.summary && typeof facts.summary === 'object' ? facts : this.damaged();
  }
}

/** The default of `--cache-location`, relative to the working folder (as ESLint's and Prettier's). */
export const DEFAULT_CACHE_DIR = path.join('node_modules', '.cache', 'skillmd');
const CACHE_FILE = 'check.cache';

export { contentHash, probeQuestion } from '../../node/cacheRecords';

/** The cache file for `--cache-location` (a file, or a folder: one ending in a slash or that exists). */
export function cacheFilePath(cwd: string, location: string | undefined): string {
  const loc = path.resolve(cwd, location ?? DEFAULT_CACHE_DIR);
  if (location === undefined || /[\\/]$/.test(location)) return path.join(loc, CACHE_FILE);
  try {
    if (statSync(loc).isDirectory()) return path.join(loc, CACHE_FILE);
  } catch {
    // Not there yet: a file.
  }
  return loc;
}

/**
 * Everything besides the disk that a result depends on. The bundles count, not only
 * the version: a rebuild that changes a rule must not reuse results (bundleDigest).
 * Kept as it is, not hashed: a few hundred bytes in the index, compared whole, and a
 * warm run that loads node:crypto for nothing else spares its ~7 ms.
 */
function cacheKey(parts: unknown[], bundles: BundleDigest): string {
  return JSON.stringify([VERSION, process.version, process.platform, bundles.digest, ...parts]);
}

/** The bundles a check's result depends on. */
const BUNDLES = ['cli.js', 'yaml.js', 'picomatch.js', 'ajv.js', 'o200k_base.bin'];

export class CheckCache {
  /** skills this run took from the cache, and skills it checked and stored */
  reused = 0;
  checked = 0;
  /** whether this run took the result of the passes over all skills from the cache */
  skillSetReused = false;
  private readonly skills: Record<string, IndexEntry>;
  /** outputs of this run's checks (by SKILL.md), written into the file by `save` */
  private readonly fresh = new Map<string, SkillOutput>();
  /** SKILL.md files this run looked up */
  private readonly visited = new Set<string>();
  private dirty = false;
  /** Answers of this run, shared by the skills (and walks) that ask the same question. */
  readonly answers: ReplayAnswers;
  /** the roots' walks (replayed: no folder listed again while its stamp holds) */
  readonly walks: CachedWalks;

  private constructor(
    private readonly file: string,
    private readonly key: string,
    private readonly bundles: BundleDigest,
    /** the report's format (also part of the key): what goes between two parts */
    private readonly format: StreamFormat | 'sarif',
    loaded: Loaded | undefined,
  ) {
    this.answers = new ReplayAnswers(loaded?.stamps, stampOf, Date.now(), STAMPED_OPS);
    this.questions = loaded?.questions ?? [];
    this.walks = new CachedWalks(loaded?.walks, this.questions);
    this.walksInDelta = loaded?.walksInDelta ?? false;
    this.skills = loaded?.skills ?? Object.create(null);
    this.read = loaded?.read;
    this.dead = loaded?.dead ?? 0;
    this.facts = loaded?.facts ?? Buffer.alloc(0);
    this.deltaFacts = loaded?.deltaFacts ?? Buffer.alloc(0);
    this.base = loaded?.base;
    this.delta = loaded?.delta ?? false;
    this.set = loaded?.set;
    if (!loaded) this.dirty = true;
  }

  /** the file as this run read it (an append goes on from it) */
  private readonly read: CacheFileRead | undefined;
  /** bytes of the file's parts that no entry names */
  private dead: number;
  /** the questions the loaded records number */
  private readonly questions: string[];
  /** the loaded skills' facts (IndexEntry.fx): after the base's JSON, and after a delta's (IndexEntry.d) */
  private readonly facts: Buffer;
  private readonly deltaFacts: Buffer;
  /** the whole index the file holds (the one read, or a delta's base), for a delta on it */
  private readonly base: BaseIndex | undefined;
  /** the file read ends with a delta */
  private readonly delta: boolean;
  /** the passes over all skills: the loaded result, or this run's */
  private set: SkillSet | undefined;
  /** this run computed the skill set (keepSkillSet) */
  private setKept = false;
  /** the loaded walks came from a delta */
  private readonly walksInDelta: boolean;

  /** Opens the cache file; one that is missing, damaged or of another key starts empty. */
  static open(file: string, keyParts: unknown[], bundleDir: string, format: StreamFormat | 'sarif'): CheckCache {
    let read: CacheFileRead | undefined;
    let index: Index | undefined;
    let facts: Buffer = Buffer.alloc(0);
    try {
      read = readCacheFile(file, MAGIC);
      if (read) [index, facts] = splitIndex(read.index);
    } catch {
      // Missing or damaged: rebuilt from scratch.
      read?.parts.close();
      read = undefined;
    }
    const bundles = bundleDigest(bundleDir, BUNDLES, index?.bundles);
    const key = cacheKey(keyParts, bundles);
    let loaded: Loaded | undefined;
    try {
      loaded = read && index && loadIndex(read, index, facts, key, FIRST_PART_AT(MAGIC));
    } catch {
      // Damaged: rebuilt from scratch.
    }
    if (!loaded) read?.parts.close();
    const cache = new CheckCache(file, key, bundles, format, loaded);
    // Stamps that vouch for the bundles now and did not when the file was written (a
    // build moments before): saved, or every later run reads and hashes 5 MB (~40 ms).
    if (loaded && bundles.stamps.length && bundles !== index!.bundles) cache.dirty = true;
    return cache;
  }

  /** The cached output of `skillFile` if every recorded question still gets its recorded answer. */
  async lookup(skillFile: string, fs: FileSystem, probe: PluginFolderProbe | undefined): Promise<SkillOutput | undefined> {
    this.visited.add(skillFile);
    const hit = this.skills[skillFile];
    if (!hit || !Array.isArray(hit.flat)) return undefined;
    const out = this.outputOf(skillFile, hit);
    if (!out) return undefined;
    if (!(await this.answers.holds(hit.flat, this.questions, fs, probe))) return undefined;
    this.reused++;
    return out;
  }

  store(skillFile: string, entry: CachedSkill): void {
    this.dead += this.partLength(this.skills[skillFile]);
    this.skills[skillFile] = { record: entry.record };
    if (entry.stamps?.length) {
      const digests = new Map(entry.record);
      for (const [question, stamp] of entry.stamps) this.answers.keep(question, stamp, digests.get(question));
    }
    this.fresh.set(skillFile, entry.out);
    this.checked++;
    this.dirty = true;
  }

  private outputOf(file: string, e: IndexEntry): SkillOutput | undefined {
    if (e.result) return e.result;
    const { at, length, tally } = e;
    const parts = this.read?.parts;
    if (!parts || !Number.isInteger(at) || !Number.isInteger(length) || !Array.isArray(tally) || at! < 0 || at! + length! > parts.end) return undefined;
    const [errors, warnings, infos, hints] = tally;
    let facts: StoredFacts | undefined;
    if (e.fx) {
      const [fat, flength] = e.fx;
      const all = e.d === 1 ? this.deltaFacts : this.facts;
      if (!Number.isInteger(fat) || !Number.isInteger(flength) || fat < 0 || fat + flength > all.length) return undefined;
      facts = new FactsInFile(file, e.cf === 1, all.subarray(fat, fat + flength), () => this.damaged());
    }
    return { slice: { source: parts, at: at!, length: length! }, errors, warnings, infos, hints, facts };
  }

  /**
   * The result of the passes over all skills when this run can reuse it: it checked no
   * skill again and lists the same skills, in the same order, as the run that computed
   * it; no entry changed since (a run that re-checked a skill without computing the set
   * drops it: save).
   */
  skillSet(files: readonly string[]): SkillDiagnostic[] | undefined {
    const set = this.set;
    if (!set || this.checked || files.length !== set.files.length) return undefined;
    for (let i = 0; i < files.length; i++) if (files[i] !== set.files[i]) return undefined;
    this.skillSetReused = true;
    return set.diagnostics;
  }

  /** Keeps the result of this run's passes over all skills (`files`, in order) for the next run. */
  keepSkillSet(files: readonly string[], diagnostics: SkillDiagnostic[]): void {
    this.set = { files: [...files], diagnostics };
    this.setKept = true;
    this.dirty = true;
  }

  /**
   * Facts the checksum vouched for that do not parse (another program wrote the file):
   * read only once the report's skills are written, so the run stops and says so, and
   * removes the file, so that the next run starts afresh.
   */
  private damaged(): never {
    this.read?.parts.close();
    rmSync(this.file, { force: true });
    throw new RunError(`the cache file ${this.file} is damaged (a skill's facts do not parse), so the report above lacks the rules over all skills; it was removed: run the check again`);
  }

  /** The bytes an entry of the loaded file names in it (with the separator before it). */
  private partLength(e: IndexEntry | undefined): number {
    return e?.flat && Number.isInteger(e.length) ? e.length! + REPORT_SEPARATOR[this.format].length : 0;
  }

  /**
   * The new parts and index. `whole`: every part laid out anew. `append`: the loaded
   * parts stay where they are, this run's follow them, and a whole index. `delta`: the
   * same, with an index of what differs from the base (cacheIndex.ts), which stays in the
   * file; undefined when more than an eighth of the skills differ (a whole index pays).
   */
  private layout(mode: 'whole' | 'append' | 'delta'): Layout | undefined {
    const base = mode === 'delta' ? this.base : undefined;
    if (mode === 'delta' && !base) return undefined;
    // A delta on the index read keeps that index: its parts go after it.
    const from = mode === 'whole' ? FIRST_PART_AT(MAGIC) : base && !this.delta ? base.at + base.length : this.read!.partsEnd;
    // A whole index appended to a delta leaves the delta's base behind, unused.
    const l: Layout = { parts: [], index: [], from, live: 0, dead: mode === 'whole' ? 0 : this.dead + (mode === 'append' && this.delta ? this.base!.length : 0) };
    let at = from;
    const sep = Buffer.from(REPORT_SEPARATOR[this.format], 'latin1');
    const table = base ? StringTable.of(this.questions) : new StringTable();
    // First, before the entries' work: new stamps (the first warm run stamps every
    // folder) go into a whole index at once, not into every delta after it.
    const stamps = this.answers.numberedStamps(table, base?.stampOf);
    if (base && stamps.length / 3 > Math.max(minDelta(MIN_DELTA_STAMPS), this.answers.stamps.size / 8)) return undefined;
    const facts = new FactsWriter();
    const skills: Index['skills'] = {};
    let differ = 0;
    const limit = base ? Math.max(minDelta(MIN_DELTA), Object.keys(this.skills).length / 8) : Infinity;
    for (const [file, e] of Object.entries(this.skills)) {
      // Skills outside this run's paths are kept while their SKILL.md exists.
      const out = this.visited.has(file) || this.fresh.has(file) || existsSync(file) ? this.fresh.get(file) ?? this.outputOf(file, e) : undefined;
      if (!out) {
        if (mode !== 'whole') l.dead += this.partLength(e);
        if (base && Object.hasOwn(base.skills, file)) {
          if (++differ > limit) return undefined;
          skills[file] = null;
        }
        continue;
      }
      if (base && !e.record && e.d !== 1) {
        l.live += e.length ?? 0;
        continue;
      }
      if (++differ > limit) return undefined;
      // A delta's table begins with the loaded one: a loaded record keeps its numbers.
      const flat = e.record ? numberRecord(e.record, table) : base ? e.flat! : numberRecord(e.flat!, table, this.questions);
      if ('diagnostics' in out) {
        skills[file] = { flat, result: out };
        continue;
      }
      const tally: IndexEntry['tally'] = [out.errors, out.warnings, out.infos, out.hints];
      const fx = out.facts ? facts.add(out.facts) : {};
      if (mode !== 'whole' && !e.record) {
        skills[file] = { flat, at: e.at, length: e.length, tally, ...fx };
        l.live += e.length!;
        continue;
      }
      const mem = 'slice' in out ? out.slice.source.read(out.slice.at, out.slice.length) : Buffer.from(out.text, 'utf8');
      const bytes = Buffer.from(mem.buffer, mem.byteOffset, mem.byteLength);
      if (sep.length && (mode !== 'whole' || l.parts.length)) {
        l.parts.push(sep);
        at += sep.length;
      }
      skills[file] = { flat, at, length: bytes.length, tally, ...fx };
      l.parts.push(bytes);
      at += bytes.length;
      l.live += bytes.length;
    }
    // Skills a delta read had removed from the base stay removed.
    if (base) for (const file of Object.keys(base.skills)) if (!(file in this.skills)) skills[file] = null;
    // A delta leaves out the base's walks while this run replayed them.
    const walks = !base || this.walks.changed || this.walksInDelta ? this.walks.layout(table) : undefined;
    const set = this.set && { files: this.set.files.map((f) => table.ref(f)), diagnostics: this.set.diagnostics };
    const questions = base ? table.strings.slice(base.questions) : table.strings;
    const json = asciiJsonBytes(JSON.stringify({ key: this.key, bundles: this.bundles, dead: l.dead, questions, skills, stamps, set, walks, ...(base ? { base: [base.at, base.length] as [number, number] } : {}) } satisfies Index));
    l.index = [json, NEWLINE, ...facts.pieces];
    return l;
  }

  /**
   * Writes the cache if anything changed. A few skills checked again: their parts and
   * a delta index (or a whole one) are appended to the file read (a reader tells a torn
   * append by the trailer's CRC); else, or once half the parts are dead, the whole file,
   * through a temporary file. Returns why it could not (the report stands without the
   * cache). Called once, when every part of the report is written: it closes the file read.
   */
  save(): string | undefined {
    try {
      // Entries changed and the skill set was not computed again: it no longer holds.
      if (this.checked && !this.setKept) this.set = undefined;
      if (!this.dirty && !this.walks.changed && !this.answers.stampsWorthSaving) return undefined;
      let unsaved: string | undefined | 'changed' = 'changed';
      if (this.read) {
        const l = this.layout('delta') ?? this.layout('append')!;
        if (l.dead <= l.live) unsaved = appendCacheFile(this.file, this.read, l.parts, l.index, l.from);
      }
      if (unsaved === 'changed') {
        const l = this.layout('whole')!;
        unsaved = writeCacheFile(this.file, MAGIC, l.parts, l.index);
      }
      if (!unsaved) this.dirty = false;
      return unsaved;
    } finally {
      // The last use of the parts read (a whole write copies the ones it keeps).
      this.read?.parts.close();
    }
  }
}

/** What a save writes: parts from `from` on, then the index's pieces. */
interface Layout {
  parts: Buffer[];
  index: Buffer[];
  from: number;
  /** bytes of parts entries name, and of parts none does */
  live: number;
  dead: number;
}

/** Skills, and stamps, that may differ from the base before a whole index pays anyway (besides an eighth of them). */
const MIN_DELTA = 16;
const MIN_DELTA_STAMPS = 64;
/** SKILLMD_CACHE_MIN_DELTA: both at once, for tests whose trees are too small to pass them. */
function minDelta(fallback: number): number {
  const env = Number(process.env.SKILLMD_CACHE_MIN_DELTA);
  return process.env.SKILLMD_CACHE_MIN_DELTA && Number.isInteger(env) && env >= 0 ? env : fallback;
}

/**
 * The facts after the index: each skill's ASCII JSON end to end. A loaded skill's are
 * copied as they were; consecutive ones of the file read go as one piece (a run that
 * checked one skill again writes three pieces, not one per skill).
 */
class FactsWriter {
  readonly pieces: Buffer[] = [];
  private at = 0;

  add(facts: HeldFacts): Pick<IndexEntry, 'fx' | 'cf'> {
    const bytes = facts instanceof FactsInFile ? facts.bytes : Buffer.from(asciiJson(JSON.stringify('stored' in facts ? facts.load() : facts)), 'latin1');
    const last = this.pieces[this.pieces.length - 1];
    if (facts instanceof FactsInFile && last?.buffer === bytes.buffer && last.byteOffset + last.length === bytes.byteOffset) {
      this.pieces[this.pieces.length - 1] = Buffer.from(bytes.buffer, last.byteOffset, last.length + bytes.length);
    } else this.pieces.push(bytes);
    const fx: [number, number] = [this.at, bytes.length];
    this.at += bytes.length;
    return facts.contractFields ? { fx, cf: 1 } : { fx };
  }
}

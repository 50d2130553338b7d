// The index of `check --cache`'s file (checkCache.ts, cacheFile.ts): whole, or a delta
// on a whole one. A run that re-checked a few skills of a large tree appends their
// parts and a delta (the entries, questions and stamps that differ from the base, which
// stays in the file) instead of the whole index again: 4.7 MB of JSON on the
// repository-shaped corpus, ~100 ms to build and write, against the few KB a changed
// skill adds. A delta is cumulative (the next one replaces it, not stacks on it), so a
// reader merges at most two.
import type { SkillCheckResult } from '../../core/check/checkSkillFile';
import type { SkillDiagnostic } from '../../core/types';
import type { FileRecord } from '../../core/workspace/recordingFileSystem';
import { stampsFrom, type BundleDigest, type NumberedRecord, type StampedDigest } from '../../node/cacheRecords';
import type { CacheFileRead } from './cacheFile';
import type { StoredWalk } from '../../node/cachedWalks';

export interface IndexEntry {
  /** what this run's check asked (a fresh result) */
  record?: FileRecord;
  /** what an earlier run's check asked (a loaded result), numbered in Index.questions */
  flat?: NumberedRecord;
  /** SARIF: the slim result */
  result?: SkillCheckResult;
  /** text, JSON: where the part lies in the parts, and its tallies (errors, warnings, infos, hints) */
  at?: number;
  length?: number;
  tally?: [number, number, number, number];
  /** text, JSON: where the skill's facts lie in the bytes after the index ([at, length]) */
  fx?: [number, number];
  /** with `fx`: the facts' contractFields */
  cf?: 1;
  /** an entry of a delta: its facts lie after the delta's JSON, not the base's */
  d?: 1;
}

/** The result of the passes over all skills, and the skills it was computed for, in order. */
export interface SkillSet {
  files: readonly string[];
  diagnostics: SkillDiagnostic[];
}

/** The index as the file holds it. */
export interface Index {
  key: string;
  /** the bundles' digest and the stamps that vouch for it (bundleDigest) */
  bundles?: BundleDigest;
  /** bytes of parts no entry names any more (appends leave them): a whole write drops them */
  dead?: number;
  /**
   * Strings the records, stamps, walks and the skill set number. In a delta, the ones
   * past the base's: numbering goes on from the base's count.
   */
  questions: string[];
  /** by SKILL.md; in a delta, null for a skill of the base that is gone */
  skills: Record<string, Omit<IndexEntry, 'record'> | null>;
  /** per question about a file's contents, the file's stamp and the digest it vouches for: [question, stamp, digest] in turn */
  stamps?: (number | string)[];
  /** the skill set: its files numbered in questions */
  set?: { files: number[]; diagnostics: SkillDiagnostic[] };
  /** the walks of the roots checked (cachedWalks.ts); a delta without them has the base's */
  walks?: StoredWalk[];
  /** a delta: where its base (a whole index's bytes: JSON, line break, facts) lies in the file */
  base?: [number, number];
}

/**
 * The whole index a delta goes on from, as loaded: what a delta leaves out. An entry
 * of Loaded.skills with neither `d` nor `record` is the base's, unchanged.
 */
export interface BaseIndex {
  at: number;
  length: number;
  /** how many of the questions are the base's */
  questions: number;
  /** the base's skills, as parsed (for `Object.hasOwn` only) */
  skills: object;
  /** the base's stamp of a question, or undefined */
  stampOf(question: string): StampedDigest | undefined;
}

export interface Loaded {
  questions: string[];
  skills: Record<string, IndexEntry>;
  stamps: Record<string, StampedDigest>;
  dead: number;
  read: CacheFileRead;
  /** the skills' facts after the base's (or the whole index's) JSON, and after a delta's */
  facts: Buffer;
  deltaFacts?: Buffer;
  set?: SkillSet;
  walks?: unknown;
  /** the walks came from a delta (a later delta carries them too) */
  walksInDelta: boolean;
  base: BaseIndex;
  /** the file's index is a delta (an append replaces it, and keeps the base) */
  delta: boolean;
}

/** The index's JSON, and the bytes of the facts after it. */
export function splitIndex(bytes: Buffer): [Index, Buffer] {
  const end = bytes.indexOf(10);
  const json = bytes.toString('latin1', 0, end < 0 ? bytes.length : end);
  return [JSON.parse(json) as Index, end < 0 ? Buffer.alloc(0) : bytes.subarray(end + 1)];
}

function wellFormed(index: Index | undefined, key: string): index is Index {
  return index?.key === key && !!index.skills && typeof index.skills === 'object' && Array.isArray(index.questions);
}

function setOf(s: Index['set'], questions: readonly string[]): SkillSet | undefined {
  if (!s || !Array.isArray(s.files) || !Array.isArray(s.diagnostics)) return undefined;
  const files = s.files.map((n) => questions[n]);
  return files.every((f) => typeof f === 'string') ? { files, diagnostics: s.diagnostics } : undefined;
}

/**
 * The index read (`index`, with its facts) under `key`, merged onto its base when it is
 * a delta; undefined when it does not fit (another key, damaged). May throw on JSON
 * that does not parse (the caller starts afresh).
 */
export function loadIndex(read: CacheFileRead, index: Index, facts: Buffer, key: string, firstPartAt: number): Loaded | undefined {
  if (!wellFormed(index, key)) return undefined;
  const dead = Number.isInteger(index.dead) ? index.dead! : 0;
  if (!index.base) {
    const skills = Object.create(null) as Record<string, IndexEntry>;
    for (const [file, e] of Object.entries(index.skills)) if (e && typeof e === 'object') skills[file] = e;
    const stamps = stampsFrom(index.stamps, index.questions);
    const base = { at: read.partsEnd, length: read.index.length, questions: index.questions.length, skills: index.skills, stampOf: (q: string) => stamps[q] };
    return { questions: index.questions, skills, stamps, dead, read, facts, set: setOf(index.set, index.questions), walks: index.walks, walksInDelta: false, base, delta: false };
  }
  const [at, length] = index.base;
  if (!Number.isInteger(at) || !Number.isInteger(length) || at < firstPartAt || at + length > read.partsEnd) return undefined;
  const [b, baseFacts] = splitIndex(read.parts.read(at, length));
  if (!wellFormed(b, key) || b.base) return undefined;
  const questions = b.questions.concat(index.questions);
  const skills = Object.create(null) as Record<string, IndexEntry>;
  for (const [file, e] of Object.entries(b.skills)) if (e && typeof e === 'object') skills[file] = e;
  for (const [file, e] of Object.entries(index.skills)) {
    if (e === null) delete skills[file];
    else if (typeof e === 'object') skills[file] = { ...e, d: 1 };
  }
  // The delta's stamps over the base's, in place; the base's they cover are kept aside.
  const stamps = stampsFrom(b.stamps, b.questions);
  const covered = new Map<string, StampedDigest | undefined>();
  for (const [q, sd] of Object.entries(stampsFrom(index.stamps, questions))) {
    covered.set(q, stamps[q]);
    stamps[q] = sd;
  }
  const base = { at, length, questions: b.questions.length, skills: b.skills, stampOf: (q: string) => (covered.has(q) ? covered.get(q) : stamps[q]) };
  return { questions, skills, stamps, dead, read, facts: baseFacts, deltaFacts: facts, set: setOf(index.set, questions), walks: index.walks ?? b.walks, walksInDelta: index.walks !== undefined, base, delta: true };
}

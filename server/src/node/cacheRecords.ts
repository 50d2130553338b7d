// What the two caches of check results share (`check --cache`, cli/commands/checkCache.ts,
// and the server's index cache, lsp/indexCache.ts): the digest of contents, the
// questions a host answers itself, replaying a record's questions once per run, and
// writing the cache file so that no reader ever sees half of it.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import type { PluginFolderProbe } from '../core/profiles/targets';
import type { FileSystem } from '../core/workspace/fileSystem';
import { absentDigest, replay, type FileRecord } from '../core/workspace/recordingFileSystem';
import type { StringTable } from './stringTable';
import { ABSENT_STAMP, stampOf } from './nodeFileSystem';

/** SHA-1 in base64, from Node's one-shot `crypto.hash` (20.12 and later) or a Hash object. */
let sha1: ((bytes: Uint8Array | string) => string) | undefined;

type Crypto = Pick<typeof import('node:crypto'), 'createHash'> & { hash?: (algorithm: string, data: Uint8Array | string, encoding: 'base64') => string };

/**
 * SHA-1 in base64 from `crypto`: its one-shot `hash` when it has one, which makes no
 * Hash object (a third of the cost for the small files a check reads: 20,000 of the
 * bench corpus's files in 34-39 ms against 43-125 ms), else a Hash object. Same digest.
 */
export function sha1From(crypto: Crypto): (bytes: Uint8Array | string) => string {
  const { hash, createHash } = crypto;
  return typeof hash === 'function' ? (b) => hash('sha1', b, 'base64') : (b) => createHash('sha1').update(b).digest('base64');
}

function loadSha1(): (bytes: Uint8Array | string) => string {
  // Required here: node:crypto costs a check without a cache ~10 ms to load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return sha1From(require('node:crypto') as Crypto);
}

/**
 * 128 bits of SHA-1, in base64: it tells changed contents apart (no one forges a
 * collision to make a linter reuse a result) at about half of SHA-256's cost, which a
 * warm run pays for every file it compares.
 */
export function contentHash(bytes: Uint8Array | string): string {
  return (sha1 ??= loadSha1())(bytes).slice(0, 22);
}

/** The digest of a build's bundles, and the stamps that vouch for it (empty: none may). */
export interface BundleDigest {
  stamps: string[];
  digest: string;
}

/**
 * The digest of the bundles in `bundleDir` (a rebuild that changes a rule must not
 * reuse results). `known`, from the cache file: when every bundle still has the stamp
 * it had there, its digest is taken without reading 5 MB of bundles (~14 ms a start);
 * stamps are kept only when the bundles changed more than RACY_MS ago. The digest is
 * of the contents either way, so the key does not change with the way it was found.
 */
export function bundleDigest(bundleDir: string, files: readonly string[], known?: unknown): BundleDigest {
  const since = Date.now();
  const stamps = files.map((f) => stampOf(path.join(bundleDir, f)) ?? ABSENT_STAMP);
  const trusted = stamps.every((s) => s === ABSENT_STAMP || stampTrusted(s, since));
  const k = known as BundleDigest | undefined;
  if (trusted && k && typeof k.digest === 'string' && Array.isArray(k.stamps) && k.stamps.length === stamps.length && k.stamps.every((s, i) => s === stamps[i])) {
    return k;
  }
  const digests = files.map((f) => {
    try {
      return contentHash(readFileSync(path.join(bundleDir, f)));
    } catch {
      return '-';
    }
  });
  return { stamps: trusted ? stamps : [], digest: contentHash(digests.join(' ')) };
}

/**
 * A record as the cache files keep it: question numbers (into a table of the file) and
 * digests, in turn. Skills ask many of the same questions (the folders above them,
 * plugin probes) and every question is a long absolute path: each is written once.
 */
export type NumberedRecord = (number | string)[];

/** `record` ([question, digest] pairs, or already numbered in `from`) numbered in `table`. */
export function numberRecord(record: FileRecord | NumberedRecord, table: StringTable, from?: readonly string[]): NumberedRecord {
  const out: NumberedRecord = [];
  if (!from) for (const [question, digest] of record as FileRecord) out.push(table.ref(question), digest);
  else for (let i = 0; i < record.length; i += 2) out.push(table.ref(from[record[i] as number]), record[i + 1] as string);
  return out;
}

/** Stamps as numberedStamps wrote them, by question; entries that do not fit are left out. */
export function stampsFrom(flat: unknown, questions: readonly string[]): Record<string, StampedDigest> {
  const out: Record<string, StampedDigest> = Object.create(null);
  if (!Array.isArray(flat)) return out;
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const question = questions[flat[i] as number];
    if (typeof question === 'string') out[question] = [String(flat[i + 1]), String(flat[i + 2])];
  }
  return out;
}

/** A question a host answers itself: whether `dir` holds a `name` folder (see core/profiles/targets). */
export function probeQuestion(dir: string, name: string): string {
  return `probe\0${dir}\0${name}`;
}

/** A stamp and the digest of the contents it vouches for (see RecordingFileSystem.stamps). */
export type StampedDigest = [stamp: string, digest: string];

/**
 * Changes within this long before a run are too recent to trust a stamp with: a write
 * in the same tick of a coarse clock (2 s on FAT) could leave the times as they were.
 */
const RACY_MS = 2000;
/** SKILLMD_CACHE_RACY_MS: another window, for tests that cannot wait two seconds. */
const racyMs = () => {
  const env = Number(process.env.SKILLMD_CACHE_RACY_MS);
  return process.env.SKILLMD_CACHE_RACY_MS && Number.isFinite(env) && env >= 0 ? env : RACY_MS;
};

/** Whether `stamp` (fileStamp) may vouch for contents later: its file last changed RACY_MS before `since`. */
export function stampTrusted(stamp: string, since: number): boolean {
  const ctime = Number(stamp.split(':')[2]);
  return Number.isFinite(ctime) && ctime < since - racyMs();
}

/** Questions about a file's contents: its stamp vouches for their digest. */
export const CONTENT_OPS: ReadonlySet<string> = new Set(['within', 'read', 'prefix']);
/**
 * And questions about a path's metadata and a folder's entries: a folder's stamp
 * changes when an entry is added, removed or renamed (as git's untracked cache relies
 * on), so an unchanged one vouches for its listing. For a run that would otherwise
 * list every folder again (a walk replayed, node/cachedWalks.ts).
 */
export const STAMPED_OPS: ReadonlySet<string> = new Set([...CONTENT_OPS, 'list', 'stat']);

/**
 * The answers a run gives to recorded questions, each asked once: skills share folders
 * and files, and the same question gets the same answer whichever skill asks.
 *
 * With `known` stamps (from the cache file), a question about a file's contents whose
 * file has the same stamp now gets the digest stored with it: one stat instead of
 * reading and hashing the file (with STAMPED_OPS, a folder's listing and a path's stat
 * too). Every answer to such a question given with a trusted stamp goes into
 * `stamps`, for the next run.
 */
export class ReplayAnswers {
  private readonly answers = new Map<string, Promise<string | undefined>>();
  /** answers known: no waiting for them */
  private readonly settled = new Map<string, string | undefined>();
  /** the stamps to keep: trusted, each vouching for the digest this run saw */
  readonly stamps = new Map<string, StampedDigest>();
  /** stamps this run found that `known` lacks */
  private newStamps = 0;
  /** questions answered by an unchanged stamp; content questions answered by reading the file */
  trusted = 0;
  reread = 0;

  constructor(
    private readonly known: Readonly<Record<string, StampedDigest>> = {},
    private readonly stampOf?: (path: string) => string | undefined,
    /** when this run started (ms since the epoch) */
    private readonly since = Date.now(),
    /** the kinds of question (`op`) a stamp may vouch for */
    private readonly stamped: ReadonlySet<string> = CONTENT_OPS,
  ) {}

  /**
   * The digest `question` gets now: at once (no promise) when it is known without
   * waiting (asked before, a probe, contents an unchanged stamp vouches for), which is
   * most questions of a warm run; a caller awaits only a promise.
   */
  answer(question: string, fs: FileSystem, probe: PluginFolderProbe | undefined): string | undefined | Promise<string | undefined> {
    if (this.settled.has(question)) return this.settled.get(question);
    const pending = this.answers.get(question);
    if (pending) return pending;
    if (question.startsWith('probe\0')) {
      const [, dir, name] = question.split('\0');
      return this.settle(question, probe ? (probe(dir, name) ? '1' : '0') : undefined);
    }
    const [op, path] = question.split('\0', 2);
    // An editor's unsaved text answers for an open file: the disk's stamp says nothing of it.
    if (!this.stampOf || !this.stamped.has(op) || fs.overlaid?.(path)) return this.wait(question, replay(fs, question, contentHash));
    // Taken before the read: a change after it shows in the next run's stamp. A file the
    // walk's listings show missing has none (and its replay asks no disk either); one
    // the stat shows missing has its answer (no stamp kept: absence is asked each run).
    const stamp = fs.knownAbsent?.(path) ? undefined : this.stampOf(path);
    if (stamp === ABSENT_STAMP) return this.settle(question, absentDigest(question));
    const known = this.known[question];
    if (stamp !== undefined && known?.[0] === stamp) {
      this.stamps.set(question, known);
      this.trusted++;
      return this.settle(question, known[1]);
    }
    if (CONTENT_OPS.has(op)) this.reread++;
    return this.wait(question, replay(fs, question, contentHash).then((digest) => {
      this.keep(question, stamp, digest);
      return digest;
    }));
  }

  private settle(question: string, digest: string | undefined): string | undefined {
    this.settled.set(question, digest);
    return digest;
  }

  private wait(question: string, a: Promise<string | undefined>): Promise<string | undefined> {
    const settled = a.then((digest) => this.settle(question, digest));
    this.answers.set(question, settled);
    return settled;
  }

  /**
   * Whether the new stamps are worth writing the cache file for (it holds the whole
   * report: 85 MB on the repository-shaped corpus): when they spare a tenth of the
   * files the next run would read otherwise. A few files read again cost less.
   */
  get stampsWorthSaving(): boolean {
    return this.newStamps > 0 && this.newStamps * 10 >= this.trusted + this.reread;
  }

  /**
   * Whether every question of `record` (numbered in `questions`) still gets the digest
   * it recorded: a cached result may be reused.
   */
  async holds(record: NumberedRecord, questions: readonly string[], fs: FileSystem, probe: PluginFolderProbe | undefined, pause?: () => Promise<void> | undefined): Promise<boolean> {
    for (let i = 0; i < record.length; i += 2) {
      const turn = pause?.();
      if (turn) await turn;
      const question = questions[record[i] as number];
      if (typeof question !== 'string') return false;
      let digest = this.answer(question, fs, probe);
      if (digest instanceof Promise) digest = await digest;
      if (digest !== record[i + 1]) return false;
    }
    return true;
  }

  /**
   * The stamps to keep, their questions numbered in `table`: [question, stamp, digest]
   * in turn; but those `kept` gives the same (a delta's base).
   */
  numberedStamps(table: StringTable, kept?: (question: string) => StampedDigest | undefined): (number | string)[] {
    const out: (number | string)[] = [];
    for (const [question, [stamp, digest]] of this.stamps) {
      const k = kept?.(question);
      if (k && k[0] === stamp && k[1] === digest) continue;
      out.push(table.ref(question), stamp, digest);
    }
    return out;
  }

  /** Keeps a stamp with the digest it vouches for when it can be trusted later. */
  keep(question: string, stamp: string | undefined, digest: string | undefined): void {
    // An error (`!EACCES`) may depend on more than the path's own metadata: asked again.
    if (stamp === undefined || digest === undefined || digest.startsWith('!') || !stampTrusted(stamp, this.since)) return;
    const known = this.known[question];
    if (known?.[0] !== stamp || known[1] !== digest) this.newStamps++;
    this.stamps.set(question, [stamp, digest]);
  }
}

/**
 * The pieces as chunks to write end to end, without first joining them (the check
 * cache's are ~80 MB; the index cache's JSON, made whole, peaked a session at 630 MB):
 * strings as UTF-8, gathered to about 1 MB a chunk.
 */
function* chunksOf(pieces: Iterable<string | Uint8Array>): Generator<Uint8Array> {
  let text: string[] = [];
  let length = 0;
  for (const p of pieces) {
    if (typeof p === 'string') {
      text.push(p);
      if ((length += p.length) < 1 << 20) continue;
    }
    if (text.length) yield Buffer.from(text.join(''), 'utf8');
    text = [];
    length = 0;
    if (typeof p !== 'string') yield p;
  }
  if (text.length) yield Buffer.from(text.join(''), 'utf8');
}

function writeChunk(fd: number, p: Uint8Array): void {
  for (let off = 0; off < p.length; ) off += writeSync(fd, p, off, p.length - off);
}

/** Writes `file` through a temporary file and a rename, a step a chunk; returns why it could not (nothing is thrown). */
function* atomicWrite(file: string, data: string | Uint8Array | Iterable<string | Uint8Array>): Generator<void, string | undefined> {
  const tmp = temporaryOf(file, process.pid);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    if (typeof data === 'string' || data instanceof Uint8Array) writeFileSync(tmp, data);
    else {
      const fd = openSync(tmp, 'w');
      try {
        for (const chunk of chunksOf(data)) {
          writeChunk(fd, chunk);
          yield;
        }
      } finally {
        closeSync(fd);
      }
    }
    renameSync(tmp, file);
    return undefined;
  } catch (e) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Its folder could not be made: nothing was written.
    }
    return `${file}: ${(e as Error).message}`;
  }
}

/** Writes `file` through a temporary file and a rename; returns why it could not (nothing is thrown). */
export function writeFileAtomic(file: string, data: string | Uint8Array | Iterable<string | Uint8Array>): string | undefined {
  const steps = atomicWrite(file, data);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * writeFileAtomic for a writer that must not hold its thread: `pause` between chunks
 * (the language server's event loop gets its turns; its index cache is ~45 MB).
 */
export async function writeFileAtomicSliced(file: string, pieces: Iterable<string | Uint8Array>, pause: () => Promise<void> | undefined): Promise<string | undefined> {
  const steps = atomicWrite(file, pieces);
  // The process may end between two steps (an editor closed meanwhile): its part goes too.
  const drop = () => removeQuietly(temporaryOf(file, process.pid));
  process.once('exit', drop);
  try {
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      const turn = pause();
      if (turn) await turn;
    }
  } finally {
    process.off('exit', drop);
  }
}

const temporaryOf = (file: string, pid: number) => `${file}.${pid}.tmp`;

/** Removes what writers of `file` that ended mid-write (killed) left: their temporary files, by the pid they name. */
export function removeStaleTemporaries(file: string): void {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.tmp'));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.slice(prefix.length, -'.tmp'.length));
    if (!Number.isInteger(pid) || pid <= 0 || running(pid)) continue;
    removeQuietly(path.join(dir, name));
  }
}

/** Removes a leftover part; one that cannot be removed (permissions, a busy file) stays, it harms nothing. */
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Left for the next session to try again.
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const NON_ASCII = /[\u0080-\uffff]/g;

/**
 * JSON text with every character past ASCII escaped (`\u00e9`): the caches' JSON is
 * written so, and read back as Latin-1 (readAsciiLines). A string of one-byte characters
 * takes half the memory of the two-byte one a few accents make of UTF-8, and on this
 * project's machines each MB a process touches first costs ~2.7 ms: the server's 40 MB
 * index cache took 0.58 s to read as UTF-8, 0.23 s this way.
 */
export function asciiJson(json: string): string {
  NON_ASCII.lastIndex = 0;
  if (!NON_ASCII.test(json)) return json;
  return json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * asciiJson's text as bytes, in one pass when the JSON is ASCII already (most are):
 * encoded as UTF-8, a string is ASCII exactly when it takes one byte a character. The
 * check cache's index (4.7 MB on the repository-shaped corpus) took ~15-25 ms for the
 * test of asciiJson and as much again to encode.
 */
export function asciiJsonBytes(json: string): Buffer {
  const utf8 = Buffer.from(json, 'utf8');
  return utf8.length === json.length ? utf8 : Buffer.from(asciiJson(json), 'latin1');
}

/**
 * The lines (`\n`) of a file as Latin-1 text, read in chunks through one buffer with
 * `pause` between them (the server's index cache: 45 MB on 10,000 skills).
 */
export async function readAsciiLines(file: string, pause: () => Promise<void> | undefined): Promise<string[]> {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    const lines: string[] = [];
    /** the line read so far, in parts (a table's line spans many chunks) */
    let line: string[] = [];
    for (let at = 0, n; (n = readSync(fd, buf, 0, buf.length, at)) > 0; at += n) {
      const text = buf.toString('latin1', 0, n);
      let start = 0;
      for (let nl; (nl = text.indexOf('\n', start)) >= 0; start = nl + 1) {
        line.push(text.slice(start, nl));
        lines.push(line.join(''));
        line = [];
      }
      line.push(text.slice(start));
      const turn = pause();
      if (turn) await turn;
    }
    lines.push(line.join(''));
    return lines;
  } finally {
    closeSync(fd);
  }
}


// Background index of every SKILL.md in the workspace folders: scanned once after
// initialize, then kept current file by file (watched-file events, closes), so an
// edit never re-reads the workspace. Work yields to the event loop every few ms so
// requests are answered while it runs, and a newer run cancels an older one.
import * as path from 'node:path';
import { byPosition } from '../core/check/checkDocument';
import type { CancellationToken, SkillDiagnostic } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
import { findSkillFiles, type SkillListings } from '../core/workspace/findSkillFiles';
import { ContractFileCollector, type ContractFiles } from '../core/contracts/discover';
import { PrelistedFileSystem } from '../core/workspace/prelistedFileSystem';
import type { IndexPool } from './indexWorkers';
import { IndexCache, mergeRecords } from './indexCache';
import type { WalkOutcome } from '../node/cachedWalks';
import { contentHash } from '../node/cacheRecords';
import { RecordingFileSystem } from '../core/workspace/recordingFileSystem';
import type { SkillSummary } from '../core/rules/skillSet/duplicates';
import { checkSkillOnDisk, type DiskCheck } from './skillCheck';
import type { Configuration } from './configuration';
import type { IndexStatus as ProtocolIndexStatus } from '../protocol';

export interface IndexedSkill {
  file: string;
  /** `name` from the frontmatter, else the folder name */
  name: string;
  /** diagnostics of the file as it is on disk */
  diagnostics: SkillDiagnostic[];
  /** changes whenever the diagnostics may have changed */
  resultId: string;
  /** only the document rules' diagnostics so far: the reference checks are still running */
  referencesPending?: boolean;
  /** while pending: the hash of the text the document rules saw */
  textHash?: number;
  /** the duplicate rules' summary of the file (lsp/skillSet.ts takes it) */
  summary?: SkillSummary;
  /** whether its frontmatter has contract fields (DiskCheck.contractFields) */
  contractFields?: boolean;
}

/** The index's part of the `skillmd/indexStatus` answer (the server adds the diagnostic mode). */
export type IndexStatus = Omit<ProtocolIndexStatus, 'diagnosticMode'>;

/**
 * A copy of the status as it is now, nested objects included. vscode-jsonrpc serializes
 * a response only when its turn in the write queue comes: a shallow copy, answered while
 * thousands of diagnostics waited ahead of it, went out saying the references were
 * 'ready' although it was asked (and those diagnostics queued) while they were 'checking'.
 */
export function statusSnapshot(status: IndexStatus): IndexStatus {
  return { ...status, references: { ...status.references } };
}

/** Gives the event loop a turn (lets pending JSON-RPC messages in). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const SLICE_MS = 8;

/** For long synchronous work: a turn of the event loop once SLICE_MS have passed since the last. */
export function slicedPause(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => (performance.now() - sliceStart < SLICE_MS ? undefined : yieldToEventLoop().then(() => void (sliceStart = performance.now())));
}
/** Distinct strings the index shares at most before it starts a new table. */
const MAX_INTERNED = 100_000;
const CONCURRENCY = 16;

export class WorkspaceIndex {
  readonly skills = new Map<string, IndexedSkill>();
  /** run the reference checks too (they read the files each skill points at) */
  references = false;
  /** worker threads for the initial index (set by the server) */
  pool?: IndexPool;
  /** unsaved editor buffers the workers must see */
  openBuffers?: () => [string, string][];
  /** set by the server: what each checked skill's references depend on */
  onDependencies?: (file: string, dependencies: string[]) => void;
  /** set by the server: called for every skill file that leaves the index */
  onRemoved?: (file: string) => void;
  /** set by the server: the reference checks that followed the index (first run) are done */
  onReferencesChecked?: () => void;
  /** set by the server: work that follows the checks (the skill set's rules), awaited before the run is reported done */
  settle?: () => Promise<void>;
  /** set by the server when the client gave it a place: the last session's checks (lsp/indexCache.ts) */
  cache?: IndexCache;
  /** set by the contract features: they get the contract files this index's walk saw (ContractService.offerWalk) */
  contractWalk?: { stamp(): number; found(files: ContractFiles, stamp: number, folders: readonly string[]): void };
  private run = 0;
  private counter = 0;
  private waiters: (() => void)[] = [];
  private listeners: ((files: string[]) => void)[] = [];
  readonly status: IndexStatus = { state: 'idle', total: 0, done: 0, runs: 0, references: { state: 'idle', done: 0 } };

  constructor(
    private readonly fs: FileSystem,
    private readonly config: Configuration,
    /** files the editor has open: their text is the editor's, not the disk's */
    private readonly isOpen: (file: string) => boolean,
    private readonly log: (msg: string) => void = () => {},
  ) {}

  /** Called with the files whose entries changed (added, re-checked or removed). */
  onDidChange(fn: (files: string[]) => void): void {
    this.listeners.push(fn);
  }

  get ready(): boolean {
    return this.status.state === 'ready';
  }

  /** Resolves when the current run's index is ready (its reference checks may go on), or the token is cancelled. */
  whenReady(token?: { isCancellationRequested: boolean; onCancellationRequested?: (fn: () => void) => unknown }): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      token?.onCancellationRequested?.(() => resolve());
    });
  }

  /** Scans the folders and checks every skill; a newer call cancels this one. */
  async rebuild(folders: readonly string[], onProgress?: (done: number, total: number, referencesDone: number) => void): Promise<void> {
    const run = ++this.run;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    const token: CancellationToken = { get isCancellationRequested() { return run !== self.run; } };
    const t0 = performance.now();
    this.status.state = 'indexing';
    this.status.total = 0;
    this.status.done = 0;
    const refs = this.status.references;
    refs.state = this.references ? 'checking' : 'idle';
    // The first index runs in two steps (below); a later run (new settings, another
    // folder) in one, so the skills' reference problems do not vanish and come back.
    const split = this.references && this.status.runs === 0;
    // The first index reuses the last session's checks and keeps this one's.
    const cache = this.references && this.status.runs === 0 ? this.cache : undefined;
    /** complete checks of this run and their records, for the cache; split: the first steps */
    const firstSteps = new Map<string, DiskCheck>();
    /** files the first step checked completely (no worker was left) */
    const complete = new Set<string>();
    refs.done = 0;
    refs.durationMs = undefined;
    const files: string[] = [];
    const seen = new Set<string>();
    let sliceStart = performance.now();
    let batch: string[] = [];
    const record = (file: string, entry: IndexedSkill) => {
      this.skills.set(file, entry);
      batch.push(file);
      this.status.done++;
    };
    const flush = () => {
      const b = batch;
      batch = [];
      if (b.length) this.emit(b);
      onProgress?.(this.status.done, this.status.total, refs.done);
      sliceStart = performance.now();
    };
    /** checks a batch completely on this thread: no worker is left */
    const fallback = async (list: string[], listings: (SkillListings | undefined)[]) => {
      for (let i = 0; i < list.length; i++) {
        if (token.isCancellationRequested) return;
        refs.done++;
        if (split) complete.add(list[i]);
        record(list[i], await this.checkFile(list[i], listings[i]));
        if (performance.now() - sliceStart > SLICE_MS) {
          flush();
          await yieldToEventLoop();
        }
      }
    };
    // With worker threads the checks run while the walk goes on; results come back here.
    // Split, this first run checks the document rules only, so the index is complete
    // about as soon as the walk is. The reference checks (most of the work) wait for a
    // second run after the walk: run beside it they slowed the walk as much as they
    // gained (two cores), and after it the main thread is free to read ahead for them.
    /** what the second run checks: files and the walk's listings of their folders */
    const deferred: [string, SkillListings | undefined][] = [];
    const pool = this.pool?.enabled ? this.pool.run({
      optionsFor: (f) => this.config.optionsFor(f),
      generation: () => this.config.generation,
      references: split ? false : this.references,
      open: () => this.openBuffers?.() ?? [],
      cancelled: () => token.isCancellationRequested,
      record: !!cache,
      onResult: (r) => {
        // (A cache only with the first run, which is split: stored once the second step is back.)
        if (cache && r.record) firstSteps.set(r.file, r);
        if (split) r.referencesPending = true;
        else refs.done++;
        record(r.file, this.entryOf(r));
        if (performance.now() - sliceStart > SLICE_MS) flush();
      },
      fallback,
    }) : undefined;
    /** the skill last found, whose folders the walk may still be listing */
    let walking: [string, SkillListings | undefined] | undefined;
    /** A skill the walk found, its folders listed: from the cache, checked here (open), or to the workers. */
    const place = async (f: string, listings: SkillListings | undefined) => {
      if (this.isOpen(f)) {
        refs.done++;
        record(f, await this.checkFile(f));
        return;
      }
      const hit = cache && (await this.fromCache(cache, f, listings));
      if (hit) {
        refs.done++;
        if (split) complete.add(f);
        record(f, hit);
        // In slices, as the workers' results: held to the end, a warm session's 10,000
        // entries went to the listeners at once (pushing their diagnostics held the
        // event loop ~0.5 s).
        if (performance.now() - sliceStart > SLICE_MS) flush();
        return;
      }
      if (split) deferred.push([f, listings]);
      await pool!.add(f, listings);
    };
    // The walk lists every folder: the contract features need no walk of their own.
    const contractStamp = this.contractWalk?.stamp();
    const contractFiles: ContractFiles | undefined = this.contractWalk && { contracts: [], registries: [], skillFiles: [] };
    let contractsComplete = !!contractFiles;
    const onFile = async (f: string, listings: SkillListings | undefined) => {
      if (seen.has(f)) return;
      seen.add(f);
      files.push(f);
      this.status.total++;
      if (!pool) return;
      // The walk has not listed the skill's folders yet (it goes on below the
      // SKILL.md): the skill is placed when the next one is found, with them.
      const before = walking;
      walking = [f, listings];
      if (before) await place(before[0], before[1]);
    };
    for (const folder of folders) {
      const scan = await this.walkFolder(folder, { cache, collect: !!contractFiles, keepListings: !!pool, onFile, token });
      if (walking && !token.isCancellationRequested) await place(walking[0], walking[1]);
      walking = undefined;
      if (token.isCancellationRequested) return void (await pool?.finish());
      // Not a file's diagnostics (a folder has no document to show them on): the log says.
      for (const p of scan.problems) this.log(`index: ${p.code}: ${p.message}`);
      const found = scan.contracts;
      if (!found) contractsComplete = false;
      else for (const k of ['contracts', 'registries', 'skillFiles'] as const) for (const f of found[k]) contractFiles![k].push(f);
    }
    if (contractsComplete) this.contractWalk!.found(contractFiles!, contractStamp!, folders);
    this.status.total = files.length;
    const removed = [...this.skills.keys()].filter((f) => !seen.has(f));
    for (const f of removed) {
      this.skills.delete(f);
      this.onRemoved?.(f);
    }
    if (removed.length) this.emit(removed);

    let next = pool ? files.length : 0;
    const worker = async () => {
      while (next < files.length && !token.isCancellationRequested) {
        const file = files[next++];
        const entry = await this.checkFile(file);
        if (token.isCancellationRequested) return;
        refs.done++;
        record(file, entry);
        if (performance.now() - sliceStart > SLICE_MS) {
          flush();
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
    };
    if (pool) await pool.finish();
    else await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    if (token.isCancellationRequested) return;
    flush();
    this.status.state = 'ready';
    this.status.runs++;
    this.status.durationMs = Math.round(performance.now() - t0);
    const mem = process.memoryUsage();
    this.log(`indexed ${files.length} skills in ${this.status.durationMs} ms (heap ${Math.round(mem.heapUsed / 2 ** 20)} MiB, rss ${Math.round(mem.rss / 2 ** 20)} MiB)`);
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
    if (!this.references) return;

    if (split && pool && this.pool) {
      const slice = {
        push: (f: string) => batch.push(f),
        due: () => performance.now() - sliceStart > SLICE_MS,
        flush,
      };
      const second = cache ? (r: DiskCheck) => this.storeTwoSteps(cache, firstSteps, r) : undefined;
      if (!(await this.completeReferences(this.pool, token, deferred, complete, slice, second))) return;
      flush();
      this.onReferencesChecked?.();
    }
    flush();
    await this.settle?.();
    if (token.isCancellationRequested) return;
    refs.state = 'ready';
    refs.durationMs = Math.round(performance.now() - t0);
    this.log(`checked the references of ${files.length} skills in ${refs.durationMs} ms (rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB)`);
    if (cache) {
      // Once every diagnostic is out: the client need not wait for the file, nor its
      // requests for the ~1 s the write takes on 10,000 skills.
      const unsaved = await cache.save(slicedPause());
      this.log(`index cache: ${cache.reused} skills reused, ${cache.stored} checked and kept${unsaved ? `; not saved: ${unsaved}` : ''}`);
    }
  }

  /**
   * One workspace folder's walk, each skill file handed to `onFile` as it is found. With
   * the index cache, the last session's walk when every folder and path it looked at is
   * unchanged (node/cachedWalks.ts: one stat a folder instead of a listing; its skills
   * come without listings, which their own records' stamps stand for), else a walk it keeps.
   */
  private async walkFolder(folder: string, o: {
    cache: IndexCache | undefined;
    /** collect the contract files the listings show */
    collect: boolean;
    keepListings: boolean;
    onFile: (file: string, listings: SkillListings | undefined) => Promise<void>;
    token: CancellationToken;
  }): Promise<WalkOutcome> {
    // The ignore globs decide what a walk finds: a walk kept under others is not taken.
    const root = `${folder}\0${contentHash(this.config.walkKey())}`;
    // Stamps are synchronous stats: the event loop gets its turns between them.
    const pause = slicedPause();
    const replayed = o.cache && (await o.cache.walks.replay(root, o.cache.answers, this.fs, this.config.optionsFor(folder).isPluginFolder, pause));
    if (replayed) {
      for (const f of replayed.files) {
        if (o.token.isCancellationRequested) break;
        await o.onFile(f, undefined);
        await pause();
      }
      return replayed;
    }
    const contracts = o.collect ? new ContractFileCollector((p) => this.config.isIgnored(p)) : undefined;
    const recording = o.cache && new RecordingFileSystem(this.fs, contentHash);
    const scan = await findSkillFiles(recording ?? this.fs, folder, {
      token: o.token,
      exclude: (p) => this.config.isIgnored(p),
      onListing: contracts && ((dir, entries, linked) => contracts.listing(dir, entries, linked)),
      keepListings: o.keepListings,
      onFile: o.onFile,
    });
    const outcome: WalkOutcome = { files: scan.files, problems: scan.problems, contracts: contracts?.result() };
    if (recording && !o.token.isCancellationRequested) o.cache!.walks.keep(root, recording.record(), outcome);
    return outcome;
  }

  /**
   * The second step of a split index: each skill's reference checks, in the workers,
   * merged into the entry its first step left. False when the run was cancelled.
   */
  private async completeReferences(
    pool: IndexPool,
    token: CancellationToken,
    /** files and the walk's listings of their folders */
    deferred: [string, SkillListings | undefined][],
    /** files the first step checked completely (no worker was left) */
    complete: Set<string>,
    /** the run's emitter: records a changed file, says when a slice is over, flushes */
    slice: { push(file: string): void; due(): boolean; flush(): void },
    /** each second step's result as it comes (the index cache) */
    onSecond?: (r: DiskCheck) => void,
  ): Promise<boolean> {
    const refs = this.status.references;
    // Each complete result replaces the first one, unless the file was checked again
    // meanwhile (changed on disk, closed in the editor).
    const pending = (f: string) => !!this.skills.get(f)?.referencesPending;
    /** files whose text was not the first step's when the second read it */
    const changed: string[] = [];
    const second = pool.run({
      optionsFor: (f) => this.config.optionsFor(f),
      generation: () => this.config.generation,
      references: 'only',
      open: () => this.openBuffers?.() ?? [],
      cancelled: () => token.isCancellationRequested,
      record: !!onSecond,
      onResult: (r) => {
        refs.done++;
        onSecond?.(r);
        const first = this.skills.get(r.file);
        if (!first?.referencesPending) return;
        // The file changed between the two steps (and no watcher said so): check it whole below.
        if (r.referencesOnly && r.textHash !== first.textHash) return void changed.push(r.file);
        if (r.referencesOnly) {
          if (!r.diagnostics.length) {
            // Nothing to add: the first result stands, and clients need not hear of it again.
            if (r.dependencies) this.onDependencies?.(r.file, r.dependencies);
            delete first.referencesPending;
            delete first.textHash;
            return;
          }
          r.diagnostics = [...first.diagnostics, ...r.diagnostics].sort(byPosition);
          // The same text: the first step's summary stands (the second computes none).
          r.summary = first.summary;
          r.contractFields = first.contractFields;
        }
        this.skills.set(r.file, this.entryOf(r));
        slice.push(r.file);
        if (slice.due()) slice.flush();
      },
      fallback: async (list, listings) => {
        for (let i = 0; i < list.length; i++) {
          if (token.isCancellationRequested) return;
          refs.done++;
          if (await this.recheckPending(list[i], listings[i], token)) slice.push(list[i]);
          if (slice.due()) {
            slice.flush();
            await yieldToEventLoop();
          }
        }
      },
    });
    for (const [f, listings] of deferred) {
      if (token.isCancellationRequested) break;
      if (pending(f)) await second.add(f, listings);
      else if (!complete.has(f)) refs.done++;
    }
    await second.finish();
    // Said, because a wrong hash would silently check every skill twice.
    if (changed.length) this.log(`${changed.length} skill file(s) changed between the index's two steps: checked whole again`);
    for (const f of changed) if (await this.recheckPending(f, undefined, token)) slice.push(f);
    return !token.isCancellationRequested;
  }

  /** Checks a file whose references are pending completely, on this thread; true if its entry changed. */
  private async recheckPending(file: string, listings: SkillListings | undefined, token: CancellationToken): Promise<boolean> {
    const first = this.skills.get(file);
    if (token.isCancellationRequested || !first?.referencesPending) return false;
    const entry = await this.checkFile(file, listings);
    // Unless it was checked again (or the run cancelled) while this one read it.
    if (token.isCancellationRequested || this.skills.get(file) !== first) return false;
    this.skills.set(file, entry);
    return true;
  }

  /** Skill files the index checked that have no contract fields on disk (the contract pass need not read them). */
  plainSkills(): Set<string> {
    const out = new Set<string>();
    for (const [f, e] of this.skills) if (e.contractFields === false && !this.isOpen(f)) out.add(f);
    return out;
  }

  /** Re-reads one file (created or changed on disk, or closed in the editor). */
  async update(file: string): Promise<void> {
    if (this.config.isIgnored(file)) return this.remove(file);
    const st = await this.fs.stat(file).catch(() => undefined);
    if (st?.type !== 'file') return this.remove(file);
    this.skills.set(file, await this.checkFile(file));
    this.countAll();
    this.emit([file]);
  }

  /**
   * After a full run, skills come and go one at a time: the status counts the index
   * as it is (issue 18: "7/7 skills" with 8 in the workspace), each one checked.
   */
  private countAll(): void {
    if (this.status.state !== 'ready') return;
    this.status.total = this.status.done = this.skills.size;
    if (this.status.references.state === 'ready') this.status.references.done = this.skills.size;
  }

  remove(file: string): void {
    const gone = this.skills.delete(file) ? [file] : [];
    // A deleted folder removes every skill under it.
    const prefix = file + path.sep;
    for (const f of [...this.skills.keys()]) {
      if (!f.startsWith(prefix)) continue;
      this.skills.delete(f);
      gone.push(f);
    }
    for (const f of gone) this.onRemoved?.(f);
    this.countAll();
    if (gone.length) this.emit(gone);
  }

  /** Re-checks every indexed file without rescanning (after a settings change). */
  async recheckAll(): Promise<void> {
    const run = this.run;
    let sliceStart = performance.now();
    let batch: string[] = [];
    for (const file of [...this.skills.keys()]) {
      if (run !== this.run) return;
      this.skills.set(file, await this.checkFile(file));
      batch.push(file);
      if (performance.now() - sliceStart > SLICE_MS) {
        this.emit(batch);
        batch = [];
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
    if (batch.length) this.emit(batch);
  }

  /** Tells the listeners that entries of `files` changed from outside (the skill set's diagnostics). */
  notify(files: string[]): void {
    this.emit(files);
  }

  private emit(files: string[]): void {
    for (const l of this.listeners) l(files);
  }

  /** The last session's check of `file`, as an index entry, if nothing it read has changed. */
  private async fromCache(cache: IndexCache, file: string, listings: SkillListings | undefined): Promise<IndexedSkill | undefined> {
    const opts = this.config.optionsFor(file);
    // The walk's listings of the skill's folders answer the record's folder questions.
    const fs = listings ? new PrelistedFileSystem(this.fs, listings) : this.fs;
    const hit = await cache.lookup(file, IndexCache.keyOf(opts, true), fs, opts.isPluginFolder);
    // Its strings are the cache file's table's: one copy each already.
    return hit && this.entryOf(hit, true);
  }

  /**
   * Keeps a check done in two steps once its second step is back, when both saw the
   * same text: the first step's document rules and the second's reference checks.
   */
  private storeTwoSteps(cache: IndexCache, firstSteps: Map<string, DiskCheck>, second: DiskCheck): void {
    const first = firstSteps.get(second.file);
    firstSteps.delete(second.file);
    if (!first?.record || !second.record || !second.referencesOnly || second.textHash !== first.textHash) return;
    const diagnostics = second.diagnostics.length ? [...first.diagnostics, ...second.diagnostics].sort(byPosition) : first.diagnostics;
    const whole: DiskCheck = { ...first, diagnostics, dependencies: second.dependencies };
    cache.store(second.file, IndexCache.keyOf(this.config.optionsFor(second.file), true), whole, mergeRecords(first.record, second.record), mergeRecords(first.stamps ?? [], second.stamps ?? []));
  }

  /** `listings`: the skill's folders as the walk read them, so they are not read again. */
  private async checkFile(file: string, listings?: SkillListings): Promise<IndexedSkill> {
    // An open document is checked from the editor's text; the disk copy may be stale.
    if (this.isOpen(file)) return { file, name: path.basename(path.dirname(file)), diagnostics: [], resultId: `d${++this.counter}` };
    const fs = listings ? new PrelistedFileSystem(this.fs, listings) : this.fs;
    // The index keeps no quick fixes (skillCheck.ts: the open file's check makes them): none are built.
    const r = await checkSkillOnDisk(fs, file, { ...this.config.optionsFor(file), fixes: false }, this.references, this.log);
    return this.entryOf(r);
  }

  /** `shared`: the diagnostics' strings are shared already (a check from the index cache). */
  private entryOf(r: DiskCheck, shared = false): IndexedSkill {
    if (r.dependencies) this.onDependencies?.(r.file, r.dependencies);
    // Results from a worker arrive with a fresh copy of every string: share the file
    // paths, the few distinct codes and severities, and the messages, which repeat (a
    // missing script is named in several files of a skill, and in many skills).
    if (!shared) for (const d of r.diagnostics) {
      d.file = d.file === r.file ? r.file : this.intern(d.file);
      d.code = this.intern(d.code);
      d.severity = this.intern(d.severity);
      d.message = this.intern(d.message);
    }
    const entry: IndexedSkill = { file: r.file, name: r.name, diagnostics: r.diagnostics, resultId: `d${++this.counter}` };
    if (r.summary) entry.summary = r.summary;
    if (r.contractFields !== undefined) entry.contractFields = r.contractFields;
    if (r.referencesPending) {
      entry.referencesPending = true;
      entry.textHash = r.textHash;
    }
    return entry;
  }

  private readonly interned = new Map<string, string>();

  private intern<T extends string>(s: T): T {
    const hit = this.interned.get(s);
    if (hit !== undefined) return hit as T;
    // Strings shared so far stay shared; the table itself must not keep every message
    // of a long session (removed skills, edited files) alive.
    if (this.interned.size >= MAX_INTERNED) this.interned.clear();
    this.interned.set(s, s);
    return s;
  }
}

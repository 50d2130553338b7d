// Worker threads for the initial workspace index: a worker (the indexWorker.js bundle)
// checks batches of SKILL.md files off the main thread, so a 10,000-skill index uses
// every core while hovers and edits are answered at once. Same batch approach as the
// CLI (cli/commands/checkParallel.ts): small batches in walk order, two in flight per
// worker, the walk's folder listings and the batch's text files shipped along.
import { availableParallelism } from 'node:os';
import { workerData } from 'node:worker_threads';
import type { CheckOptions } from '../core/check/checkDocument';
import type { SkillListings } from '../core/workspace/findSkillFiles';
import { MemoListingFileSystem } from '../core/workspace/memoListingFileSystem';
import { PrelistedFileSystem } from '../core/workspace/prelistedFileSystem';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { pluginFolderProbe } from '../node/pluginFolders';
import { serveBatches, WorkerPool } from '../node/workerPool';
import { prereadSkills, type Preread } from '../node/prereadFiles';
import { OverlayFileSystem } from './overlayFileSystem';
import { RecordingFileSystem } from '../core/workspace/recordingFileSystem';
import type { PluginFolderProbe } from '../core/profiles/targets';
import { contentHash, probeQuestion } from '../node/cacheRecords';
import { packCheck, StringTable, unpackBatch, type WireBatch, type WireCheck } from './indexWire';
import { checkSkillOnDisk, type DiskCheck } from './skillCheck';

const BATCH = 24;
const IN_FLIGHT = 2;
/** Batches the walk may run ahead of the workers before it waits for a result. */
const WALK_AHEAD = 4;

interface WorkerInput {
  skillmdIndexWorker: true;
  /** the pool's count of workers started before this one (WorkerPool adds it) */
  serial?: number;
}

/** Dead workers replaced while runs need them, until the pool is idle again. */
export const MAX_REPLACEMENTS = 3;

interface BatchMessage {
  files: string[];
  listings: (SkillListings | undefined)[];
  /** per file: index into `options` */
  optionIndex: number[];
  options: CheckOptions[];
  references: boolean | 'only';
  /** unsaved editor buffers (path, text) the checks must see */
  open: [string, string][];
  /** the batch's files the main thread read ahead (never an open one) */
  preread: Preread;
  /** the configuration's generation: a newer one may see other plugin folders */
  generation: number;
  /** note every question each check asks of the disk, for the index cache (lsp/indexCache.ts) */
  record?: boolean;
}

/** The worker side, when this thread is an index worker (started by IndexPool): checks each batch it is sent, one at a time. */
export function runIndexWorker(): boolean {
  const disk = new NodeFileSystem({ sync: true });
  // Recording for the index cache: each read also gives its file's stamp, so the next
  // session takes an unchanged file's digest from one stat (cacheRecords.ts).
  const stampedDisk = new NodeFileSystem({ sync: true, stamps: true });
  const optionCache = new Map<string, CheckOptions>();
  // The main thread's probe does not cross threads: the worker looks at the disk itself,
  // with a fresh cache for each generation of the configuration.
  let generation = -1;
  let probe = pluginFolderProbe();
  // The probe's answers go into the record of the check that asked (one options object
  // per set of options: the core's per-options caches must keep hitting).
  let recording: RecordingFileSystem | undefined;
  const isPluginFolder: PluginFolderProbe = (dir, name) => {
    const found = probe(dir, name);
    recording?.note(probeQuestion(dir, name), found ? '1' : '0');
    return found;
  };
  // For the tests of a worker that dies mid-index: it exits when batch N+1 arrives,
  // if it is one of the first SKILLMD_TEST_INDEX_WORKER_EXITS workers (default: every one).
  const exits = Number(process.env.SKILLMD_TEST_INDEX_WORKER_EXITS ?? Infinity);
  const serial = (workerData as WorkerInput | undefined)?.serial ?? 0;
  let exitAfter = serial < exits ? Number(process.env.SKILLMD_TEST_INDEX_WORKER_EXIT_AFTER) || Infinity : Infinity;
  return serveBatches<BatchMessage, WireBatch>('skillmdIndexWorker', async (m) => {
    if (exitAfter-- <= 0) process.exit(70);
    const open = new Map(m.open);
    // The batch's skills share their listings and stats (their repository's root and
    // `.git`, asked once per skill): 2,984 root listings and 3,841 stats of `.git` on
    // the 10,000-skill bench corpus. One batch sees the disk as it was when it started.
    const base = m.record ? stampedDisk : disk;
    const fs = new MemoListingFileSystem(open.size ? new OverlayFileSystem(base, (f) => open.get(f)) : base, { stats: true });
    if (m.generation !== generation) {
      generation = m.generation;
      optionCache.clear();
      probe = pluginFolderProbe();
    }
    // Equal options share one object, so per-options caches in the core hit.
    const options = m.options.map((o) => {
      const key = JSON.stringify(o);
      let hit = optionCache.get(key);
      if (!hit) optionCache.set(key, (hit = { ...o, isPluginFolder }));
      return hit;
    });
    const contents = new Map<string, Uint8Array>();
    const stamps = new Map<string, string>();
    for (const [file, offset, length, stamp] of m.preread.files) {
      contents.set(file, new Uint8Array(m.preread.buffer, offset, length));
      if (stamp !== undefined) stamps.set(file, stamp);
    }
    const out: WireCheck[] = [];
    const table = new StringTable();
    for (let i = 0; i < m.files.length; i++) {
      const pre = new PrelistedFileSystem(fs, m.listings[i] ?? [], contents, stamps);
      recording = m.record ? new RecordingFileSystem(pre, contentHash) : undefined;
      const wire = packCheck(await checkSkillOnDisk(recording ?? pre, m.files[i], options[m.optionIndex[i]], m.references), table);
      if (recording) {
        wire.record = recording.record();
        wire.stamps = recording.stamps();
      }
      recording = undefined;
      out.push(wire);
    }
    return [{ checks: out, strings: table.strings }];
  });
}

export function indexThreads(): number {
  // Empty is unset (Number('') would be 0: no workers at all).
  const env = process.env.SKILLMD_THREADS ? Number(process.env.SKILLMD_THREADS) : NaN;
  if (Number.isInteger(env) && env >= 0) return Math.min(env, 8);
  // The main thread keeps a core for the walk, publishing and requests.
  return Math.max(1, Math.min(availableParallelism() - 1, 3));
}

export interface PoolRun {
  /** Adds a file (walk order); resolves when the queue has room again. */
  add(file: string, listings: SkillListings | undefined): Promise<void>;
  /** Resolves when every added file was checked (or the run was cancelled). */
  finish(): Promise<void>;
}

/**
 * Worker threads, started on the first run and stopped when idle (they hold tens of
 * MB each). Results come back on the main thread through `onResult`.
 */
export class IndexPool {
  private readonly pool: WorkerPool<BatchMessage, WireBatch>;
  private idleTimer: NodeJS.Timeout | undefined;
  private runs = 0;
  private replacements = 0;
  /**
   * Every unfinished run's way to send its batches and wake its waiting caller. Runs
   * share the workers: a slot freed by one run's batch may be another's turn (a new
   * run waits while a cancelled one still has batches in the workers).
   */
  private readonly active = new Set<() => void>();

  constructor(bundle: string, private readonly threads: number, private readonly log: (m: string) => void = () => {}) {
    this.pool = new WorkerPool({
      bundle,
      workerData: { skillmdIndexWorker: true } satisfies WorkerInput,
      threads,
      inFlight: IN_FLIGHT,
      // The server's stdout is the protocol: a worker's output must not reach it.
      quiet: true,
      unref: true,
      // 16 MB: with 8 the worker's collector took 1.96 of its 14.4 CPU-s on the 10,000-skill
      // bench corpus (32: every diagnostic at 9.0-10.1 s instead of 10.7-14.2 s). Since
      // 5b3bf53 (a WeakMap of documents gone) 16 is about as fast as 32 and peaks lower: 6
      // alternating sessions each, pushing, every diagnostic 7.0-8.0 s (median 7.4) vs
      // 6.8-7.8 (7.3), server peak RSS 270-291 vs 302-317 MiB (the bench's target: < 300).
      youngGenerationMb: 16,
      onFailure: (why) => this.replace(why),
      onRoom: () => this.wakeAll(),
    });
  }

  /** A worker died: its batches went back to the queue; a new one takes them while runs need one. */
  private replace(why: string): void {
    this.log(`index worker stopped: ${why}`);
    if (this.runs === 0 || this.replacements >= MAX_REPLACEMENTS) return;
    this.replacements++;
    this.log(`index worker replaced (${this.replacements} of at most ${MAX_REPLACEMENTS} until idle)`);
    this.start();
  }

  get enabled(): boolean {
    return this.threads > 0;
  }

  private start(): void {
    clearTimeout(this.idleTimer);
    if (this.pool.size < this.threads) this.log(`index: starting ${this.threads - this.pool.size} worker thread(s)`);
    this.pool.start();
  }

  /**
   * Starts the workers ahead of a run that is about to come (the initial index): their
   * bundle loads on another core while the server finishes its handshake. Workers that
   * get no run stop when idle, as after a run.
   */
  prestart(): void {
    if (!this.enabled) return;
    this.start();
    this.stopWhenIdle();
  }

  private wakeAll(): void {
    for (const turn of [...this.active]) turn();
  }

  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.runs > 0) return;
      this.pool.terminate();
      this.replacements = 0;
    }, 5000);
    this.idleTimer.unref();
  }

  /**
   * A run over files added one by one. While a worker is alive the workers check
   * every batch: a main thread that checks too compiles the whole check code a second
   * time (V8 optimizes per isolate; ~1.5 CPU-s here), which on two cores costs the
   * workers as much as it saves, and its slices delay requests. `fallback` checks a
   * batch on the main thread only when no worker is left (crashed).
   */
  run(opts: {
    optionsFor: (file: string) => CheckOptions;
    /** the configuration's generation (see BatchMessage) */
    generation: () => number;
    /** 'only': the files' document rules ran before (see checkSkillOnDisk) */
    references: boolean | 'only';
    open: () => [string, string][];
    cancelled: () => boolean;
    /** records for the index cache (BatchMessage.record) */
    record?: boolean;
    onResult: (r: DiskCheck) => void;
    fallback: (files: string[], listings: (SkillListings | undefined)[]) => Promise<void>;
  }): PoolRun {
    // Workers start with the first full batch: a small workspace is checked on the main thread.
    this.runs++;
    const queue: { files: string[]; listings: (SkillListings | undefined)[] }[] = [];
    let current: (typeof queue)[number] = { files: [], listings: [] };
    let inFlight = 0;
    let started = false;
    let walked = false;
    let wake: (() => void) | undefined;
    const notify = () => {
      const w = wake;
      wake = undefined;
      w?.();
    };
    const dispatch = () => {
      while (this.pool.hasRoom() && queue.length && !opts.cancelled()) {
        const b = queue.shift()!;
        const options: CheckOptions[] = [];
        const keys = new Map<string, number>();
        const optionIndex = b.files.map((f) => {
          const { token: _t, isPluginFolder: _p, ...o } = opts.optionsFor(f);
          // The index keeps no quick fixes (skillCheck.ts: the open file's check makes them): none are built.
          o.fixes = false;
          const key = JSON.stringify(o);
          let i = keys.get(key);
          if (i === undefined) keys.set(key, (i = options.push(o) - 1));
          return i;
        });
        inFlight++;
        const done = (out: DiskCheck[] | undefined) => {
          inFlight--;
          if (!opts.cancelled()) {
            if (out) for (const r of out) opts.onResult(r);
            else queue.unshift(b);
          }
        };
        const open = opts.open();
        const openFiles = new Set(open.map(([f]) => f));
        // Read ahead only with time to spare: batches are waiting (the workers are
        // the bottleneck) or the walk is over. A walk the workers wait for (slow
        // system calls) leaves the reads to them.
        const preread = queue.length || walked ? prereadSkills(b.files, b.listings, (f) => openFiles.has(f), undefined, !opts.references, opts.record) : { buffer: new ArrayBuffer(0), files: [] };
        void this.pool
          .send({ files: b.files, listings: b.listings, optionIndex, options, references: opts.references, open, preread, generation: opts.generation(), record: opts.record }, [preread.buffer])
          .then((out) => done(out && unpackBatch(out)));
      }
    };
    const wait = () => new Promise<void>((resolve) => (wake = resolve));
    const turn = () => {
      dispatch();
      notify();
    };
    this.active.add(turn);
    return {
      add: async (file, listings) => {
        // A batch leaves when the next file arrives: the walk is done with its folders.
        if (current.files.length >= BATCH) {
          if (!started) {
            started = true;
            this.start();
          }
          queue.push(current);
          current = { files: [], listings: [] };
          dispatch();
          // Keep the walk a little ahead of the workers, not the whole tree.
          while (queue.length > WALK_AHEAD && !opts.cancelled()) {
            if (this.pool.size) {
              await wait();
              continue;
            }
            const b = queue.shift()!;
            await opts.fallback(b.files, b.listings);
          }
        }
        current.files.push(file);
        current.listings.push(listings);
      },
      finish: async () => {
        walked = true;
        if (current.files.length) queue.push(current);
        current = { files: [], listings: [] };
        dispatch();
        while ((queue.length || inFlight) && !opts.cancelled()) {
          if (queue.length && !this.pool.size) {
            const b = queue.shift()!;
            await opts.fallback(b.files, b.listings);
            continue;
          }
          await wait();
        }
        this.active.delete(turn);
        this.runs--;
        this.stopWhenIdle();
      },
    };
  }
}

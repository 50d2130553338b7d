import { availableParallelism } from 'node:os';
import type { CheckOptions } from '../../core/check/checkDocument';
import { checkSkillFile, type SkillCheckResult } from '../../core/check/checkSkillFile';
import type { SkillListings } from '../../core/workspace/findSkillFiles';
import type { FileSystem } from '../../core/workspace/fileSystem';
import { MemoListingFileSystem } from '../../core/workspace/memoListingFileSystem';
import { PrelistedFileSystem } from '../../core/workspace/prelistedFileSystem';
import { RecordingFileSystem, type FileRecord } from '../../core/workspace/recordingFileSystem';
import { NodeFileSystem } from '../../node/nodeFileSystem';
import { pluginFolderProbe } from '../../node/pluginFolders';
import { poolWorkerData, serveBatches, WorkerPool } from '../../node/workerPool';
import { LARGE_RUN, setLargeRunFlags } from '../v8Flags';
import { isFileSlice, renderBatch, renderSkillIsolated, type RenderedBatch, type RenderedSkill, type StreamFormat } from '../format/stream';
import { contentHash, probeQuestion, type CheckCache, type SkillOutput } from './checkCache';
import { WorkMeter } from './workMeter';
import { writeStderr } from '../output';

/** Skills per message: small enough to balance the threads, large enough to amortize a message. */
const BATCH = 32;
/** Batches a worker holds at once, so it never waits for the main thread. */
const IN_FLIGHT = 2;

/** What a thread returns: per skill the slim result, or per batch its rendered part of the report. */
export type RenderSpec = { format: 'result' } | { format: StreamFormat; cwd: string };
export type CheckOutput = SkillCheckResult | RenderedBatch;
type BatchOutput = SkillCheckResult[] | RenderedBatch;
/** With a cache: each skill's output on its own, and what its check asked of the disk. */
interface RecordedOutput {
  outs: SkillOutput[];
  records: FileRecord[];
  /** per skill, the stamps that vouch for its content digests */
  stamps?: FileRecord[];
}

interface WorkerInput {
  skillmdCheckWorker: true;
  opts: Omit<CheckOptions, 'token' | 'isPluginFolder'>;
  render: RenderSpec;
  /** record every check's questions to the disk (`--cache`) */
  record: boolean;
}

interface BatchMessage {
  id: number;
  files: string[];
  listings: (SkillListings | undefined)[];
}

type WorkerAnswer = BatchOutput | RecordedOutput;

interface Batch extends BatchMessage {
  done?: BatchOutput;
  /** with a cache: every file of the batch, and the outputs the cache gave (`files` are the others) */
  all?: string[];
  outs?: (SkillOutput | undefined)[];
}

/**
 * Results cross threads and are kept to the end: keep only what the reports print
 * (no document text, no fixes; the places a diagnostic names, for SARIF and JSON).
 */
function slim(r: SkillCheckResult): SkillCheckResult {
  return {
    file: r.file,
    skillDir: r.skillDir,
    name: r.name,
    targets: r.targets,
    diagnostics: r.diagnostics.map(({ code, severity, message, file, range, related }) => (related?.length ? { code, severity, message, file, range, related } : { code, severity, message, file, range })),
    facts: r.facts,
  };
}

async function checkBatch(fs: FileSystem, files: string[], listings: (SkillListings | undefined)[], opts: CheckOptions, render: RenderSpec): Promise<BatchOutput> {
  const results: SkillCheckResult[] = [];
  const parts: RenderedSkill[] = [];
  for (let i = 0; i < files.length; i++) {
    const pre = listings[i];
    const r = await checkSkillFile(pre ? new PrelistedFileSystem(fs, pre) : fs, files[i], opts);
    listings[i] = undefined;
    if (render.format === 'result') results.push(slim(r));
    else parts.push(renderSkillIsolated(render.format, render.cwd, r));
  }
  return render.format === 'result' ? results : renderBatch(render.format, parts);
}

/** Like checkBatch, each check on a file system that records what it asked (see checkCache.ts). */
async function checkRecorded(fs: FileSystem, files: string[], listings: (SkillListings | undefined)[], opts: CheckOptions, render: RenderSpec): Promise<RecordedOutput> {
  const outs: SkillOutput[] = [];
  const records: FileRecord[] = [];
  const stamps: FileRecord[] = [];
  for (let i = 0; i < files.length; i++) {
    const pre = listings[i];
    const rec = new RecordingFileSystem(pre ? new PrelistedFileSystem(fs, pre) : fs, contentHash);
    const probe = opts.isPluginFolder;
    const own: CheckOptions = probe
      ? {
          ...opts,
          isPluginFolder: (dir, name) => {
            const found = probe(dir, name);
            rec.note(probeQuestion(dir, name), found ? '1' : '0');
            return found;
          },
        }
      : opts;
    const r = await checkSkillFile(rec, files[i], own);
    listings[i] = undefined;
    outs.push(render.format === 'result' ? slim(r) : renderSkillIsolated(render.format, render.cwd, r));
    records.push(rec.record());
    stamps.push(rec.stamps());
  }
  return { outs, records, stamps };
}

/** SKILLMD_THREADS=n: n threads from the first batch on (tests, benchmarks); else undefined. */
function threadsAsked(): number | undefined {
  const env = Number(process.env.SKILLMD_THREADS);
  return Number.isInteger(env) && env >= 1 ? Math.min(env, 16) : undefined;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Milliseconds on a monotonic clock: the global `performance` loads perf_hooks (~1.6 ms a process here). */
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * Checks skills as the walk finds them, on every core: files are grouped into small
 * batches in walk order; worker threads (running this same bundle) and the main
 * thread take batches from one queue, and outputs are handed to `sink` in walk order
 * as soon as all earlier ones are done. Until the work proves heavy (WorkMeter, unless
 * SKILLMD_THREADS says how many), everything runs on the main thread.
 */
export class CheckRunner {
  private readonly asked = threadsAsked();
  private readonly threads = this.asked ?? Math.min(availableParallelism(), 4);
  private readonly queue: Batch[] = [];
  private readonly order: Batch[] = [];
  private current: Batch = { id: 0, files: [], listings: [] };
  /** this thread's checking so far: whether workers will pay */
  private readonly meter = new WorkMeter();
  private delivered = 0;
  private pool: WorkerPool<BatchMessage, WorkerAnswer> | undefined;
  /** batches a worker held when it stopped: this thread checks them */
  private readonly rescued: Batch[] = [];
  private wake: (() => void) | undefined;
  /** whether this thread has checked a batch (and set the large-run flag if the run is one) */
  private flagged = false;

  constructor(
    private readonly opts: CheckOptions,
    private readonly bundlePath: string,
    private readonly render: RenderSpec,
    private readonly sink: (out: CheckOutput) => void,
    /** `--cache`: skills whose recorded questions get the same answers are not checked again */
    private readonly cache?: CheckCache,
    /** what this thread checks and replays the cache with (check.ts: the walk's, which keeps listings) */
    private readonly fs: FileSystem = new NodeFileSystem({ sync: true }),
  ) {}

  /** Adds a skill file (in walk order). Its folder listings may still grow until the next `add`. */
  async add(file: string, listings?: SkillListings): Promise<void> {
    if (this.current.files.length >= BATCH) {
      await this.enqueue(this.current);
      this.current = { id: this.order.length, files: [], listings: [] };
      if (this.pool) {
        // Let finished batches come back and keep the workers fed; help when they lag.
        await nextTurn();
        this.dispatch();
        if (this.rescued.length || this.queue.length > this.pool.size * IN_FLIGHT) await this.runOne();
      } else {
        // Alone, check as the walk goes; workers once the work proves heavy.
        await this.runOne();
        if (this.threads > 1 && (this.asked || this.meter.workersPay())) this.startWorkers();
      }
    }
    this.current.files.push(file);
    this.current.listings.push(listings);
  }

  /** Checks what is left; resolves when every output went to the sink. */
  async finish(): Promise<void> {
    if (this.current.files.length) await this.enqueue(this.current);
    this.dispatch();
    while (this.queue.length || this.rescued.length) {
      await this.runOne();
      await nextTurn();
      this.dispatch();
    }
    while (this.delivered < this.order.length) {
      if (this.rescued.length) {
        await this.runOne();
        continue;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    this.pool?.close();
  }

  private async enqueue(b: Batch): Promise<void> {
    this.order.push(b);
    if (this.cache && !(await this.fromCache(b))) return;
    this.queue.push(b);
  }

  /**
   * Takes what the cache still holds for the batch's skills; leaves the others in
   * `files`. False when nothing is left to check (the batch is complete).
   */
  private async fromCache(b: Batch): Promise<boolean> {
    b.all = b.files;
    b.outs = [];
    const files: string[] = [];
    const listings: (SkillListings | undefined)[] = [];
    for (let i = 0; i < b.all.length; i++) {
      const pre = b.listings[i];
      const out = await this.cache!.lookup(b.all[i], pre ? new PrelistedFileSystem(this.fs, pre) : this.fs, this.opts.isPluginFolder);
      b.outs.push(out);
      if (!out) {
        files.push(b.all[i]);
        listings.push(pre);
      }
    }
    b.files = files;
    b.listings = listings;
    if (files.length) return true;
    this.complete(b, { outs: [], records: [] });
    return false;
  }

  /** How many skills the run has in all, once the walk is done. */
  expect(total: number): void {
    this.meter.total = total;
  }

  private async runOne(): Promise<void> {
    const b = this.rescued.shift() ?? this.queue.shift();
    if (!b) return;
    if (!this.flagged && (this.meter.total ?? 0) >= LARGE_RUN) setLargeRunFlags();
    this.flagged = true;
    const n = b.files.length;
    const t0 = nowMs();
    this.complete(b, this.cache ? await checkRecorded(this.fs, b.files, b.listings, this.opts, this.render) : await checkBatch(this.fs, b.files, b.listings, this.opts, this.render));
    this.meter.record(nowMs() - t0, n);
  }

  /** The batch's output from the cache's outputs and the new ones, which the cache keeps. */
  private merge(b: Batch, fresh: RecordedOutput): BatchOutput {
    let next = 0;
    const outs = b.outs!.map((o) => {
      if (o) return o;
      const out = fresh.outs[next];
      this.cache!.store(b.files[next], { record: fresh.records[next], out, stamps: fresh.stamps?.[next] });
      next++;
      return out;
    });
    b.all = b.outs = undefined;
    return this.render.format === 'result' ? (outs as SkillCheckResult[]) : renderBatch(this.render.format, outs as RenderedSkill[]);
  }

  private complete(b: Batch, out: BatchOutput | RecordedOutput): void {
    b.done = 'records' in out ? this.merge(b, out) : out;
    b.files = [];
    b.listings = [];
    while (this.delivered < this.order.length && this.order[this.delivered].done) {
      const d = this.order[this.delivered];
      this.order[this.delivered++] = undefined as unknown as Batch; // let it go
      const done = d.done!;
      if (Array.isArray(done)) for (const o of done) this.sink(o);
      else this.sink(done);
    }
    this.wake?.();
  }

  private startWorkers(): void {
    const { token: _token, isPluginFolder: _probe, ...plain } = this.opts;
    const input: WorkerInput = { skillmdCheckWorker: true, opts: plain, render: this.render, record: !!this.cache };
    this.pool = new WorkerPool<BatchMessage, WorkerAnswer>({
      bundle: this.bundlePath,
      workerData: input as unknown as Record<string, unknown>,
      threads: this.threads - 1,
      inFlight: IN_FLIGHT,
      // 32: the repository-shaped bench corpus in 5.2 s instead of 5.5 s (3 runs each,
      // alternating), peak RSS unchanged (~250 MB); a worker's default is 8.
      youngGenerationMb: 32,
      // Its batches come back unanswered (dispatch): this thread checks them, and the
      // run goes on with the threads left. Said on stderr: the report is complete.
      onFailure: (why) => writeStderr(`skillmd: a check thread stopped (${why}); this thread checked its skills\n`),
      onRoom: () => this.dispatch(),
    });
    this.pool.start();
  }

  private dispatch(): void {
    while (this.pool?.hasRoom() && this.queue.length) {
      const b = this.queue.shift()!;
      void this.pool.send({ id: b.id, files: b.files, listings: b.listings }).then((out) => {
        if (out) return this.complete(b, out);
        // The worker stopped first: never sent to another one, which this batch might stop too.
        this.rescued.push(b);
        this.wake?.();
      });
    }
  }
}

/** Checks `files` (on every core when there are many); results follow `files`. */
export async function checkFiles(
  files: string[],
  opts: CheckOptions,
  bundlePath: string,
  listings?: ReadonlyMap<string, SkillListings>,
): Promise<SkillCheckResult[]> {
  const out: SkillCheckResult[] = [];
  const runner = new CheckRunner(opts, bundlePath, { format: 'result' }, (r) => out.push(r as SkillCheckResult));
  for (const f of files) await runner.add(f, listings?.get(f));
  await runner.finish();
  return out;
}

/** True (and the work is started) when this thread is a check worker. */
export function runAsCheckWorker(): boolean {
  const input = poolWorkerData() as WorkerInput;
  let fs: FileSystem | undefined;
  let opts: CheckOptions | undefined;
  return serveBatches<BatchMessage, WorkerAnswer>('skillmdCheckWorker', async (m) => {
    // As the main thread's (check.ts): a run is one snapshot of the disk.
    fs ??= new MemoListingFileSystem(new NodeFileSystem({ sync: true, stamps: input.record }), { stats: true });
    // A function does not cross threads: each worker looks at the disk itself.
    opts ??= { ...input.opts, isPluginFolder: pluginFolderProbe() };
    if (input.record) return [await checkRecorded(fs, m.files, m.listings, opts, input.render)];
    const out = await checkBatch(fs, m.files, m.listings, opts, input.render);
    // Rendered bytes move to the main thread without a copy.
    return [out, Array.isArray(out) || isFileSlice(out.bytes) ? [] : [out.bytes.buffer as ArrayBuffer]];
  });
}

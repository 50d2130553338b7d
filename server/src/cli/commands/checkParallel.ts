import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { CheckOptions } from '../../core/check/checkDocument';
import { checkSkillFile, type SkillCheckResult } from '../../core/check/checkSkillFile';
import type { SkillListings } from '../../core/workspace/findSkillFiles';
import type { FileSystem } from '../../core/workspace/fileSystem';
import { PrelistedFileSystem } from '../../core/workspace/prelistedFileSystem';
import { NodeFileSystem } from '../../node/nodeFileSystem';
import { pluginFolderProbe } from '../../node/pluginFolders';
import { renderBatch, renderSkillIsolated, type RenderedBatch, type RenderedSkill, type StreamFormat } from '../format/stream';

/** Below this many skills a worker's start-up costs more than it saves. */
const PARALLEL_THRESHOLD = 400;
/** Skills per message: small enough to balance the threads, large enough to amortize a message. */
const BATCH = 32;
/** Batches a worker holds at once, so it never waits for the main thread. */
const IN_FLIGHT = 2;

/** What a thread returns: per skill the slim result, or per batch its rendered part of the report. */
export type RenderSpec = { format: 'result' } | { format: StreamFormat; cwd: string };
export type CheckOutput = SkillCheckResult | RenderedBatch;
type BatchOutput = SkillCheckResult[] | RenderedBatch;

interface WorkerInput {
  skillmdCheckWorker: true;
  opts: Omit<CheckOptions, 'token' | 'isPluginFolder'>;
  render: RenderSpec;
}

interface BatchMessage {
  id: number;
  files: string[];
  listings: (SkillListings | undefined)[];
}

interface Batch extends BatchMessage {
  done?: BatchOutput;
}

interface WorkerSlot {
  busy: number;
  send(b: Batch): void;
  close(): void;
}

/**
 * Results cross threads and are kept to the end: keep only what the reports print
 * (no document text, no fixes).
 */
function slim(r: SkillCheckResult): SkillCheckResult {
  return {
    file: r.file,
    skillDir: r.skillDir,
    name: r.name,
    targets: r.targets,
    diagnostics: r.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, file: d.file, range: d.range })),
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

function threadCount(): number {
  const env = Number(process.env.SKILLMD_THREADS);
  if (Number.isInteger(env) && env >= 1) return Math.min(env, 16);
  return Math.min(availableParallelism(), 4);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Checks skills as the walk finds them, on every core: files are grouped into small
 * batches in walk order; worker threads (running this same bundle) and the main
 * thread take batches from one queue, and outputs are handed to `sink` in walk order
 * as soon as all earlier ones are done. Below PARALLEL_THRESHOLD skills (or with
 * SKILLMD_THREADS=1) everything runs on the main thread.
 */
export class CheckRunner {
  private readonly fs = new NodeFileSystem({ sync: true });
  private readonly threads = threadCount();
  private readonly queue: Batch[] = [];
  private readonly order: Batch[] = [];
  private current: Batch = { id: 0, files: [], listings: [] };
  private total = 0;
  private delivered = 0;
  private workers: WorkerSlot[] = [];
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly opts: CheckOptions,
    private readonly bundlePath: string,
    private readonly render: RenderSpec,
    private readonly sink: (out: CheckOutput) => void,
  ) {}

  /** Adds a skill file (in walk order). Its folder listings may still grow until the next `add`. */
  async add(file: string, listings?: SkillListings): Promise<void> {
    if (this.current.files.length >= BATCH) {
      this.enqueue(this.current);
      this.current = { id: this.order.length, files: [], listings: [] };
      if (this.workers.length) {
        // Let finished batches come back and keep the workers fed; help when they lag.
        await nextTurn();
        this.dispatch();
        if (this.queue.length > this.workers.length * IN_FLIGHT) await this.runOne();
      }
    }
    this.current.files.push(file);
    this.current.listings.push(listings);
    if (++this.total === PARALLEL_THRESHOLD && this.threads > 1) this.startWorkers();
  }

  /** Checks what is left; resolves when every output went to the sink. */
  async finish(): Promise<void> {
    if (this.current.files.length) this.enqueue(this.current);
    this.dispatch();
    while (this.queue.length) {
      await this.runOne();
      await nextTurn();
      this.check();
      this.dispatch();
    }
    while (this.delivered < this.order.length) {
      this.check();
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    this.check();
    for (const w of this.workers) w.close();
  }

  private enqueue(b: Batch): void {
    this.order.push(b);
    this.queue.push(b);
  }

  private async runOne(): Promise<void> {
    const b = this.queue.shift();
    if (!b) return;
    this.complete(b, await checkBatch(this.fs, b.files, b.listings, this.opts, this.render));
  }

  private complete(b: Batch, out: BatchOutput): void {
    b.done = out;
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

  private check(): void {
    if (this.failure) throw this.failure;
  }

  private startWorkers(): void {
    const { token: _token, isPluginFolder: _probe, ...plain } = this.opts;
    const input: WorkerInput = { skillmdCheckWorker: true, opts: plain, render: this.render };
    for (let t = 1; t < this.threads; t++) {
      // A batch's garbage is short-lived: a small young generation keeps the worker's
      // memory down at no measurable cost.
      const w = new Worker(this.bundlePath, { workerData: input, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
      const pending = new Map<number, Batch>();
      const slot: WorkerSlot = {
        busy: 0,
        send: (b) => {
          pending.set(b.id, b);
          slot.busy++;
          const msg: BatchMessage = { id: b.id, files: b.files, listings: b.listings };
          w.postMessage(msg);
        },
        close: () => w.postMessage({ close: true }),
      };
      w.on('message', (m: { id: number; out: BatchOutput }) => {
        const b = pending.get(m.id)!;
        pending.delete(m.id);
        slot.busy--;
        this.complete(b, m.out);
        this.dispatch();
      });
      const fail = (e: Error) => {
        this.failure ??= e;
        this.wake?.();
      };
      w.on('error', fail);
      w.on('exit', (code) => {
        if (code !== 0 || pending.size) fail(new Error(`check worker exited with ${code}`));
      });
      this.workers.push(slot);
    }
  }

  private dispatch(): void {
    for (const slot of this.workers) {
      while (slot.busy < IN_FLIGHT && this.queue.length) slot.send(this.queue.shift()!);
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
  if (isMainThread || !(workerData as WorkerInput | undefined)?.skillmdCheckWorker) return false;
  const input = workerData as WorkerInput;
  const fs = new NodeFileSystem({ sync: true });
  // A function does not cross threads: each worker looks at the disk itself.
  const opts: CheckOptions = { ...input.opts, isPluginFolder: pluginFolderProbe() };
  // Batches are handled one at a time, in arrival order.
  let chain = Promise.resolve();
  parentPort!.on('message', (m: BatchMessage | { close: true }) => {
    if ('close' in m) {
      chain = chain.then(() => parentPort!.close());
      return;
    }
    chain = chain.then(async () => {
      const out = await checkBatch(fs, m.files, m.listings, opts, input.render);
      // Rendered bytes move to the main thread without a copy.
      parentPort!.postMessage({ id: m.id, out }, Array.isArray(out) ? [] : [out.bytes.buffer as ArrayBuffer]);
    });
  });
  return true;
}

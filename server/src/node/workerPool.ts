// The one worker pool of skillmd: threads that run a bundle (the CLI's, or the
// server's index worker), each holding a few batches at once. The CLI's check
// (cli/commands/checkParallel.ts) and the server's index (lsp/indexWorkers.ts) schedule
// their batches over it; what a batch is and what comes back is theirs.
import type { TransferListItem, Worker } from 'node:worker_threads';

/**
 * In process.argv of every thread a pool starts: a thread tells whether it may be one
 * without loading node:worker_threads, which costs a process ~3.5 ms here and the CLI's
 * main thread needs only once it starts workers (never, checking a few skills).
 */
const WORKER_ARG = '--skillmd-pool-worker';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const threads = () => require('node:worker_threads') as typeof import('node:worker_threads');

/** Whether this thread is a worker a pool started. */
export function isPoolWorker(): boolean {
  return process.argv.includes(WORKER_ARG) && !threads().isMainThread;
}

/** The `workerData` of a worker a pool started; undefined on any other thread. */
export function poolWorkerData(): unknown {
  return isPoolWorker() ? threads().workerData : undefined;
}

interface Envelope<T> {
  id: number;
  body: T;
}

interface Slot {
  worker: Worker;
  busy: number;
  pending: Map<number, (out: unknown) => void>;
  /** terminated on purpose */
  stopping?: boolean;
}

export interface PoolOptions {
  /** the bundle each worker runs */
  bundle: string;
  /** what each worker finds in `workerData` (it decides from it what to serve) */
  workerData: Record<string, unknown>;
  threads: number;
  /** batches a worker holds at once, so it never waits for the main thread */
  inFlight: number;
  /**
   * V8's young generation per worker, MB (default 8, which keeps a long-lived server's
   * memory low). A batch run affords more: fewer scavenges that copy the same live objects.
   */
  youngGenerationMb?: number;
  /** the worker's stdout and stderr are the pool's to read (the server's stdout is its protocol) */
  quiet?: boolean;
  /** workers do not keep the process alive (a server lives on its connection; a CLI run waits for its workers) */
  unref?: boolean;
  /** told when a worker stops unasked */
  onFailure?: (why: string) => void;
  /** told when a worker has room again */
  onRoom?: () => void;
}

export class WorkerPool<In, Out> {
  private slots: Slot[] = [];
  private nextId = 0;
  private started = 0;

  constructor(private readonly opts: PoolOptions) {}

  /** Workers alive. */
  get size(): number {
    return this.slots.length;
  }

  /** Batches sent and not answered yet. */
  get busy(): number {
    let n = 0;
    for (const s of this.slots) n += s.busy;
    return n;
  }

  /** Whether a worker can take a batch now. */
  hasRoom(): boolean {
    return this.slots.some((s) => s.busy < this.opts.inFlight);
  }

  /** Starts workers up to `threads`. */
  start(): void {
    while (this.slots.length < this.opts.threads) {
      // A batch's garbage is short-lived: a small young generation keeps a worker's
      // memory down at no measurable cost.
      const worker = new (threads().Worker)(this.opts.bundle, { argv: [WORKER_ARG], workerData: { ...this.opts.workerData, serial: this.started++ }, stdout: this.opts.quiet, stderr: this.opts.quiet, resourceLimits: { maxYoungGenerationSizeMb: this.opts.youngGenerationMb ?? 8 } });
      const slot: Slot = { worker, busy: 0, pending: new Map() };
      worker.on('message', (m: Envelope<Out>) => {
        const done = slot.pending.get(m.id);
        slot.pending.delete(m.id);
        slot.busy--;
        done?.(m.body);
        this.opts.onRoom?.();
      });
      const fail = (why: string) => {
        if (slot.stopping || !this.slots.includes(slot)) return;
        this.slots = this.slots.filter((s) => s !== slot);
        // Its batches come back unanswered: the caller decides (check them elsewhere, or give up).
        for (const done of slot.pending.values()) done(undefined);
        slot.pending.clear();
        this.opts.onFailure?.(why);
        this.opts.onRoom?.();
      };
      worker.on('error', (e) => fail(e.message));
      worker.on('exit', (code) => {
        if (code !== 0 || slot.pending.size) fail(`exit ${code}`);
      });
      if (this.opts.unref) worker.unref();
      this.slots.push(slot);
    }
  }

  /**
   * Sends a batch to the least busy worker with room. Resolves with its answer, or
   * undefined when that worker stopped first. Call only when `hasRoom()`.
   */
  send(body: In, transfer: readonly TransferListItem[] = []): Promise<Out | undefined> {
    let slot: Slot | undefined;
    for (const s of this.slots) if (s.busy < this.opts.inFlight && (!slot || s.busy < slot.busy)) slot = s;
    if (!slot) return Promise.resolve(undefined);
    const id = ++this.nextId;
    slot.busy++;
    const answer = new Promise<Out | undefined>((resolve) => slot.pending.set(id, resolve as (out: unknown) => void));
    slot.worker.postMessage({ id, body } satisfies Envelope<In>, transfer);
    return answer;
  }

  /** Lets the workers finish what they hold, then exit. */
  close(): void {
    for (const s of this.slots) {
      s.stopping = true;
      s.worker.postMessage({ close: true });
    }
    this.slots = [];
  }

  /** Stops the workers now (what they hold is dropped). */
  terminate(): void {
    for (const s of this.slots) {
      s.stopping = true;
      void s.worker.terminate();
    }
    this.slots = [];
  }
}

/**
 * The worker side: when this thread was started by a pool whose `workerData` has
 * `key`, answers each batch with `handle`, one at a time in arrival order, and returns
 * true. `handle` returns the answer and what to transfer with it.
 */
export function serveBatches<In, Out>(key: string, handle: (body: In) => Promise<[Out, TransferListItem[]?]>): boolean {
  if (!(poolWorkerData() as Record<string, unknown> | undefined)?.[key]) return false;
  const port = threads().parentPort!;
  let chain = Promise.resolve();
  port.on('message', (m: Envelope<In> | { close: true }) => {
    if ('close' in m) {
      chain = chain.then(() => port.close());
      return;
    }
    chain = chain.then(async () => {
      const [out, transfer] = await handle(m.body);
      port.postMessage({ id: m.id, body: out } satisfies Envelope<Out>, transfer ?? []);
    });
  });
  return true;
}

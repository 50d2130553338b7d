// When `check` starts worker threads: measured on this thread's own checking.
/**
 * Worker threads start once this thread has spent this long checking (and more is
 * left). A check thread keeps about 1.5 cores busy by itself (V8's collector and
 * compiler run beside it), and a worker costs ~0.2 CPU-s to start and warm up: on two
 * cores a worker made light corpora slower and costlier (agentskillexchange, 2,921
 * skills: 1.66 s / 2.6 CPU-s on one thread, 1.99 s / 3.5 CPU-s on two; awesome-copilot
 * with workers from 0.6 s on: 2.3-2.7 s against 1.8-2.2 s) and heavy ones faster
 * (the repository-shaped bench corpus, 2,000 skills with large references: 11.6 s on
 * one thread, 10.1 s on two). Both light corpora take under 1.5 s on one thread.
 */
const WORK_BEFORE_WORKERS_MS = 2000;
/**
 * Or sooner, when the walk is done (check.ts walks first and says how many skills it
 * found: `expect`) and the skills left, at this thread's rate over its last
 * RATE_BATCHES batches once it has checked for WARM_MS (the first batches run on a
 * cold compiler, 2-5× slower), would take it WORK_LEFT_FOR_WORKERS_MS or more: then a
 * worker pays for its start at once (the repository-shaped corpus: ~4 ms a skill,
 * 2,000 skills) while light runs stay on one thread (agentskillexchange: ~0.4 ms a
 * skill, 2,921 skills; awesome-copilot: ~2 ms, 417 skills). 3 s, not 2: rates are wall
 * time, and on a busy machine agentskillexchange's doubled and started a worker.
 */
const WARM_MS = 300;
const RATE_BATCHES = 4;
const WORK_LEFT_FOR_WORKERS_MS = 3000;
/**
 * Past WORK_BEFORE_WORKERS_MS, workers start only while this much work is left, when
 * the rate says: agentskillexchange in a slow spell of the machine passed 2 s of
 * checking with a few hundred skills left, started a worker, and took 2.4 s / 4.3 CPU-s
 * where one thread took 1.9 s / 2.9 CPU-s (3 runs each, same minutes).
 */
const LATE_WORK_LEFT_MS = 1000;

/** What this thread's checking says about starting workers (see the constants above). */
export class WorkMeter {
  /** skills in the run, once the walk is done */
  total: number | undefined;
  private busyMs = 0;
  private checked = 0;
  /** ms a skill in the last RATE_BATCHES batches */
  private rates: number[] = [];

  /** A batch of `skills` checked in `ms`. */
  record(ms: number, skills: number): void {
    this.busyMs += ms;
    this.checked += skills;
    if (skills) this.rates = [...this.rates.slice(-(RATE_BATCHES - 1)), ms / skills];
  }

  workersPay(): boolean {
    const left = this.leftMs();
    if (this.busyMs >= WORK_BEFORE_WORKERS_MS) return left === undefined || left >= LATE_WORK_LEFT_MS;
    return left !== undefined && left >= WORK_LEFT_FOR_WORKERS_MS;
  }

  /** The work left at this thread's recent rate; undefined before the walk is done or the rate is known. */
  private leftMs(): number | undefined {
    if (this.total === undefined || this.busyMs < WARM_MS || this.rates.length < RATE_BATCHES) return undefined;
    const rate = this.rates.reduce((a, b) => a + b, 0) / this.rates.length;
    return (this.total - this.checked) * rate;
  }
}

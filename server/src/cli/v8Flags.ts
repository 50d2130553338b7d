/** Skills in a run from which the main thread sets the large-run flag (CheckRunner). */
export const LARGE_RUN = 100;

/**
 * The CLI's V8 flags for a large check, set by the main thread when it starts checking
 * a run of LARGE_RUN skills or more (worker threads get their young generation through
 * resource limits, checkParallel.ts; V8's flags are the process's, and a worker started
 * later runs under them). Not at start: node:v8 costs a process ~3.3 ms to load, which
 * a small check, a warm `--cache` run or a preview does not need. The code cache
 * (codeCache.ts) is taken under the flags of the start, as the build made it.
 *
 * `--max-semi-space-size=8`: a check's garbage lives for one skill, and a smaller young
 * generation keeps the peak RSS down. Set at run time the flag does not resize the main
 * heap's new space (a review measured it), yet a 10,000-skill run peaked 3-21 MB lower
 * in each of three alternating pairs, no slower: it is kept for that.
 *
 * `--interrupt-budget`, four times Node 20's default (how much bytecode a function runs
 * between the looks of V8's profiler, which decide when it is optimized): a check runs
 * many functions a little each, and V8's compiler threads spent ~0.9 of a one-thread
 * check's ~2.1 CPU-s of awesome-copilot optimizing them (~0.4 with it); what runs long
 * is still optimized, a little later. Measured in alternating runs: docs/development.md.
 */
export function setLargeRunFlags(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { setFlagsFromString } = require('node:v8') as typeof import('node:v8');
  setFlagsFromString('--max-semi-space-size=8');
  setFlagsFromString(`--interrupt-budget=${4 * 67584}`);
}

// How V8 runs a long check. Set once the walk has found many skills, not at start-up:
// loading node:v8 costs a one-skill check 3-5 ms, and the code caches the build made
// (codeCache.ts) were made without the flag (a bundle loaded after it, such as the
// YAML parser's, is compiled without its cache: ~5-10 ms, in a run of a second or more).
/** Skills from which a check is long enough for the flag to pay (awesome-copilot has 417). */
export const LONG_RUN_SKILLS = 100;

/**
 * V8's interrupt budget (how much bytecode a function runs between the profiler's looks
 * at it, which decide when it is optimized), four times Node 20's default. A check
 * runs many functions a little each: with the default, V8's compiler threads spent
 * ~0.9 of a one-thread check's ~2.1 CPU-s of awesome-copilot optimizing them (~0.4
 * with this); what runs long is still optimized, a little later. Alternating runs
 * against the default and eight times it: docs/development.md.
 */
const INTERRUPT_BUDGET = 4 * 67584;

let applied = false;

/** For this process and the worker threads it starts from now on. */
export function tuneJitForLongRun(): void {
  if (applied) return;
  applied = true;
  // Required here, not imported: a short run does not load node:v8 at all.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { setFlagsFromString } = require('node:v8') as typeof import('node:v8');
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}

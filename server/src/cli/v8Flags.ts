/** Skills in a run from which the main thread sets the large-run flag (CheckRunner). */
export const LARGE_RUN = 100;

/**
 * The CLI's V8 flag for a large check, set by the main thread when it starts checking
 * a run of LARGE_RUN skills or more (worker threads get theirs through resource limits,
 * checkParallel.ts; V8's flags are the process's).
 *
 * A check's garbage lives for one skill: a smaller young generation keeps the peak RSS
 * down. Set at run time the flag does not resize the main heap's new space (a review
 * measured it), yet a 10,000-skill run peaked 3-21 MB lower in each of three alternating
 * pairs, no slower: it is kept for that. Not at start: node:v8 costs a process ~3.3 ms
 * to load, which a small check, a warm `--cache` run or a preview does not need. The
 * code cache (codeCache.ts) is taken under the flags of the start, as the build made it.
 */
export function setLargeRunFlags(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--max-semi-space-size=8');
}

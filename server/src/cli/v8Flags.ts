import { setFlagsFromString } from 'node:v8';
import { isPoolWorker } from '../node/workerPool';

/**
 * The CLI's V8 flags, set by its main thread before anything else runs (cli/main.ts,
 * and first the code-cache loader, cli/codeCache.ts: V8 takes a code cache only under
 * the flags it was made with).
 *
 * A check's garbage lives for one skill: a smaller young generation keeps the peak RSS
 * down. Set at run time the flag does not resize the main heap's new space (a review
 * measured it), yet a 10,000-skill run peaked 3-21 MB lower in each of three alternating
 * pairs, no slower: it is kept for that. Worker threads get theirs through resource
 * limits (checkParallel.ts); V8's flags are the process's, so only the main thread sets them.
 */
export function setCliFlags(): void {
  if (!isPoolWorker()) setFlagsFromString('--max-semi-space-size=8');
}

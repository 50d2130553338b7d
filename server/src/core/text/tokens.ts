import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bpeCounter } from './bpe';

type Counter = (text: string) => number;
let counter: Counter | undefined;
/** Why the o200k tables could not be loaded (then every count is an estimate). */
let failure: string | undefined;

/** Name of the tokenizer behind every token count skillmd prints. */
export function tokenizerName(): string {
  return failure ? `estimate: 4 UTF-8 bytes per token (o200k_base could not be loaded: ${failure})` : 'o200k_base';
}

/** Why counts are estimates, when the tokenizer's tables could not be loaded. */
export function tokenizerFailure(): string | undefined {
  return failure;
}

/**
 * A damaged or missing table (a broken install) must not take a server or a
 * preview down with it: counts become estimates, and every report says so.
 */
function fail(e: unknown): Counter {
  failure = (e as Error).message;
  return (counter = (text) => Math.ceil(Buffer.byteLength(text, 'utf8') / 4));
}

/**
 * The o200k_base ranks as a hash table, written next to the bundles by the build
 * (esbuild.mjs, scripts/build/o200kTable.mjs): read, not parsed, so a count costs a
 * process ~5 ms to set up, not the ~200 ms of building gpt-tokenizer's Map.
 */
export const TABLE_FILE = 'o200k_base.bin';

function load(): Counter {
  if (counter) return counter;
  try {
    // Next to the bundle; run from the TypeScript sources (tests), in the build output.
    const file = [join(__dirname, TABLE_FILE), join(__dirname, '..', '..', '..', 'out', TABLE_FILE)].find((f) => existsSync(f)) ?? join(__dirname, TABLE_FILE);
    counter = bpeCounter(readFileSync(file));
  } catch (e) {
    return fail(e);
  }
  return counter;
}

/** Loads the table ahead of the first count (a server, before its first hover). */
export function preloadTokenizer(): Promise<void> {
  load();
  return Promise.resolve();
}

/**
 * BPE merging is quadratic in the length of one pre-tokenized piece, and a run
 * without white space, or of white space, is one piece: a 40,000-character word
 * takes a second, a megabyte minutes. Runs longer than this are counted in slices of this size; a
 * merge across a slice boundary is lost, so such runs may count a token or two
 * more than the model sees — exact for every ordinary text.
 */
export const MAX_UNBROKEN_RUN = 512;

const cache = new Map<string, number>();

/** Real BPE token count (o200k_base), cached for short repeated texts such as descriptions. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const n = countBounded(text);
  if (text.length < 4096) {
    if (cache.size > 5000) cache.clear();
    cache.set(text, n);
  }
  return n;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11;
}

function countBounded(text: string): number {
  return countAroundRuns(text, longRuns(text), load());
}

/** A run of white space or of other characters: text[start..end). */
export interface Run {
  start: number;
  end: number;
}

/** `count` over the text between `runs` (in order) whole, and over each run in slices of MAX_UNBROKEN_RUN. */
export function countAroundRuns(text: string, runs: Iterable<Run>, count: (text: string) => number): number {
  let total = 0;
  let segmentStart = 0;
  for (const { start, end } of runs) {
    if (start > segmentStart) total += count(text.slice(segmentStart, start));
    for (let s = start; s < end; s += MAX_UNBROKEN_RUN) {
      let e = Math.min(end, s + MAX_UNBROKEN_RUN);
      // Never split a surrogate pair.
      if (e < end && text.charCodeAt(e - 1) >= 0xd800 && text.charCodeAt(e - 1) <= 0xdbff) e++;
      total += count(text.slice(s, e));
      s = e - MAX_UNBROKEN_RUN;
    }
    segmentStart = end;
  }
  if (segmentStart === 0) return count(text);
  if (segmentStart < text.length) total += count(text.slice(segmentStart));
  return total;
}

/**
 * The runs of white space, or of other characters (o200k's pre-tokenizer keeps either
 * kind in one piece), longer than MAX_UNBROKEN_RUN. A run that starts at or after a
 * run's start `i` and is that long holds the character `i + MAX_UNBROKEN_RUN`: only the
 * run around it is read, then the search jumps past it (a loop over every character
 * was a fifth of counting a long body).
 */
export function* longRuns(text: string): Generator<Run> {
  for (let i = 0; i + MAX_UNBROKEN_RUN < text.length; ) {
    const j = i + MAX_UNBROKEN_RUN;
    const space = isSpace(text.charCodeAt(j));
    let start = j;
    while (start > i && isSpace(text.charCodeAt(start - 1)) === space) start--;
    let end = j + 1;
    while (end < text.length && isSpace(text.charCodeAt(end)) === space) end++;
    if (end - start > MAX_UNBROKEN_RUN) yield { start, end };
    i = end;
  }
}

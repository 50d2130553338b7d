import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Counter = (text: string) => number;
let counter: Counter | undefined;
/** Why the o200k tables could not be loaded (then every count is an estimate). */
let failure: string | undefined;

/** Name of the tokenizer behind every token count skillmd prints. */
export function tokenizerName(): string {
  return failure ? `estimate: 4 UTF-8 bytes per token (o200k_base could not be loaded: ${failure})` : 'o200k_base (gpt-tokenizer)';
}

/** Why counts are estimates, when the tokenizer's tables could not be loaded. */
export function tokenizerFailure(): string | undefined {
  return failure;
}

/**
 * A damaged or missing ranks file (a broken install) must not take a server or a
 * preview down with it: counts become estimates, and every report says so.
 */
function fail(e: unknown): Counter {
  failure = (e as Error).message;
  unparsed = [];
  parsed.length = 0;
  return (counter = (text) => Math.ceil(Buffer.byteLength(text, 'utf8') / 4));
}

/**
 * The o200k_base ranks as JSON, written next to the bundles by the build (esbuild.mjs).
 * gpt-tokenizer ships them as a 1.7 MB JavaScript array literal: V8 spends ~220 ms
 * compiling it in every process or worker that loads the bundle, whether it counts a
 * token or not. As data they cost nothing until the first count. The file holds
 * RANKS_LINES JSON arrays, one per line, that concatenate to the ranks: a server can
 * parse them one per turn of its event loop instead of in one ~130 ms block.
 */
export const RANKS_FILE = 'o200k_base.json';
export const RANKS_LINES = 8;

type Ranks = (string | number[])[];
interface EncodingApi {
  countTokens(text: string, options: { disallowedSpecial: Set<string> }): number;
}

/** Lines of the ranks file not parsed yet, and the parsed ones. */
let unparsed: string[] | undefined;
const parsed: Ranks[] = [];

function rankLines(): string[] {
  if (unparsed) return unparsed;
  // Next to the bundle; run from the TypeScript sources (tests), in the build output.
  const file = [join(__dirname, RANKS_FILE), join(__dirname, '..', '..', '..', 'out', RANKS_FILE)].find((f) => existsSync(f));
  // Not built yet: the package's own copy.
  if (!file) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    parsed.push((require('gpt-tokenizer/bpeRanks/o200k_base') as { default: Ranks }).default);
    return (unparsed = []);
  }
  return (unparsed = readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0));
}

type Encoding = { getEncodingApi(name: string, ranks: () => Ranks): EncodingApi };
let encodingClass: Encoding | undefined;

function encoding(): Encoding {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (encodingClass ??= (require('gpt-tokenizer/GptEncoding') as { GptEncoding: Encoding }).GptEncoding);
}

/** The parsed lines as one array, left in `parsed`. */
function joinRanks(): Ranks {
  // concat, not flat(1): ~6 ms against ~45 ms for 200,000 entries.
  if (parsed.length !== 1) parsed.splice(0, parsed.length, ([] as Ranks).concat(...parsed));
  return parsed[0];
}

/**
 * Special-token text (`<|im_start|>`, `<|endoftext|>`) in a skill is text: the model
 * gets it as the characters it is made of, never as the control token (tiktoken's
 * `disallowed_special=()`). By default gpt-tokenizer throws on it instead.
 */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

function build(): Counter {
  const ranks = joinRanks();
  parsed.length = 0;
  const api = encoding().getEncodingApi('o200k_base', () => ranks);
  return (text) => api.countTokens(text, AS_TEXT);
}

// ~250 ms in all, so it happens on the first count (or a warm-up), not at start-up.
function load(): Counter {
  if (counter) return counter;
  try {
    const lines = rankLines();
    while (lines.length) parsed.push(JSON.parse(lines.shift()!) as Ranks);
    counter = build();
  } catch (e) {
    return fail(e);
  }
  return counter;
}

/**
 * V8 hashes a string once, on its first use as a Map key, and keeps the hash. The
 * tokenizer's constructor puts all 200,000 rank strings in a Map in one block; hashed
 * beforehand, a step at a time, they leave it ~40% less to do there (~110 ms
 * instead of ~180 ms here).
 */
function prehash(ranks: Ranks): void {
  const seen = new Set<string>();
  for (const r of ranks) if (typeof r === 'string') seen.add(r);
}

let warming: Promise<void> | undefined;

/**
 * Warms the tokenizer up (e.g. before a server's first hover) in steps, calling
 * `between` after each so a server can answer requests in the meantime. A count
 * that comes first loads the rest at once.
 */
export function preloadTokenizer(between: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve))): Promise<void> {
  return (warming ??= (async () => {
    try {
      const lines = rankLines();
      while (!counter && lines.length) {
        const ranks = JSON.parse(lines.shift()!) as Ranks;
        parsed.push(ranks);
        prehash(ranks);
        await between();
      }
      // What the constructor needs besides its own work, in a step of its own.
      if (!counter) {
        encoding();
        joinRanks();
        await between();
      }
    } catch (e) {
      if (!counter) fail(e);
    }
    load();
  })());
}

/**
 * Resolves once counts are cheap, warming up in steps if that has not begun: a server
 * awaits it before answers that count tokens, so the first of them waits for the
 * tables without stopping every other request for the ~300 ms they take to load.
 */
export function tokenizerReady(): Promise<void> {
  return counter ? Promise.resolve() : preloadTokenizer();
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
  const count = load();
  let total = 0;
  let segmentStart = 0;
  let runStart = 0;
  // Runs of white space or of other characters; o200k's pre-tokenizer keeps either kind
  // in one piece (a line of 64,000 tabs took seconds too).
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && i > runStart && isSpace(text.charCodeAt(i)) === isSpace(text.charCodeAt(runStart))) continue;
    if (i - runStart > MAX_UNBROKEN_RUN) {
      if (runStart > segmentStart) total += count(text.slice(segmentStart, runStart));
      for (let s = runStart; s < i; s += MAX_UNBROKEN_RUN) {
        let e = Math.min(i, s + MAX_UNBROKEN_RUN);
        // Never split a surrogate pair.
        if (e < i && text.charCodeAt(e - 1) >= 0xd800 && text.charCodeAt(e - 1) <= 0xdbff) e++;
        total += count(text.slice(s, e));
        s = e - MAX_UNBROKEN_RUN;
      }
      segmentStart = i;
    }
    runStart = i;
  }
  if (segmentStart === 0) return count(text);
  if (segmentStart < text.length) total += count(text.slice(segmentStart));
  return total;
}

/** Name of the tokenizer behind every token count skillmd prints. */
export const TOKENIZER_NAME = 'o200k_base (gpt-tokenizer)';

type Counter = (text: string) => number;
let counter: Counter | undefined;

// Loading the BPE ranks costs ~100 ms, so it happens on the first count, not at start-up.
function load(): Counter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  counter ??= (require('gpt-tokenizer/encoding/o200k_base') as { countTokens: Counter }).countTokens;
  return counter;
}

const cache = new Map<string, number>();

/** Real BPE token count (o200k_base), cached for short repeated texts such as descriptions. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const n = load()(text);
  if (text.length < 4096) {
    if (cache.size > 5000) cache.clear();
    cache.set(text, n);
  }
  return n;
}

// o200k_base's pre-tokenizer (gpt-tokenizer's O200K_TOKEN_SPLIT_REGEX) decided by hand
// where it only meets ASCII. The regular expression, with its Unicode property classes,
// took half the time of counting a long body's tokens; bodies are mostly ASCII.
//
// The pattern's alternatives, tried in order at each position (L letter, N number):
//   1. [^\r\n L N]? [Lu Lt Lm Lo M]* [Ll Lm Lo M]+ contraction?
//   2. [^\r\n L N]? [Lu Lt Lm Lo M]+ [Ll Lm Lo M]* contraction?
//   3. N{1,3}
//   4. ' '? [^\s L N]+ [\r\n/]*
//   5. \s* [\r\n]+
//   6. \s+ (?!\S)
//   7. \s+
// In ASCII, Lu is A-Z, Ll a-z, N 0-9, and Lt, Lm, Lo and M are empty. Every character
// read here is ASCII, or the answer is -1 and the caller asks the regular expression:
// a letter, digit or space beyond ASCII could change any of these decisions.

const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
const SPACE = 8; // \s
const BREAK = 16; // \r or \n
const OTHER = 32; // neither letter, digit nor white space

const KIND = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (c >= 97 && c <= 122) KIND[c] = LOWER;
  else if (c >= 65 && c <= 90) KIND[c] = UPPER;
  else if (c >= 48 && c <= 57) KIND[c] = DIGIT;
  else if (c === 10 || c === 13) KIND[c] = SPACE | BREAK;
  else if (c === 32 || (c >= 9 && c <= 12)) KIND[c] = SPACE;
  else KIND[c] = OTHER;
}

/** Not a character: past the end of the text. */
const END = 0;
/** Beyond ASCII: the answer is the regular expression's. */
const WIDE = 64;

function kindAt(text: string, i: number): number {
  if (i >= text.length) return END;
  const c = text.charCodeAt(i);
  return c < 128 ? KIND[c] : WIDE;
}

/**
 * Where the pre-tokenizer's piece starting at `at` ends, or -1 when deciding it would
 * read a character beyond ASCII. `at` is before the end of the text.
 */
export function asciiPieceEnd(text: string, at: number): number {
  const first = kindAt(text, at);
  if (first === WIDE) return -1;
  if (first & (LOWER | UPPER)) return letters(text, at);
  if (first & DIGIT) return digits(text, at);
  // A prefix (1, 2): anything but a letter, digit, CR or LF; the space of 4 is one too.
  if (!(first & BREAK)) {
    const next = kindAt(text, at + 1);
    if (next === WIDE) return -1;
    if (next & (LOWER | UPPER)) return letters(text, at + 1);
    if (first & OTHER) return punctuation(text, at);
    if (text.charCodeAt(at) === 32 && next & OTHER) return punctuation(text, at + 1);
  }
  return whiteSpace(text, at);
}

/** 1 or 2 from the first letter: uppercase run, lowercase run, then a contraction. */
function letters(text: string, i: number): number {
  let k = kindAt(text, i);
  while (k === UPPER) k = kindAt(text, ++i);
  while (k === LOWER) k = kindAt(text, ++i);
  if (k === WIDE) return -1;
  return i + contraction(text, i);
}

/** 's 'd 'm 't 'll 've 're in either case: ASCII classes, so other characters just fail. */
function contraction(text: string, i: number): number {
  if (text.charCodeAt(i) !== 39) return 0;
  const a = text.charCodeAt(i + 1) | 32;
  if (a === 115 || a === 100 || a === 109 || a === 116) return 2; // s d m t
  const b = text.charCodeAt(i + 2) | 32;
  if ((a === 108 && b === 108) || (a === 118 && b === 101) || (a === 114 && b === 101)) return 3; // ll ve re
  return 0;
}

/** 3: at most three digits; a digit beyond ASCII would be a fourth. */
function digits(text: string, i: number): number {
  const end = i + 3;
  let k = DIGIT;
  while (i < end && k === DIGIT) k = kindAt(text, ++i);
  if (i < end && k === WIDE) return -1;
  return i;
}

/**
 * 4 from its first non-space: a run of others (a slash among them), then any CRs, LFs
 * and slashes (none beyond ASCII).
 */
function punctuation(text: string, i: number): number {
  let k = kindAt(text, i);
  while (k === OTHER) k = kindAt(text, ++i);
  if (k === WIDE) return -1;
  while (k & BREAK || (k === OTHER && text.charCodeAt(i) === 47)) k = kindAt(text, ++i);
  return i;
}

/** 5, 6, 7: the white space run up to its last line break, else all but its last character before a non-space. */
function whiteSpace(text: string, at: number): number {
  let i = at;
  let lastBreak = -1;
  let k = kindAt(text, i);
  while (k & SPACE) {
    if (k & BREAK) lastBreak = i;
    k = kindAt(text, ++i);
  }
  if (k === WIDE) return -1;
  if (lastBreak >= 0) return lastBreak + 1;
  return k === END || i - at === 1 ? i : i - 1;
}

// Counts o200k_base tokens from the table the build writes (server/out/o200k_base.bin,
// scripts/build/o200kTable.mjs: the ranks' bytes, their offsets and an open-addressing
// hash table over them). Loading it is a file read: gpt-tokenizer built a Map of its
// 200,000 rank strings first, ~200 ms in every process and worker that counted a
// token, which was the costliest step of checking skills with long bodies.
//
// The counts are gpt-tokenizer's (3.4) exactly, which test/unit/text/bpe.test.ts
// compares on both shared corpora and on random text: its pre-tokenizer (the same
// regular expression), then byte-pair merges in rank order, leftmost first on a tie,
// with a whole piece that is one token counted as one. Where gpt-tokenizer looks a
// merged byte range up as text, TextDecoder drops a leading byte order mark; the
// merge here does the same (`mergeRank`), and the table leaves out the nine ranks
// gpt-tokenizer can never find that way (o200kTable.mjs), so even such text counts the same.
import { asciiPieceEnd } from './asciiPieces';

type TokenizerConstants = typeof import('gpt-tokenizer/encodingParams/constants');

/**
 * o200k_base's pre-tokenizer pattern, from gpt-tokenizer. Required when the first counter
 * is made, not imported: its module builds three Unicode expressions as it loads (r50k's,
 * cl100k's, o200k's), ~2.3 ms of every start of the CLI and the server before this,
 * whether anything was counted or not (`skillmd --version`, a short skill).
 */
function o200kPattern(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('gpt-tokenizer/encodingParams/constants') as TokenizerConstants).O200K_TOKEN_SPLIT_REGEX.source;
}

export const BPE_TABLE_MAGIC = 0x6b32306f;
const NONE = 0x7fffffff;

/** A counter over a table's bytes; throws on a table that is not one. */
export function bpeCounter(data: Uint8Array): (text: string) => number {
  const buf = data.byteOffset % 4 === 0 ? data : data.slice();
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.byteLength < 16 || view.getUint32(0, true) !== BPE_TABLE_MAGIC) throw new Error('not an o200k_base table');
  const n = view.getUint32(4, true);
  const bits = view.getUint32(8, true);
  const blobLength = view.getUint32(12, true);
  const tableAt = 16 + (n + 1) * 4;
  const blobAt = tableAt + (1 << bits) * 4;
  if (bits > 24 || blobAt + blobLength !== buf.byteLength) throw new Error('o200k_base table of the wrong size');
  const offsets = new Uint32Array(buf.buffer, buf.byteOffset + 16, n + 1);
  const table = new Int32Array(buf.buffer, buf.byteOffset + tableAt, 1 << bits);
  const blob = buf.subarray(blobAt);
  const mask = (1 << bits) - 1;

  /**
   * The rank whose bytes are the `len` units from `start` of `bytes`, or of `text`'s
   * character codes when `bytes` is null (ASCII text, whose codes are its bytes),
   * hashed to `h`; or NONE.
   */
  const find = (h: number, len: number, bytes: Uint8Array | null, text: string, start: number): number => {
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const r = table[i];
      if (r < 0) return NONE;
      const o = offsets[r];
      if (offsets[r + 1] - o !== len) continue;
      let j = 0;
      if (bytes) while (j < len && blob[o + j] === bytes[start + j]) j++;
      else while (j < len && blob[o + j] === text.charCodeAt(start + j)) j++;
      if (j === len) return r;
    }
  };
  /** The rank of bytes b[s..e), or NONE. */
  const rank = (b: Uint8Array, s: number, e: number): number => {
    let h = 0x811c9dc5;
    for (let i = s; i < e; i++) h = Math.imul(h ^ b[i], 0x01000193);
    return find(h, e - s, b, '', s);
  };
  /** Whether the ASCII text[s..e) is one token, with no bytes made for it. */
  const isAsciiToken = (text: string, s: number, e: number): boolean => {
    let h = 0x811c9dc5;
    for (let i = s; i < e; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return find(h, e - s, null, text, s) !== NONE;
  };
  const mergeRank = (b: Uint8Array, s: number, e: number): number =>
    b[s] === 0xef && b[s + 1] === 0xbb && b[s + 2] === 0xbf && e - s >= 3 && validUtf8(b, s, e) ? (e - s === 3 ? NONE : rank(b, s + 3, e)) : rank(b, s, e);

  let starts = new Int32Array(256);
  let ranks = new Int32Array(256);
  /** Tokens of bytes b[0..len) after every merge. */
  const merge = (b: Uint8Array, len: number): number => {
    if (starts.length < len + 1) {
      starts = new Int32Array(len + 1);
      ranks = new Int32Array(len + 1);
    }
    let m = len + 1;
    for (let i = 0; i < m; i++) {
      starts[i] = i;
      ranks[i] = i < len - 1 ? mergeRank(b, i, i + 2) : NONE;
    }
    const pairAt = (i: number) => (i + 2 < m ? mergeRank(b, starts[i], starts[i + 2]) : NONE);
    while (m > 1) {
      let low = NONE;
      let at = -1;
      for (let i = 0; i < m - 1; i++) {
        if (ranks[i] < low) {
          low = ranks[i];
          at = i;
        }
      }
      if (at < 0) break;
      starts.copyWithin(at + 1, at + 2, m);
      ranks.copyWithin(at, at + 1, m);
      m--;
      ranks[at] = pairAt(at);
      if (at > 0) ranks[at - 1] = pairAt(at - 1);
    }
    return m - 1;
  };

  const encoder = new TextEncoder();
  let scratch = new Uint8Array(1024);
  const memo = new Map<string, number>();
  const piece = (p: string): number => {
    if (p.length === 1 && p.charCodeAt(0) < 0x80) return 1;
    const hit = memo.get(p);
    if (hit !== undefined) return hit;
    if (scratch.length < p.length * 3) scratch = new Uint8Array(p.length * 3);
    const len = encoder.encodeInto(p, scratch).written;
    // A piece is looked up whole as text first: one with a lone surrogate is no token's text.
    const count = !hasLoneSurrogate(p) && rank(scratch, 0, len) !== NONE ? 1 : merge(scratch, len);
    if (memo.size >= 100_000) memo.clear();
    memo.set(p, count);
    return count;
  };

  // Pieces follow each other: asciiPieceEnd, or else the sticky pattern's test(), finds
  // where each ends, with no match array, and a one-character ASCII piece (a space, a
  // comma) is no string.
  // Where no piece starts at once, the search goes on as exec() does (none seen in
  // practice). 13 % less time on awesome-copilot's 63 longest bodies (370,000 tokens).
  const pattern = o200kPattern();
  const split = new RegExp(pattern, 'gu');
  const next = new RegExp(pattern, 'uy');
  return (text) => {
    let total = 0;
    for (let at = 0; at < text.length; ) {
      let end = asciiPieceEnd(text, at);
      // Most ASCII pieces are one token (" the", "function"; every single character is):
      // found in the table with no string made for them, nor a memo asked (~300,000
      // look-ups on awesome-copilot).
      if (end > at && (end - at === 1 || isAsciiToken(text, at, end))) {
        total++;
        at = end;
        continue;
      }
      if (end < 0) {
        next.lastIndex = at;
        end = next.test(text) ? next.lastIndex : at;
      }
      if (end > at) {
        total += end - at === 1 && text.charCodeAt(at) < 0x80 ? 1 : piece(text.slice(at, end));
        at = end;
        continue;
      }
      split.lastIndex = at;
      const m = split.exec(text);
      if (!m) break;
      total += piece(m[0]);
      at = split.lastIndex;
    }
    return total;
  };
}

function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c > 0xdbff || i + 1 >= s.length) return true;
    const d = s.charCodeAt(i + 1);
    if (d < 0xdc00 || d > 0xdfff) return true;
    i++;
  }
  return false;
}

/** Strict UTF-8 (no overlong forms, surrogates or code points past U+10FFFF), as gpt-tokenizer checks it. */
function validUtf8(b: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; ) {
    const c = b[i];
    let need: number;
    let cp: number;
    if (c < 0x80) {
      i++;
      continue;
    } else if ((c & 0xe0) === 0xc0) {
      if (c <= 0xc1) return false;
      need = 1;
      cp = c & 0x1f;
    } else if ((c & 0xf0) === 0xe0) {
      need = 2;
      cp = c & 0x0f;
    } else if ((c & 0xf8) === 0xf0) {
      if (c > 0xf4) return false;
      need = 3;
      cp = c & 0x07;
    } else return false;
    if (i + need + 1 > e) return false;
    for (let j = 1; j <= need; j++) {
      const d = b[i + j];
      if ((d & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (d & 0x3f);
    }
    if ((need === 1 && cp < 0x80) || (need === 2 && cp < 0x800) || (need === 3 && cp < 0x10000)) return false;
    if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return false;
    i += need + 1;
  }
  return true;
}

/**
 * Words for lexical similarity: `Intl.Segmenter` splits every script, including those
 * written without spaces (Chinese, Japanese, Thai), by the ICU dictionaries Node
 * ships; words are folded (NFKC, lower case) and English ones lightly stemmed, and
 * the words that say nothing about a skill (stop words) are dropped.
 */
// Made on first use: building it loads ICU's word break data, which a check without
// routing never needs.
let segmenter: Intl.Segmenter | undefined;

const STOP = new Set(
  ('a an and are as at be by can for from has have how i if in into is it its of on or that the their them then this to use used uses using via was when where which while who will with you your ' +
    'skill skills should user users ask asks asked want wants need needs help helps any all also do does not no only other such e g eg etc ' +
    '的 了 和 与 及 或 是 在 把 为 用 使用 时 当 对 从 将 被 并 等 一个 这个 可以 需要 进行 我 你 他 它 们 の に は を が で と も や へ する して した ます です')
    .split(' '),
);

const HAN_OR_KANA = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

/** A light English stemmer: plural and verb endings, so `reports`/`reporting` meet `report`. */
function stem(w: string): string {
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  if (w.length === 4) return w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
  if (w.endsWith('ies') && w.length > 5) return w.slice(0, -3) + 'y';
  if (w.endsWith('ing') && w.length > 6) return w.slice(0, -3);
  if (w.endsWith('ed') && w.length > 5) return w.slice(0, -2);
  if (w.endsWith('es') && /(sh|ch|x|s|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  // `summarize` meets `summarizing`, `archive` meets `archived`.
  if (w.endsWith('e') && w.length > 5) return w.slice(0, -1);
  return w;
}

// Scripts written without spaces between words: the segmenter's dictionaries split them.
const NO_SPACES = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+/g;
const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}]+)*/gu;

/** A stem and the word it came from, for showing: `releas` is shown as `release`. */
export type SurfaceWords = Map<string, string>;

function push(out: string[], word: string, surface: SurfaceWords | undefined): void {
  const w = word.endsWith('s') ? word.replace(/['\u2019]s$/, '') : word;
  if (w.length < 2 || STOP.has(w) || /^\d+$/.test(w)) return;
  const s = stem(w);
  out.push(s);
  // The first word seen for a stem; the shortest one when several (`report` over `reports`).
  const had = surface?.get(s);
  if (surface && (had === undefined ? s !== w : w.length < had.length)) surface.set(s, w);
}

/** Words of text in scripts with spaces: a regular expression, ten times faster than the segmenter. */
function spacedWords(text: string, out: string[], surface: SurfaceWords | undefined): void {
  for (const m of text.matchAll(WORD)) push(out, m[0], surface);
}

function segmentedWords(text: string, out: string[]): void {
  // Characters the dictionary left alone in a row (`文档` as 文 + 档) are joined back.
  let run = '';
  const endRun = () => {
    if (run.length >= 2 && !STOP.has(run)) out.push(run);
    run = '';
  };
  for (const s of (segmenter ??= new Intl.Segmenter('und', { granularity: 'word' })).segment(text)) {
    const w = s.segment;
    if (s.isWordLike && w.length === 1 && HAN_OR_KANA.test(w) && !STOP.has(w)) {
      run += w;
      continue;
    }
    endRun();
    if (!s.isWordLike || STOP.has(w)) continue;
    // One Han or kana character is mostly grammar; longer words carry the meaning.
    if (w.length === 1 && HAN_OR_KANA.test(w)) continue;
    out.push(w);
  }
  endRun();
}

/** The terms of a text; `surface` gets the word each stem came from (where they differ). */
export function terms(text: string, surface?: SurfaceWords): string[] {
  const out: string[] = [];
  const folded = text.normalize('NFKC').toLowerCase();
  let at = 0;
  for (const m of folded.matchAll(NO_SPACES)) {
    spacedWords(folded.slice(at, m.index), out, surface);
    segmentedWords(m[0], out);
    at = m.index! + m[0].length;
  }
  spacedWords(at ? folded.slice(at) : folded, out, surface);
  return out;
}

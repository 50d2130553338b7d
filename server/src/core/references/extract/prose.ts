// Extractor: file names in prose (`read FORMS.md`), references only if the file exists.
import { pathToken } from './codePaths';
import { type Builder, NOT_YET, indexIn, isClosing } from './model';

/** A character that may be part of a file name in prose (not white space, quotes, brackets, `*`). */
export function isProseWordChar(c: number): boolean {
  return c > 32 && c !== 34 && c !== 39 && c !== 40 && c !== 41 && c !== 42 && c !== 60 && c !== 62 && c !== 91 && c !== 93 && c !== 96 && c !== 0xa0;
}

/** A name character, then `.` or `/`, then a name character (or `.`, `/`): `FORMS.md`, not a sentence's end. */
export const PROSE_MARK = /[\w\u00c0-\uffff][./][\w./\u00c0-\uffff]/g;

/**
 * Where the first PROSE_MARK at or after `from` starts (the character before its mark); -1
 * if none. A match is three UTF-16 units, so `test` (no match array) tells where it starts.
 */
export function nextProseMark(text: string, from: number): number {
  PROSE_MARK.lastIndex = from;
  return PROSE_MARK.test(text) ? PROSE_MARK.lastIndex - 3 : -1;
}

/**
 * Files named in prose: agents follow `read FORMS.md` as they follow a link. Such a
 * word is a reference only when the file exists (tentative), so prose never produces
 * a "missing file"; a name that differs from the file's only in letter case does.
 * Candidates come from one regex search each (PROSE_MARK), not from splitting words.
 */
export function proseWords(b: Builder, from: number, to: number): void {
  if (b.noProse) return;
  const text = b.doc.text;
  // Matches only move forward: one regex search finds the next candidate past every
  // sentence's end, and serves the runs before it.
  if (b.nextMark === NOT_YET || (b.nextMark !== -1 && b.nextMark < from)) b.nextMark = nextProseMark(text, from);
  while (b.nextMark !== -1 && b.nextMark + 1 < to) {
    const at = b.nextMark;
    let start = at;
    while (start > from && isProseWordChar(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < to && isProseWordChar(text.charCodeAt(end))) end++;
    b.nextMark = nextProseMark(text, end);
    // `@guide.md` (a mention), `_FORMS.md_` (emphasis), `see x.md.` and `x.md!`.
    while (start < end && (text.charCodeAt(start) === 64 /* @ */ || text.charCodeAt(start) === 95 /* _ */)) start++;
    while (end > start && (isClosing(text.charCodeAt(end - 1)) || text.charCodeAt(end - 1) === 95 || text.charCodeAt(end - 1) === 33 /* ! */ || text.charCodeAt(end - 1) === 63 /* ? */)) end--;
    if (end - start < 3 || (text.charCodeAt(start) === 46 /* . */ && text.charCodeAt(start + 1) !== 47) /* / */) continue;
    // Without a folder, a name needs an extension of two characters or more: `e.g`,
    // `v2.x` and `i.e` are prose (and the most common such words by far).
    if (indexIn(text, 47 /* / */, start, end) === -1 && end - text.lastIndexOf('.', end - 1) <= 2) continue;
    const k = b.out.length;
    pathToken(b, 'prose', start, end, false);
    // A bare name is the named file's neighbour (`see api.md` in references/guide.md);
    // a path with a folder starts at the skill folder, as in code.
    const bare = indexIn(text, 47 /* / */, start, end) === -1;
    for (let j = k; j < b.out.length; j++) {
      b.out[j].tentative = true;
      if (bare) b.out[j].base = 'file';
    }
  }
}

/**
 * Drops the prose names and `#file:` mentions read since `open`: they were a link's text
 * (`[FORMS.md](forms.md)` shows a name, the destination is the reference).
 */
export function dropProseAfter(b: Builder, open: number): void {
  let k = b.out.length;
  while (k > 0 && b.out[k - 1].start > open) k--;
  if (k === b.out.length) return;
  // (VS Code skips a `#file:` inside a link too.)
  const kept = b.out.slice(k).filter((r) => r.kind !== 'prose' && r.kind !== 'attachment');
  b.out.length = k;
  b.out.push(...kept);
}

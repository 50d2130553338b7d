/** Runs of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;

function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/**
 * Visits the words of `s.toLowerCase()` (its runs of letters and digits) in order
 * until `visit` returns false. Rules need only the first few words of mostly ASCII
 * text, so the ASCII start is read in place rather than lowercasing all of it first.
 */
export function forEachLowerWord(s: string, visit: (word: string) => boolean): void {
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Lowercasing is context-free only for ASCII: from the first other unit on, use the real thing.
    if (c >= 0x80) return visitFrom(s.toLowerCase(), start >= 0 ? start : i, visit);
    if (isAsciiWordChar(c)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (!visit(s.slice(start, i).toLowerCase())) return;
      start = -1;
    }
  }
  if (start >= 0) visit(s.slice(start).toLowerCase());
}

/** Words of `lower` from `from`, which is a word's start or follows a non-word character. */
function visitFrom(lower: string, from: number, visit: (word: string) => boolean): void {
  // Everything before `from` is ASCII, so it has the same offsets in the lowercased text.
  WORD.lastIndex = from;
  for (let m = WORD.exec(lower); m; m = WORD.exec(lower)) if (!visit(m[0])) return;
}

/** Damerau-free Levenshtein distance, bounded for speed. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Two rows reused (no array per row); same recurrence as the textbook version.
  const n = b.length;
  if (n + 1 > rowA.length) {
    rowA = new Int32Array(2 * (n + 1));
    rowB = new Int32Array(2 * (n + 1));
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const sub = prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      const v = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[n];
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Lowercase without `-`, `_` and white space: how closest() compares names. */
function norm(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Most names are already normal: return them as they are, without a regex.
    if (c >= 128 || (c >= 65 && c <= 90) || c === 45 || c === 95 || c <= 32) return s.toLowerCase().replace(/[-_\s]/g, '');
  }
  return s;
}

/**
 * The closest candidate for a probable typo: same letters ignoring case and
 * `-`/`_`, or within an edit distance that scales with the length.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = norm(word);
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c === word) continue;
    const n = norm(c);
    if (n === w) return c;
    const limit = Math.max(1, Math.floor(Math.max(w.length, n.length) / 4));
    const d = editDistance(w, n, limit);
    if (d <= limit && d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

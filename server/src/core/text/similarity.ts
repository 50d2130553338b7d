/** Damerau-free Levenshtein distance, bounded for speed. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The closest candidate for a probable typo: same letters ignoring case and
 * `-`/`_`, or within an edit distance that scales with the length.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '');
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

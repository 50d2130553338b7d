import { terms, type SurfaceWords } from './tokenize';

/** The text of one skill that routing compares. */
export interface RoutableSkill {
  name: string;
  description: string;
  whenToUse?: string;
  triggerKeywords?: readonly string[];
  tags?: readonly string[];
}

interface Doc {
  /** term → weight (1 + ln tf) · idf, normalised to length 1 */
  vector: Map<string, number>;
}

export interface SimilarPair {
  a: number;
  b: number;
  score: number;
  /** the shared terms, heaviest first */
  shared: string[];
}

/** Everything routing reads of a skill, as one text. */
export function routingText(s: RoutableSkill): string {
  return [s.description, s.whenToUse ?? '', ...(s.triggerKeywords ?? []), ...(s.tags ?? [])].join('\n');
}

/**
 * TF-IDF vectors (cosine similarity) over an inverted index of terms: skills that
 * share no term are never compared (see `similarPairs` for how frequent terms are kept
 * out of the way).
 */
export class TermIndex {
  readonly docs: Doc[] = [];
  readonly postings = new Map<string, number[]>();
  private readonly idfs = new Map<string, number>();
  /** the skills' word for each stem that differs from it */
  private readonly surface: SurfaceWords = new Map();

  constructor(readonly skills: readonly RoutableSkill[]) {
    const tfs = skills.map((s) => {
      const tf = new Map<string, number>();
      for (const t of terms(routingText(s), this.surface)) tf.set(t, (tf.get(t) ?? 0) + 1);
      return tf;
    });
    tfs.forEach((tf, i) => {
      for (const t of tf.keys()) {
        let p = this.postings.get(t);
        if (!p) this.postings.set(t, (p = []));
        p.push(i);
      }
    });
    const n = skills.length;
    for (const [t, p] of this.postings) this.idfs.set(t, Math.log(1 + n / p.length));
    for (const tf of tfs) this.docs.push({ vector: this.weigh(tf) });
  }

  /** A term as the skills write it (`releas` is shown as `release`), for messages. */
  word(term: string): string {
    return this.surface.get(term) ?? term;
  }

  idf(term: string): number {
    // A term no skill has: as rare as a term can be.
    return this.idfs.get(term) ?? Math.log(1 + this.skills.length);
  }

  private weigh(tf: Map<string, number>): Map<string, number> {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [t, c] of tf) {
      const w = (1 + Math.log(c)) * this.idf(t);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [t, w] of v) v.set(t, w / norm);
    return v;
  }

  /** A request (or any text) as a vector of this index; `surface` gets its words. */
  vectorOf(text: string, surface?: SurfaceWords): Map<string, number> {
    const tf = new Map<string, number>();
    for (const t of terms(text, surface)) tf.set(t, (tf.get(t) ?? 0) + 1);
    return this.weigh(tf);
  }

  /** Cosine similarity of a vector with skill `i` (the smaller map is walked). */
  dot(v: Map<string, number>, i: number): number {
    const d = this.docs[i].vector;
    const [a, b] = v.size <= d.size ? [v, d] : [d, v];
    let score = 0;
    for (const [t, w] of a) {
      const x = b.get(t);
      if (x !== undefined) score += w * x;
    }
    return score;
  }

  /** Cosine similarity of a vector with skill `i`, and the shared terms heaviest first. */
  compare(v: Map<string, number>, i: number): { score: number; shared: string[] } {
    const d = this.docs[i].vector;
    let score = 0;
    const shared: [string, number][] = [];
    for (const [t, w] of v) {
      const x = d.get(t);
      if (x === undefined) continue;
      score += w * x;
      shared.push([t, w * x]);
    }
    shared.sort((a, b) => b[1] - a[1]);
    return { score, shared: shared.map((s) => s[0]) };
  }

  /**
   * Every pair at or above `threshold`, best first; exact, without comparing all pairs
   * (prefix filtering, as in Bayardo et al.'s All-Pairs). Each skill's terms are taken
   * most frequent first; the longest run of them whose weights have a norm below the
   * threshold is its prefix, the rest its suffix. Two skills that share no term of
   * y's suffix score x.y <= |y's prefix| < threshold (vectors have length 1), so only
   * the suffixes are indexed, and the frequent terms, which sit in the prefixes, hardly
   * ever are: a skill meets only the skills it shares a rare enough term with.
   */
  similarPairs(threshold: number): SimilarPair[] {
    const n = this.docs.length;
    const df = (t: string) => this.postings.get(t)!.length;
    const suffix = new Map<string, number[]>();
    const prefixNorm = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = this.docs[i].vector;
      const ordered = [...v.keys()].sort((a, b) => df(b) - df(a) || (a < b ? -1 : 1));
      let sq = 0;
      let k = 0;
      for (; k < ordered.length; k++) {
        const w = v.get(ordered[k])!;
        if (Math.sqrt(sq + w * w) >= threshold) break;
        sq += w * w;
      }
      prefixNorm[i] = Math.sqrt(sq);
      for (; k < ordered.length; k++) {
        let p = suffix.get(ordered[k]);
        if (!p) suffix.set(ordered[k], (p = []));
        p.push(i);
      }
    }
    const out: SimilarPair[] = [];
    const acc = new Float64Array(n);
    const touched: number[] = [];
    for (let i = 0; i < n; i++) {
      const x = this.docs[i].vector;
      for (const [t, w] of x) {
        const p = suffix.get(t);
        if (!p) continue;
        for (const j of p) {
          if (j <= i) continue;
          if (acc[j] === 0) touched.push(j);
          acc[j] += w * this.docs[j].vector.get(t)!;
        }
      }
      for (const j of touched) {
        // What the suffix gave, plus at most the norm of j's prefix: the bound decides
        // whether the exact score is worth computing.
        if (acc[j] + prefixNorm[j] >= threshold && this.dot(x, j) >= threshold - 1e-12) {
          const { score, shared } = this.compare(x, j);
          out.push({ a: i, b: j, score, shared });
        }
        acc[j] = 0;
      }
      touched.length = 0;
    }
    return out.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
  }
}

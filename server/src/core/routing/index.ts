import { terms } from './tokenize';

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
 * TF-IDF vectors (cosine similarity) over an inverted index of terms. Pairs are found
 * through the postings, so skills that share no term are never compared; terms in so
 * many skills that they say little (document frequency over `maxDfShare` of them, and
 * at least 50) take no part in finding pairs, which keeps 10,000 skills near-linear.
 */
export class TermIndex {
  readonly docs: Doc[] = [];
  readonly postings = new Map<string, number[]>();
  private readonly idfs = new Map<string, number>();

  constructor(readonly skills: readonly RoutableSkill[]) {
    const tfs = skills.map((s) => {
      const tf = new Map<string, number>();
      for (const t of terms(routingText(s))) tf.set(t, (tf.get(t) ?? 0) + 1);
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

  /** A request (or any text) as a vector of this index. */
  vectorOf(text: string): Map<string, number> {
    const tf = new Map<string, number>();
    for (const t of terms(text)) tf.set(t, (tf.get(t) ?? 0) + 1);
    return this.weigh(tf);
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

  /** Every pair at or above `threshold`, best first. */
  similarPairs(threshold: number, maxDfShare = 0.05): SimilarPair[] {
    const n = this.docs.length;
    const maxDf = Math.max(50, Math.floor(n * maxDfShare));
    const out: SimilarPair[] = [];
    const acc = new Float64Array(n);
    const touched: number[] = [];
    for (let i = 0; i < n; i++) {
      // Dot products of skill i with every later skill that shares a term with it.
      for (const [t, w] of this.docs[i].vector) {
        const p = this.postings.get(t)!;
        if (p.length > maxDf) continue;
        for (const j of p) {
          if (j <= i) continue;
          if (acc[j] === 0) touched.push(j);
          acc[j] += w * this.docs[j].vector.get(t)!;
        }
      }
      for (const j of touched) {
        // The partial score skipped frequent terms: the exact one decides.
        if (acc[j] >= threshold * 0.5) {
          const { score, shared } = this.compare(this.docs[i].vector, j);
          if (score >= threshold) out.push({ a: i, b: j, score, shared });
        }
        acc[j] = 0;
      }
      touched.length = 0;
    }
    return out.sort((x, y) => y.score - x.score);
  }
}

import { TermIndex, type RoutableSkill } from './index';
import { terms } from './tokenize';

export interface RouteCandidate {
  name: string;
  /** cosine similarity of the request with the skill's routing text */
  score: number;
  /** the request's words the skill shares (stems shown as the request wrote them), heaviest first */
  terms: string[];
  /** the trigger keywords or tags the request contains (the pre-filter) */
  matched: string[];
}

export interface RouteResult {
  request: string;
  /** skills whose trigger keywords or tags match, best first */
  candidates: RouteCandidate[];
  /** the other skills with a similarity above zero, best first */
  others: RouteCandidate[];
}

/** A keyword matches when all its words are among the request's (in any order). */
function keywordMatches(keyword: string, requestTerms: Set<string>, requestText: string): boolean {
  const ks = terms(keyword);
  if (ks.length) return ks.every((k) => requestTerms.has(k));
  const k = keyword.trim().toLowerCase();
  return !!k && requestText.includes(k);
}

/**
 * Which skills would take a request: first those whose `trigger_keywords` / `tags` it
 * matches (the pre-filter teams put in front of the model), then ranked, like the
 * rest, by TF-IDF cosine with the skill's description, `when_to_use` and keywords.
 */
export function routeRequest(request: string, skills: readonly RoutableSkill[]): RouteResult {
  const index = new TermIndex(skills);
  const words = new Map<string, string>();
  const v = index.vectorOf(request, words);
  const reqTerms = new Set(terms(request));
  const folded = request.normalize('NFKC').toLowerCase();
  const candidates: RouteCandidate[] = [];
  const others: RouteCandidate[] = [];
  skills.forEach((s, i) => {
    const { score, shared } = index.compare(v, i);
    const matched = [...(s.triggerKeywords ?? []), ...(s.tags ?? [])].filter((k) => keywordMatches(k, reqTerms, folded));
    const c = { name: s.name, score: Math.round(score * 1000) / 1000, terms: shared.map((t) => words.get(t) ?? t), matched: [...new Set(matched)] };
    if (matched.length) candidates.push(c);
    else if (score > 0) others.push(c);
  });
  const order = (a: RouteCandidate, b: RouteCandidate) => b.score - a.score || b.matched.length - a.matched.length || (a.name < b.name ? -1 : 1);
  return { request, candidates: candidates.sort(order), others: others.sort(order) };
}

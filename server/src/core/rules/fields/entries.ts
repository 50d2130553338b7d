import type { FrontmatterEntry, SkillDocument } from '../../document/model';

/** One entry per key: the last, which is what YAML loaders keep. */
export function lastEntries(doc: SkillDocument): FrontmatterEntry[] {
  const seen = new Map<string, FrontmatterEntry>();
  for (const e of doc.frontmatter.entries) seen.set(e.key, e);
  return [...seen.values()].sort((a, b) => a.keyStart - b.keyStart);
}

/** Length as Python's len() and most agents count it: code points, not UTF-16 units. */
export function charLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

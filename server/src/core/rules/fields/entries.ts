import type { FrontmatterEntry, SkillDocument } from '../../document/model';

/** One entry per key: the last, which is what YAML loaders keep. */
export function lastEntries(doc: SkillDocument): FrontmatterEntry[] {
  const seen = new Map<string, FrontmatterEntry>();
  for (const e of doc.frontmatter.entries) seen.set(e.key, e);
  return [...seen.values()].sort((a, b) => a.keyStart - b.keyStart);
}

/** Length as Python's len() and most agents count it: code points, not UTF-16 units. */
export { codePointLength as charLength } from '../../text/codePoints';

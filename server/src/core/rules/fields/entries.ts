import type { FrontmatterEntry, SkillDocument } from '../../document/model';

// Half the rules ask, one after another, for the same document: keep the last answer
// (a WeakMap would keep every document's entries alive through young-generation GCs).
let last: { entries: readonly FrontmatterEntry[]; result: readonly FrontmatterEntry[] } | undefined;

/** One entry per key: the last, which is what YAML loaders keep. */
export function lastEntries(doc: SkillDocument): readonly FrontmatterEntry[] {
  const entries = doc.frontmatter.entries;
  if (last?.entries !== entries) last = { entries, result: distinctAndOrdered(entries) ? entries : lastPerKey(entries) };
  return last.result;
}

/** Whether no key repeats and the entries are in source order: then they are their own answer. */
function distinctAndOrdered(entries: readonly FrontmatterEntry[]): boolean {
  for (let i = 1; i < entries.length; i++) if (entries[i - 1].keyStart > entries[i].keyStart) return false;
  // A frontmatter has a handful of keys: comparing pairs beats building a set.
  if (entries.length > 16) return new Set(entries.map((e) => e.key)).size === entries.length;
  for (let i = 1; i < entries.length; i++) for (let j = 0; j < i; j++) if (entries[j].key === entries[i].key) return false;
  return true;
}

function lastPerKey(entries: readonly FrontmatterEntry[]): FrontmatterEntry[] {
  const seen = new Map<string, FrontmatterEntry>();
  for (const e of entries) seen.set(e.key, e);
  return [...seen.values()].sort((a, b) => a.keyStart - b.keyStart);
}

/** Length as Python's len() and most agents count it: code points, not UTF-16 units. */
export { codePointLength as charLength } from '../../text/codePoints';

import type { SkillDocument } from '../document/model';
import type { SkillDiagnostic } from '../types';

/**
 * Inline suppressions:
 *   frontmatter  `# skillmd-disable-next-line code-a, code-b`  /  `# skillmd-disable code`
 *   body         `<!-- skillmd-disable-next-line code -->`      /  `<!-- skillmd-disable code -->`
 * Without codes they silence every rule. `disable` applies to the whole file.
 */
export interface Suppressions {
  file: Set<string> | 'all' | undefined;
  lines: Map<number, Set<string> | 'all'>;
}

const YAML_COMMENT = /#\s*skillmd-(disable-next-line|disable)\b([^\n\r]*)/;
const HTML_COMMENT = /<!--\s*skillmd-(disable-next-line|disable)\b(.*?)-->/;

// A check asks twice per document (after the document rules, after the references),
// so the last answer is kept. Only the last: a WeakMap keyed by documents would keep
// every document alive through young-generation collections (10,000 skills: +35 MB).
let last: { doc: SkillDocument; found: Suppressions } | undefined;

export function findSuppressions(doc: SkillDocument): Suppressions {
  if (last?.doc !== doc) last = { doc, found: scan(doc) };
  return last.found;
}

function scan(doc: SkillDocument): Suppressions {
  const out: Suppressions = { file: undefined, lines: new Map() };
  if (!doc.text.includes('skillmd-disable')) return out;
  const fm = doc.frontmatter;
  const fmEndLine = doc.lines.positionAt(fm.contentEnd).line;
  let lastLines: Map<number, number> | undefined;
  for (let line = 0; line < doc.lines.lineCount; line++) {
    const text = doc.lines.lineText(line);
    if (!text.includes('skillmd-disable')) continue;
    const m = (line < fmEndLine ? YAML_COMMENT : HTML_COMMENT).exec(text);
    if (!m) continue;
    const codes = m[2].split(/[\s,]+/).map((c) => c.trim()).filter((c) => c && c !== '-->');
    const set: Set<string> | 'all' = codes.length ? new Set(codes) : 'all';
    if (m[1] === 'disable') {
      out.file = merge(out.file, set);
    } else {
      // In the frontmatter the next line may open an entry that spans several (a
      // quoted or block value): the comment covers all of them, as it cannot sit
      // inside the value.
      // Built once per document, at the first such comment: a lookup per comment would
      // walk every entry (50,000 keys and as many comments: quadratic).
      if (line < fmEndLine) lastLines ??= new Map(entrySpans(doc));
      const last = line < fmEndLine ? Math.max(line + 1, lastLines!.get(line + 1) ?? line + 1) : line + 1;
      for (let l = line + 1; l <= last; l++) out.lines.set(l, merge(out.lines.get(l), set));
    }
  }
  return out;
}

/** The first and last line of each top-level frontmatter entry, in one pass. */
function entrySpans(doc: SkillDocument): [number, number][] {
  return doc.frontmatter.entries.map((e) => {
    const first = e.keyRange.start.line;
    return [first, Math.max(first, doc.lines.positionAt(Math.max(e.lineStart, e.lineEnd - 1)).line)];
  });
}

/** The line of the key of the top-level frontmatter entry that spans `line` (else `line`). */
export function entryKeyLine(doc: SkillDocument, line: number): number {
  for (const [first, last] of entrySpans(doc)) if (first <= line && line <= last) return first;
  return line;
}

function merge(a: Set<string> | 'all' | undefined, b: Set<string> | 'all'): Set<string> | 'all' {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...(a ?? []), ...b]);
}

export function isSuppressed(s: Suppressions, d: SkillDiagnostic): boolean {
  const hit = (x: Set<string> | 'all' | undefined) => x === 'all' || (x !== undefined && x.has(d.code));
  return hit(s.file) || hit(s.lines.get(d.range.start.line));
}

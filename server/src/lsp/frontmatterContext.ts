// Where a position sits in a SKILL.md: which frontmatter key, key or value, or the body.
import type { FrontmatterEntry, SkillDocument } from '../core/document/model';
import type { Position } from '../core/types';

export type Place =
  | { kind: 'key'; line: number; prefix: string; start: number; entry?: FrontmatterEntry }
  | { kind: 'value'; key: string; entry: FrontmatterEntry | undefined; line: number; prefix: string; start: number }
  | { kind: 'list-item'; key: string; line: number; prefix: string; start: number }
  | { kind: 'nested'; line: number }
  | { kind: 'no-frontmatter' }
  | { kind: 'body' };

/** True when the line is inside the frontmatter (between the delimiters). */
export function inFrontmatter(doc: SkillDocument, line: number): boolean {
  const fm = doc.frontmatter;
  if (!fm.openRange) return false;
  if (line <= fm.openRange.start.line) return false;
  if (fm.closeRange) return line < fm.closeRange.start.line;
  return true;
}

/** The entry whose lines include `line` (top level). */
export function entryAtLine(doc: SkillDocument, line: number): FrontmatterEntry | undefined {
  const offset = doc.lines.lineStarts[line] ?? doc.text.length;
  for (const e of doc.frontmatter.entries) if (offset >= e.lineStart && offset < e.lineEnd) return e;
  return undefined;
}

export function placeAt(doc: SkillDocument, pos: Position): Place {
  const fm = doc.frontmatter;
  if (fm.state === 'missing') return pos.line === 0 ? { kind: 'no-frontmatter' } : { kind: 'body' };
  if (!inFrontmatter(doc, pos.line)) return { kind: 'body' };
  const text = doc.lines.lineText(pos.line);
  const before = text.slice(0, pos.character);
  let m = /^([A-Za-z0-9_.-]*)$/.exec(before);
  if (m) return { kind: 'key', line: pos.line, prefix: m[1], start: 0, entry: entryAtLine(doc, pos.line) };
  m = /^([A-Za-z0-9_.-]+):[ \t]*(.*)$/.exec(before);
  if (m) {
    const key = m[1];
    return { kind: 'value', key, entry: entryAtLine(doc, pos.line), line: pos.line, prefix: m[2], start: pos.character - m[2].length };
  }
  m = /^[ \t]+-[ \t]*(.*)$/.exec(before);
  if (m) {
    // The list belongs to the nearest key above at column 0.
    for (let l = pos.line - 1; l >= 0 && inFrontmatter(doc, l); l--) {
      const k = /^([A-Za-z0-9_.-]+):/.exec(doc.lines.lineText(l));
      if (k) return { kind: 'list-item', key: k[1], line: pos.line, prefix: m[1], start: pos.character - m[1].length };
    }
  }
  return { kind: 'nested', line: pos.line };
}

// Folding ranges: the frontmatter, multi-line entries, heading sections and fenced code.
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver/node';
import type { FrontmatterEntry, SkillDocument } from '../core/document/model';
import { scanBody } from './markdown';

export function foldingRanges(doc: SkillDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  const fm = doc.frontmatter;
  if (fm.openRange && fm.closeRange && fm.closeRange.start.line > fm.openRange.start.line) {
    out.push({ startLine: fm.openRange.start.line, endLine: fm.closeRange.start.line, kind: FoldingRangeKind.Region });
  }
  const addEntries = (entries: FrontmatterEntry[]) => {
    for (const e of entries) {
      const start = e.keyRange.start.line;
      const end = doc.lines.positionAt(Math.max(e.lineStart, e.lineEnd - 1)).line;
      if (end > start) out.push({ startLine: start, endLine: end });
      if (e.value?.kind === 'map') addEntries(e.value.entries);
    }
  };
  addEntries(fm.entries);
  const { headings, fences } = scanBody(doc);
  const last = doc.lines.lineCount - 1;
  headings.forEach((h, i) => {
    let end = last;
    for (let j = i + 1; j < headings.length; j++) {
      if (headings[j].level <= h.level) {
        end = headings[j].line - 1;
        break;
      }
    }
    while (end > h.line && doc.lines.lineText(end).trim() === '') end--;
    if (end > h.line) out.push({ startLine: h.line, endLine: end });
  });
  for (const f of fences) if (f.endLine > f.startLine) out.push({ startLine: f.startLine, endLine: f.endLine });
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

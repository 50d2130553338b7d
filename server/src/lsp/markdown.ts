// A small line scanner for the Markdown body: ATX headings and fenced code blocks
// (headings inside fences are not headings). Linear in the body's length.
import type { SkillDocument } from '../core/document/model';

export interface Heading {
  level: number;
  text: string;
  line: number;
}

export interface Fence {
  startLine: number;
  /** the closing fence line (or the last line when unclosed) */
  endLine: number;
}

export function scanBody(doc: SkillDocument): { headings: Heading[]; fences: Fence[] } {
  const headings: Heading[] = [];
  const fences: Fence[] = [];
  const first = doc.lines.positionAt(doc.bodyStart).line;
  const startLine = doc.frontmatter.state === 'missing' ? 0 : first;
  let fence: { char: string; len: number; start: number } | undefined;
  for (let line = startLine; line < doc.lines.lineCount; line++) {
    const text = doc.lines.lineText(line);
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (f && f[1][0] === fence.char && f[1].length >= fence.len && text.slice(f[0].length).trim() === '') {
        fences.push({ startLine: fence.start, endLine: line });
        fence = undefined;
      }
      continue;
    }
    if (f) {
      fence = { char: f[1][0], len: f[1].length, start: line };
      continue;
    }
    const h = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(text);
    if (h) headings.push({ level: h[1].length, text: (h[2] ?? '').trim(), line });
  }
  if (fence) fences.push({ startLine: fence.start, endLine: doc.lines.lineCount - 1 });
  return { headings, fences };
}

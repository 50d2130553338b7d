// A small line scanner for the Markdown body: ATX headings and fenced code blocks
// (headings inside fences are not headings), with the fence rule the references and
// anchors use (core/markdown/fence.ts). Linear in the body's length.
import type { SkillDocument } from '../core/document/model';
import { fenceCloses, fenceOpen } from '../core/markdown/fence';

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
    if (fence) {
      if (fenceCloses(text, fence)) {
        fences.push({ startLine: fence.start, endLine: line });
        fence = undefined;
      }
      continue;
    }
    const f = fenceOpen(text);
    if (f) {
      fence = { char: f.char, len: f.len, start: line };
      continue;
    }
    const h = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(text);
    if (h) headings.push({ level: h[1].length, text: (h[2] ?? '').trim(), line });
  }
  if (fence) fences.push({ startLine: fence.start, endLine: doc.lines.lineCount - 1 });
  return { headings, fences };
}

import type { SkillDocument } from '../../document/model';
import { fenceCloses, fenceOpen } from '../../markdown/fence';

/** One line of the Markdown body, with what kind of text it is. */
export interface BodyLine {
  /** the line's text, without its line break */
  text: string;
  /** offset of the line's first character in the document */
  start: number;
  /** inside a fenced code block: its language (`''` when none); a fence line itself is code too */
  fence?: string;
}

/** Shell languages of fenced blocks, where `$1` and `$name` are the shell's variables. */
export const SHELL_FENCES = new Set(['', 'bash', 'sh', 'shell', 'zsh', 'console', 'shellsession', 'shell-session', 'terminal', 'ksh', 'fish', 'powershell', 'ps1', 'pwsh', 'bat', 'cmd']);

// The advisory rules read the same body one after another: keep the last answer.
let last: { doc: SkillDocument; lines: BodyLine[] } | undefined;

/**
 * The body's lines, each marked as prose or fenced code. A small pass of its own (the
 * rules here need only fences, not the references' parse), with the fence rule every
 * Markdown scanner shares (markdown/fence.ts).
 */
export function bodyLines(doc: SkillDocument): BodyLine[] {
  if (last?.doc === doc) return last.lines;
  const out: BodyLine[] = [];
  const idx = doc.lines;
  const first = idx.positionAt(doc.bodyStart).line;
  let open: { char: string; len: number; lang: string } | undefined;
  for (let line = first; line < idx.lineCount; line++) {
    const start = Math.max(idx.lineStarts[line], doc.bodyStart);
    const text = doc.text.slice(start, idx.lineEnd(line));
    if (open) {
      out.push({ text, start, fence: open.lang });
      if (fenceCloses(text, open)) open = undefined;
      continue;
    }
    const f = fenceOpen(text);
    if (f) open = { char: f.char, len: f.len, lang: f.info.toLowerCase() };
    out.push(open ? { text, start, fence: open.lang } : { text, start });
  }
  last = { doc, lines: out };
  return out;
}

/** `[start, end)` column ranges of inline code spans (`` `x` ``, ``` ``x`` ```) in a prose line. */
export function inlineCode(text: string): [number, number][] {
  const out: [number, number][] = [];
  const re = /`+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const ticks = m[0];
    const close = text.indexOf(ticks, m.index + ticks.length);
    if (close < 0) continue;
    out.push([m.index, close + ticks.length]);
    re.lastIndex = close + ticks.length;
  }
  return out;
}

/** Whether `col` is inside one of `spans` (sorted, as inlineCode gives them): a binary search, lines can hold thousands. */
export function inSpans(spans: [number, number][], col: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (col < spans[mid][0]) hi = mid - 1;
    else if (col >= spans[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

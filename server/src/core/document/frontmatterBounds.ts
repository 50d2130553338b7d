/**
 * Finds the `---` delimiters. Agents require the opening line to be the very first
 * line; we also look past leading blank lines so the author gets a precise
 * diagnostic instead of "no frontmatter".
 */
export interface FrontmatterBounds {
  /** offset of the opening `---` (absent when there is none) */
  openStart: number;
  openEnd: number;
  /** offset after the opening line's break: where YAML starts */
  contentStart: number;
  /** offset where the closing line starts (== text length when unterminated) */
  contentEnd: number;
  closeStart: number;
  closeEnd: number;
  /** offset after the closing line's break: where the body starts */
  bodyStart: number;
  terminated: boolean;
  leadingBlankLines: boolean;
  openTrailingSpace: boolean;
  closeTrailingSpace: boolean;
}

const DELIM = /^---([ \t]*)$/;
const CLOSE = /^(?:---|\.\.\.)([ \t]*)$/;

// Native search is much faster than a charCodeAt loop over long description lines.
const LINE_BREAK = /[\r\n]/g;

function lineAt(text: string, start: number): { end: number; next: number } {
  LINE_BREAK.lastIndex = start;
  const end = LINE_BREAK.exec(text)?.index ?? text.length;
  let next = end;
  if (text.charCodeAt(next) === 13) next++;
  if (text.charCodeAt(next) === 10) next++;
  return { end, next };
}

export function findFrontmatterBounds(text: string, from: number): FrontmatterBounds | undefined {
  let pos = from;
  let leadingBlankLines = false;
  // Skip blank lines before the opening delimiter.
  for (;;) {
    if (pos >= text.length) return undefined;
    const { end, next } = lineAt(text, pos);
    const line = text.slice(pos, end);
    if (line.trim() === '' && next > end) {
      leadingBlankLines = true;
      pos = next;
      continue;
    }
    const m = DELIM.exec(line);
    if (!m) return undefined;
    const openStart = pos;
    const openEnd = end;
    const contentStart = next;
    const openTrailingSpace = m[1].length > 0;
    // Scan for the closing delimiter.
    let p = contentStart;
    while (p < text.length) {
      const l = lineAt(text, p);
      const c = text.charCodeAt(p);
      // Only a line starting `---` or `...` can close; skip the regex for the rest.
      const cm = c === 45 || c === 46 ? CLOSE.exec(text.slice(p, l.end)) : null;
      if (cm) {
        return {
          openStart, openEnd, contentStart, contentEnd: p, closeStart: p, closeEnd: l.end, bodyStart: l.next,
          terminated: true, leadingBlankLines, openTrailingSpace, closeTrailingSpace: cm[1].length > 0,
        };
      }
      if (l.next === p) break;
      p = l.next;
    }
    return {
      openStart, openEnd, contentStart, contentEnd: text.length, closeStart: text.length, closeEnd: text.length,
      bodyStart: text.length, terminated: false, leadingBlankLines, openTrailingSpace, closeTrailingSpace: false,
    };
  }
}

import type { Position, Range } from '../types';

/**
 * Offsets into a JS string are UTF-16 code units, which is exactly LSP's default
 * position encoding, so only line starts need computing. `\r\n`, `\r` and `\n`
 * all end a line, as in LSP.
 */
export class LineIndex {
  readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    // Most files end lines with `\n` alone: the native search is several times faster
    // than a loop over every character.
    if (text.indexOf('\r') === -1) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (c === 10 /* \n */) {
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    offset = Math.max(0, Math.min(offset, this.text.length));
    // Between the \r and the \n of a CRLF is no position an editor has: the line's end is.
    if (offset > 0 && this.text.charCodeAt(offset) === 10 && this.text.charCodeAt(offset - 1) === 13) offset--;
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo] };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line];
    const end = this.lineEnd(position.line);
    return Math.min(start + Math.max(0, position.character), end);
  }

  range(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  /** Offset of the end of the line's content, before its line break. */
  lineEnd(line: number): number {
    const next = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : this.text.length;
    let end = next;
    if (end > this.lineStarts[line] && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > this.lineStarts[line] && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  lineText(line: number): string {
    return this.text.slice(this.lineStarts[line], this.lineEnd(line));
  }

  /** Offset just past the line break of `line` (or end of text). */
  nextLineStart(line: number): number {
    return line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : this.text.length;
  }
}

/**
 * `end` moved back over one line break ending [start, end). YAML gives a block value
 * (`|`, `>`, an indented map or list) the line break after its last line; an edit that
 * replaces the value must leave that break to the next key.
 */
export function beforeFinalBreak(text: string, start: number, end: number): number {
  if (end > start && text.charCodeAt(end - 1) === 10) end--;
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  return end;
}

// Extractor: `#file:<path>` in the body, which GitHub Copilot in VS Code turns into an
// attached file (promptFileParser.ts, PromptBody: `#file:` then everything up to white
// space or `#`, any letter case; resolved against the folder of the file holding it).
import { isPlaceholder } from '../certainty';
import { type Builder, NOT_YET, isUrl, push } from './model';

/** A `/command` at the line's start (after `>` or a list marker): a chat prompt shown to the user, whose `#file:` is the user's. */
const CHAT_PROMPT = /^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+|\d{1,9}[.)][ \t]+)?\/[\w.-]+[ \t]/;

/** Where the next `#file:` at or after `from` starts (-1: none), searched once for many runs (as proseWords' marks are). */
export function nextFileMark(b: Builder, from: number): number {
  if (b.nextFileMark === undefined || b.nextFileMark === NOT_YET || (b.nextFileMark !== -1 && b.nextFileMark < from)) b.nextFileMark = fileMarkFrom(b.doc.text, from);
  return b.nextFileMark;
}

/**
 * The first `#file:` at or after `from`, in any letter case as VS Code's `/#file:/i`
 * (-1: none). Found with `indexOf('#')`: the case-insensitive regex search of the
 * whole text was one of the extraction's costliest steps. (`| 32` lowercases an ASCII letter and turns
 * no other character into it; without the `u` flag `/i` folds no other character.)
 */
export function fileMarkFrom(text: string, from: number): number {
  for (let at = text.indexOf('#', from); at !== -1; at = text.indexOf('#', at + 1)) {
    if ((text.charCodeAt(at + 1) | 32) === 102 /* f */ && (text.charCodeAt(at + 2) | 32) === 105 /* i */ && (text.charCodeAt(at + 3) | 32) === 108 /* l */ && (text.charCodeAt(at + 4) | 32) === 101 /* e */ && text.charCodeAt(at + 5) === 58 /* : */) return at;
  }
  return -1;
}

/**
 * The `#file:` mention at `at` (its `#`), on a line ending at `lineEnd`: its path runs to
 * white space or `#` as VS Code reads it, so `(see #file:x.md)` names `x.md)` there too.
 * `inBrackets`: a `[` is open before it. Returns where the line's scan goes on. A URL or a template (`#file:{{name}}`) is no
 * file; a mention in a chat prompt shown as an example (`/fix #file:app.ts`) counts only
 * when the file exists.
 */
export function fileMention(b: Builder, at: number, lineEnd: number, lineStart: number, inBrackets: boolean): number {
  const text = b.doc.text;
  const start = at + 6;
  let end = start;
  while (end < lineEnd) {
    const c = text.charCodeAt(end);
    // In a link's text the link wins (VS Code skips such a mention): the text ends at `]`.
    if ((inBrackets && c === 93) /* ] */ || c === 35 /* # */ || c === 32 || c === 9 || c === 13 || c === 10 || c === 0xa0 || (c > 127 && /\s/.test(text[end]))) break;
    end++;
  }
  if (end === start) return start;
  const raw = text.slice(start, end);
  if (isUrl(raw) || raw.includes('{{') || raw.includes('${')) return end;
  const example = CHAT_PROMPT.test(text.slice(lineStart, at));
  push(b, 'attachment', start, end, raw, { decode: false, base: 'file', tentative: example || isPlaceholder(raw) });
  return end;
}

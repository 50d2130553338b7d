// The block pass over a Markdown body for references: fences (core/markdown/fence.ts),
// indented code, list items, definitions, quotes, headings; each line's inline content
// goes to extract/inline.ts, shell blocks to extract/shellWords.ts.
import { likelyBodyStart } from '../document/likelyBodyStart';
import type { SkillDocument } from '../document/model';
import { fenceCloses, fenceOpen } from '../markdown/fence';
import type { LineIndex } from '../text/lineIndex';
import { allowedToolPaths, variablePaths } from './extract/agentVariables';
import { introducesTemplate } from './certainty';
import { type LineState, type PendingUsage, linkTarget, scanLine } from './extract/inline';
import { type Builder, LIST_ITEM, NOT_YET, Reference, SHELL_LANGUAGES, type SkillReference, mayStartListItem, normalizeLabel } from './extract/model';
import { shellWords } from './extract/shellWords';

export { isUrl, KNOWN_FOLDERS, normalizeLabel, SHELL_LANGUAGES, type ReferenceKind, type SkillReference } from './extract/model';

const DEFINITION = /^ {0,3}\[((?:[^\]\\]|\\.){1,999})\]:[ \t]*(?:<([^<>\n\r]*)>|(\S+))/;

/** `#` to `######` at `k`, then a blank or the line's end: an ATX heading (not `#tag`). */
function isAtxHeading(text: string, k: number, to: number): boolean {
  let n = 0;
  while (k + n < to && text.charCodeAt(k + n) === 35 /* # */) n++;
  const c = text.charCodeAt(k + n);
  return n <= 6 && (k + n >= to || c === 32 || c === 9);
}

/**
 * A line of a drawn folder tree: it starts (after its indentation) with a box-drawing
 * character (`├── x`, `│   └── y`) or with `|--`, `` `-- ``, `+--`.
 */
function isTreeLine(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  if (c >= 0x2500 && c <= 0x257f) return true;
  return (c === 124 /* | */ || c === 96 /* ` */ || c === 43) /* + */ && text.charCodeAt(k + 1) === 45 && text.charCodeAt(k + 2) === 45;
}

/** What may follow a definition's destination on its line: nothing, or a title (CommonMark 4.7). */
const DEFINITION_TAIL = /^(?:[ \t]*|[ \t]+(?:"[^"]*"|'[^']*'|\([^()]*\))[ \t]*|[ \t]+["'(].*)$/;

/** Lines that end a paragraph (a definition cannot interrupt one): headings, breaks, fences, blank. */
const NOT_PARAGRAPH = /^(?:[ \t]*$| {0,3}#{1,6}(?:[ \t]|$)| {0,3}(?:[-*_][ \t]*){3,}$| {0,3}(?:`{3,}|~{3,})| {0,3}(?:=+|-+)[ \t]*$)/;

/** The text of the last non-blank line before `line` (from `first` on), '' if none. */
function previousText(text: string, lines: LineIndex, line: number, first: number): string {
  for (let l = line - 1; l >= first; l--) {
    const t = text.slice(lines.lineStarts[l], lines.lineEnd(l));
    if (t.trim()) return t;
  }
  return '';
}

/**
 * Every reference in the document body, in text order. Skips the frontmatter.
 * `skillDir`: the skill's folder, when `doc` is another of its files (references/guide.md).
 */
export function extractReferences(doc: SkillDocument, skillDir?: string): SkillReference[] {
  const b: Builder = { doc, out: [], nextMark: NOT_YET, skillDir };
  allowedToolPaths(b);
  const text = doc.text;
  const lines = doc.lines;
  const bodyStart = likelyBodyStart(doc);
  const first = doc.lines.positionAt(bodyStart).line;
  /** Whether `line` would continue the paragraph of the line before it. */
  const continuesParagraph = (line: number): boolean => {
    if (line <= first) return false;
    const prev = text.slice(lines.lineStarts[line - 1], lines.lineEnd(line - 1));
    if (NOT_PARAGRAPH.test(prev)) return false;
    const def = prev.charCodeAt(prev.search(/\S/)) === 91 ? DEFINITION.exec(prev) : null;
    return !(def && DEFINITION_TAIL.test(prev.slice(def[0].length)));
  };
  const definitions = new Map<string, Reference>();
  const usages: PendingUsage[] = [];
  let fence: { char: string; len: number; shell: boolean; console: boolean; indent: number } | undefined;
  const state: LineState = { inComment: false, brackets: [], resume: 0, nextGt: NOT_YET, nextCommentEnd: NOT_YET };
  // The content column of the list item the lines belong to (CommonMark 5.2): a fence or
  // an indented code block inside an item is indented past it.
  let listIndent: number | undefined;
  let prevBlank = true;
  let prevQuote = false;
  let templateQuote = false;
  let inIndentedCode = false;
  for (let line = first; line < lines.lineCount; line++) {
    let from = Math.max(lines.lineStarts[line], bodyStart);
    const to = lines.lineEnd(line);
    if (state.resume > from) {
      // The rest of a tag that began on an earlier line.
      if (state.resume >= to) continue;
      from = state.resume;
      b.noProse = false;
      scanLine(b, from, to, usages, state);
      continue;
    }
    // Indentation in columns (a tab to the next multiple of 4) and the first other character.
    let k = from;
    let col = 0;
    while (k < to) {
      const c = text.charCodeAt(k);
      if (c === 32) col++;
      else if (c === 9) col += 4 - (col % 4);
      else break;
      k++;
    }
    if (k >= to) {
      prevBlank = true;
      // A blank line ends a block quote (and a quoted template with it).
      prevQuote = false;
      templateQuote = false;
      state.brackets.length = 0;
      continue;
    }
    const lead = text.charCodeAt(k);
    if (fence) {
      if ((lead === 96 /* ` */ || lead === 126) /* ~ */ && col <= fence.indent + 3 && fenceCloses(text.slice(k, to), fence)) {
        fence = undefined;
        prevBlank = false;
        continue;
      }
      // A folder tree drawn in a fence (`├── scripts/`) shows a layout, often another project's.
      if (fence.shell && !isTreeLine(text, k)) shellWords(b, 'shell', from, to, fence.console);
      else variablePaths(b, from, to);
      continue;
    }
    const base = listIndent ?? 0;
    const item = !state.inComment && col <= base + 3 && mayStartListItem(lead) ? LIST_ITEM.exec(text.slice(k, Math.min(to, k + 16))) : null;
    if (item) listIndent = col + item[0].length;
    else if (listIndent !== undefined && prevBlank && col < listIndent) listIndent = undefined;
    const container = item ? 0 : listIndent ?? 0;
    // Four columns past the container after a blank line: an indented code block, not Markdown.
    if (!state.inComment && !item && col >= container + 4 && (prevBlank || inIndentedCode)) {
      inIndentedCode = true;
      state.brackets.length = 0;
      prevBlank = false;
      continue;
    }
    inIndentedCode = false;
    prevBlank = false;
    // Fences start with ` or ~ (up to three columns past the container), definitions with [.
    const maybeFence = (lead === 96 /* ` */ || lead === 126) /* ~ */ && col <= container + 3;
    if (!state.inComment && (maybeFence || (lead === 91 /* [ */ && col <= 3))) {
      const lineText = text.slice(from, to);
      const open = maybeFence ? fenceOpen(text.slice(k, to)) : undefined;
      if (open) {
        const lang = open.info.toLowerCase();
        fence = { char: open.char, len: open.len, shell: SHELL_LANGUAGES.has(lang), console: lang === 'console' || lang === 'shellsession' || lang === 'shell-session', indent: container };
        b.cwdChanged = false;
        state.brackets.length = 0;
        continue;
      }
      const def = lead === 91 ? DEFINITION.exec(lineText) : null;
      // `[^1]: text` is a footnote, `[Note]: read this` text: neither is a definition.
      if (def && def[1][0] !== '^' && DEFINITION_TAIL.test(lineText.slice(def[0].length)) && !continuesParagraph(line)) {
        const value = def[2] ?? def[3];
        const valueStart = from + def[0].length - value.length - (def[2] !== undefined ? 1 : 0);
        const label = normalizeLabel(def[1]);
        const before = b.out.length;
        linkTarget(b, 'definition', valueStart, valueStart + value.length, label);
        if (b.out.length > before && !definitions.has(label)) definitions.set(label, b.out[b.out.length - 1]);
        state.brackets.length = 0;
        continue;
      }
    }
    // A heading or a new list item starts a new block: no link text goes on into it.
    // Nor into a table row, a thematic break or setext underline, or in or out of a quote.
    const heading = lead === 35 /* # */ && isAtxHeading(text, k, to);
    const quote = lead === 62; /* > */
    if (quote && !prevQuote) templateQuote = introducesTemplate(previousText(text, lines, line, first));
    else if (!quote) templateQuote = false;
    if (item || heading || (state.brackets.length && (lead === 124 /* | */ || quote !== prevQuote || NOT_PARAGRAPH.test(text.slice(from, to))))) state.brackets.length = 0;
    prevQuote = quote;
    b.noProse = heading;
    const before = b.out.length;
    scanLine(b, from, to, usages, state);
    // A quoted template ("Use this format:" then `> ![chart](chart.png)`) shows what to write elsewhere.
    if (templateQuote) for (let k = before; k < b.out.length; k++) b.out[k].tentative = true;
    if (heading) state.brackets.length = 0;
  }
  const inOrder = b.out.length;
  for (const u of usages) {
    const def = definitions.get(u.label);
    if (!def) continue;
    b.out.push(def.usedAt(u.start, u.end, u.label));
  }
  // Only reference-style links come out of order.
  return b.out.length > inOrder ? b.out.sort((x, y) => x.start - y.start) : b.out;
}

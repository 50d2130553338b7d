// The block pass over a Markdown body for references: fences (core/markdown/fence.ts),
// indented code, list items, definitions, quotes, headings; each line's inline content
// goes to extract/inline.ts, shell blocks to extract/shellWords.ts.
import { likelyBodyStart } from '../document/likelyBodyStart';
import type { SkillDocument } from '../document/model';
import { fenceCloses, fenceOpen } from '../markdown/fence';
import type { LineIndex } from '../text/lineIndex';
import { allowedToolPaths, variablePaths } from './extract/agentVariables';
import { introducesTemplate } from './certainty';
import { type LineState, type PendingUsage, clearBrackets, linkTarget, scanLine } from './extract/inline';
import { type Builder, NOT_YET, Reference, SHELL_LANGUAGES, type SkillReference, listItemLength, mayStartListItem, normalizeLabel } from './extract/model';
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

/** The block pass's state from line to line. */
interface BlockPass {
  b: Builder;
  text: string;
  lines: LineIndex;
  bodyStart: number;
  first: number;
  definitions: Map<string, Reference>;
  usages: PendingUsage[];
  fence: { char: string; code: number; len: number; shell: boolean; console: boolean; indent: number } | undefined;
  state: LineState;
  /** the content column of the list item the lines belong to (CommonMark 5.2): code inside it is indented past it */
  listIndent: number | undefined;
  prevBlank: boolean;
  prevQuote: boolean;
  /** the block quote is a template shown to copy ("Use this format:" above it) */
  templateQuote: boolean;
  inIndentedCode: boolean;
}

/**
 * Every reference in the document body, in text order. Skips the frontmatter.
 * `skillDir`: the skill's folder, when `doc` is another of its files (references/guide.md).
 *
 * Extracted once per document and skill folder: the reference checks, the script rules
 * and the editor features each ask for them (the check of one skill extracted them
 * twice, ~20% of a check of the bench corpus). Callers must not modify the list.
 */
export function extractReferences(doc: SkillDocument, skillDir?: string): SkillReference[] {
  for (const r of recent) if (r?.doc === doc && r.skillDir === skillDir) return r.refs;
  const refs = extractNow(doc, skillDir);
  recent[next] = { doc, skillDir, refs };
  next = (next + 1) % recent.length;
  return refs;
}

/**
 * The last few answers, not a WeakMap keyed by documents: V8's young-generation
 * collections treat a WeakMap's entries as live, so every document and its references
 * survived one more collection (10,000-skill bench corpus, one thread: 1.71 MB copied
 * per scavenge instead of 0.53, 210 scavenges instead of 187; d832673 did the same for
 * other memos). A check asks for SKILL.md twice in a row (script rules, then
 * references); an editor asks for the few documents it shows.
 */
const recent: ({ doc: SkillDocument; skillDir: string | undefined; refs: SkillReference[] } | undefined)[] = [undefined, undefined, undefined, undefined];
let next = 0;

function extractNow(doc: SkillDocument, skillDir?: string): SkillReference[] {
  // Every field set from the start: one object shape, so the extractors' property reads stay monomorphic.
  const b: Builder = { doc, out: [], cwdChanged: false, nextMark: NOT_YET, nextFileMark: NOT_YET, noProse: false, skillDir, names: undefined, projectPrefix: undefined, lineScan: undefined, shellLine: undefined };
  allowedToolPaths(b);
  const bodyStart = likelyBodyStart(doc);
  const p: BlockPass = {
    b, text: doc.text, lines: doc.lines, bodyStart, first: doc.lines.positionAt(bodyStart).line, definitions: new Map(), usages: [], fence: undefined,
    state: { inComment: false, brackets: [], resume: 0, nextGt: NOT_YET, nextCommentEnd: NOT_YET },
    listIndent: undefined, prevBlank: true, prevQuote: false, templateQuote: false, inIndentedCode: false,
  };
  for (let line = p.first; line < p.lines.lineCount; line++) blockLine(p, line);
  const inOrder = b.out.length;
  for (const u of p.usages) {
    const def = p.definitions.get(u.label);
    if (def) b.out.push(def.usedAt(u.start, u.end, u.label));
  }
  // Only reference-style links come out of order.
  return b.out.length > inOrder ? b.out.sort((x, y) => x.start - y.start) : b.out;
}

/** One line of the body: which block it belongs to, and its references. */
function blockLine(p: BlockPass, line: number): void {
  const { b, text, lines, state } = p;
  let from = Math.max(lines.lineStarts[line], p.bodyStart);
  const to = lines.lineEnd(line);
  if (state.resume > from) {
    // The rest of a tag that began on an earlier line.
    if (state.resume >= to) return;
    from = state.resume;
    b.noProse = false;
    return scanLine(b, from, to, p.usages, state);
  }
  const { k, col } = indentation(text, from, to);
  if (k >= to) {
    p.prevBlank = true;
    // A blank line ends a block quote (and a quoted template with it).
    p.prevQuote = p.templateQuote = false;
    clearBrackets(state);
    return;
  }
  const lead = text.charCodeAt(k);
  if (p.fence) return fencedLine(p, from, to, k, col, lead);
  const marker = !state.inComment && col <= (p.listIndent ?? 0) + 3 && mayStartListItem(lead) ? listItemLength(text, k, Math.min(to, k + 16)) : -1;
  const item = marker !== -1;
  if (item) p.listIndent = col + marker;
  else if (p.listIndent !== undefined && p.prevBlank && col < p.listIndent) p.listIndent = undefined;
  const container = item ? 0 : p.listIndent ?? 0;
  // Four columns past the container after a blank line: an indented code block, not Markdown.
  if (!state.inComment && !item && col >= container + 4 && (p.prevBlank || p.inIndentedCode)) {
    p.inIndentedCode = true;
    clearBrackets(state);
    p.prevBlank = false;
    return;
  }
  p.inIndentedCode = p.prevBlank = false;
  // Fences start with ` or ~ (up to three columns past the container), definitions with [.
  const maybeFence = (lead === 96 /* ` */ || lead === 126) /* ~ */ && col <= container + 3;
  if (!state.inComment && (maybeFence || (lead === 91 /* [ */ && col <= 3)) && fenceOrDefinition(p, line, from, to, k, maybeFence, container)) return;
  paragraphLine(p, line, from, to, k, lead, item);
}

/** Indentation in columns (a tab to the next multiple of 4) and the first other character. */
function indentation(text: string, from: number, to: number): { k: number; col: number } {
  let k = from;
  let col = 0;
  for (; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 32) col++;
    else if (c === 9) col += 4 - (col % 4);
    else break;
  }
  return { k, col };
}

/**
 * Three of `c` at `k`, which every fence's opening or closing run starts with: most lines
 * that start with a backtick start inline code, and need no slice and no regex.
 */
function isFenceRun(text: string, k: number, c: number): boolean {
  return text.charCodeAt(k + 1) === c && text.charCodeAt(k + 2) === c;
}

/** A line inside a fenced block: its closing fence, or shell words, or agent variable paths. */
function fencedLine(p: BlockPass, from: number, to: number, k: number, col: number, lead: number): void {
  const fence = p.fence!;
  if (lead === fence.code && col <= fence.indent + 3 && isFenceRun(p.text, k, lead) && fenceCloses(p.text.slice(k, to), fence)) {
    p.fence = undefined;
    p.prevBlank = false;
    return;
  }
  // A folder tree drawn in a fence (`├── scripts/`) shows a layout, often another project's.
  if (fence.shell && !isTreeLine(p.text, k)) shellWords(p.b, 'shell', from, to, fence.console);
  else variablePaths(p.b, from, to);
}

/** A fence's opening line or a link reference definition; false when the line is neither. */
function fenceOrDefinition(p: BlockPass, line: number, from: number, to: number, k: number, maybeFence: boolean, container: number): boolean {
  const { b, text, state } = p;
  const open = maybeFence && isFenceRun(text, k, text.charCodeAt(k)) ? fenceOpen(text.slice(k, to)) : undefined;
  if (open) {
    const lang = open.info.toLowerCase();
    p.fence = { char: open.char, code: open.char.charCodeAt(0), len: open.len, shell: SHELL_LANGUAGES.has(lang), console: lang === 'console' || lang === 'shellsession' || lang === 'shell-session', indent: container };
    b.cwdChanged = false;
    clearBrackets(state);
    return true;
  }
  // Most lines that start with `[` start a link: without `]:` there is no definition to parse.
  const lineText = text.charCodeAt(k) === 91 && hasLabelEnd(text, k, to) ? text.slice(from, to) : '';
  const def = lineText ? DEFINITION.exec(lineText) : null;
  // `[^1]: text` is a footnote, `[Note]: read this` text: neither is a definition.
  if (!def || def[1][0] === '^' || !DEFINITION_TAIL.test(lineText.slice(def[0].length)) || continuesParagraph(p, line)) return false;
  const value = def[2] ?? def[3];
  const valueStart = from + def[0].length - value.length - (def[2] !== undefined ? 1 : 0);
  const label = normalizeLabel(def[1]);
  const before = b.out.length;
  linkTarget(b, 'definition', valueStart, valueStart + value.length, label);
  if (b.out.length > before && !p.definitions.has(label)) p.definitions.set(label, b.out[b.out.length - 1]);
  clearBrackets(state);
  return true;
}

/** Whether `]:` is in `k`–`to`: every DEFINITION has it. */
function hasLabelEnd(text: string, k: number, to: number): boolean {
  for (let i = k + 1; i + 1 < to; i++) if (text.charCodeAt(i) === 93 /* ] */ && text.charCodeAt(i + 1) === 58 /* : */) return true;
  return false;
}

/** Whether `line` would continue the paragraph of the line before it. */
function continuesParagraph(p: BlockPass, line: number): boolean {
  if (line <= p.first) return false;
  const prev = p.text.slice(p.lines.lineStarts[line - 1], p.lines.lineEnd(line - 1));
  if (NOT_PARAGRAPH.test(prev)) return false;
  const def = prev.charCodeAt(prev.search(/\S/)) === 91 ? DEFINITION.exec(prev) : null;
  return !(def && DEFINITION_TAIL.test(prev.slice(def[0].length)));
}

/** A line of a paragraph, heading, list item, table or quote: its inline references. */
function paragraphLine(p: BlockPass, line: number, from: number, to: number, k: number, lead: number, item: boolean): void {
  const { b, text, state } = p;
  // A heading or a new list item starts a new block: no link text goes on into it.
  // Nor into a table row, a thematic break or setext underline, or in or out of a quote.
  const heading = lead === 35 /* # */ && isAtxHeading(text, k, to);
  const quote = lead === 62; /* > */
  if (quote && !p.prevQuote) p.templateQuote = introducesTemplate(previousText(text, p.lines, line, p.first));
  else if (!quote) p.templateQuote = false;
  if (item || heading || (state.brackets.length && (lead === 124 /* | */ || quote !== p.prevQuote || NOT_PARAGRAPH.test(text.slice(from, to))))) clearBrackets(state);
  p.prevQuote = quote;
  b.noProse = heading;
  const before = b.out.length;
  scanLine(b, from, to, p.usages, state);
  // A quoted template ("Use this format:" then `> ![chart](chart.png)`) shows what to write elsewhere.
  if (p.templateQuote) for (let j = before; j < b.out.length; j++) b.out[j].tentative = true;
  if (heading) clearBrackets(state);
}

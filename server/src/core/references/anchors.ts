import { fenceCloses, fenceOpen, type FenceOpen } from '../markdown/fence';
import { LineIndex } from '../text/lineIndex';
import type { Range } from '../types';

/** A place a `#fragment` can land on: a heading's slug or an explicit anchor. */
export interface Anchor {
  /** the id as GitHub generates it (or as written for explicit anchors) */
  id: string;
  /** the heading text (or the id for explicit anchors) */
  text: string;
  /** the heading line (or the anchor) */
  range: Range;
  kind: 'heading' | 'anchor';
  /** 1–6 for headings */
  level?: number;
}

/** GitHub's heading id: lowercase, punctuation except `-` and `_` dropped, spaces to `-`. */
export function githubSlug(text: string): string {
  // Headings are mostly ASCII: one pass over char codes instead of two Unicode regexes.
  let out = '';
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    // github-slugger keeps letters, marks, decimal digits and connectors: `²` and `½` go.
    if (c >= 128) return text.toLowerCase().replace(/[^\p{L}\p{M}\p{Nd}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    if (c >= 65 && c <= 90) c += 32;
    else if (c === 32) c = 45; /* ' ' → - */
    else if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 /* _ */ || c === 45)) /* - */ continue;
    out += String.fromCharCode(c);
  }
  return out;
}

/** GitHub's slugger: a repeated heading gets `-1`, `-2`, … */
export class Slugger {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const base = githubSlug(text);
    let id = base;
    let n = this.seen.get(base) ?? 0;
    if (this.seen.has(base)) {
      do id = `${base}-${++n}`;
      while (this.seen.has(id));
      this.seen.set(base, n);
    }
    this.seen.set(id, 0);
    return id;
  }
}

/** The text GitHub renders for a heading's inline Markdown (what its slug is made from). */
export function headingPlainText(md: string): string {
  // The link and tag patterns backtrack over an unclosed `(` or `<` to the end of the
  // text: quadratic, seconds for a heading of 100 KB. No one links to such a heading by
  // its slug; past this length its text is taken as written.
  md = md.trim();
  if (md.length > MAX_STRIPPED_HEADING) return md;
  // Not trimmed after: an image that drops out leaves its space (`![logo](x) Title` is `-title`).
  if (!md.includes('`')) return inlineText(md);
  // Code spans are text as written; only the parts around them are inline Markdown.
  let out = '';
  let i = 0;
  const span = /(`+)([\s\S]*?[^`])\1(?!`)/g;
  for (let m = span.exec(md); m; m = span.exec(md)) {
    out += inlineText(md.slice(i, m.index));
    const code = m[2];
    out += code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() ? code.slice(1, -1) : code;
    i = m.index + m[0].length;
  }
  return out + inlineText(md.slice(i));
}

/** Inline Markdown outside code spans as rendered text: images drop out, links keep their text. */
function inlineText(md: string): string {
  let s = md;
  if (s.includes('[')) {
    s = s.replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g, '');
    s = s.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1');
  }
  if (s.includes('<')) s = s.replace(/<\/?[A-Za-z][^>]*>/g, '');
  // Emphasis markers in pairs; a lone `_` (snake_case_) is text.
  if (s.includes('*')) s = s.replace(/(\*{1,3})(?=\S)([\s\S]*?\S)\1/g, '$2');
  if (s.includes('_')) s = s.replace(/(^|[^\p{L}\p{N}_])(_{1,3})(?=\S)([\s\S]*?\S)\2(?![\p{L}\p{N}_])/gu, '$1$3');
  if (s.includes('~~')) s = s.replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1');
  // Escapes last but before entities: `\_` is an underscore, `\&amp;` stays text.
  if (s.includes('\\')) s = s.replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => (c === '&' ? '\u0000' : c));
  if (s.includes('&')) s = s.replace(/&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g, (m, dec?: string, hex?: string, name?: string) => {
    if (name) return ENTITIES[name] ?? '\u00a9';
    const cp = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : m;
  });
  return s.replace(/\u0000/g, '&');
}

const MAX_STRIPPED_HEADING = 2048;

// Other named entities are symbols (`&copy;`, `&rarr;`) as far as a slug goes: they drop out.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A trailing `{#id}` (what `/\s*\{#([^\s}]+)\}\s*$/` finds, without its backtracking,
 * which on a heading of repeated `{#` took seconds): the start of the attribute
 * (white space before it included) and the id.
 */
export function explicitId(content: string): { index: number; id: string } | undefined {
  let close = content.length;
  while (close > 0 && isWhite(content.charCodeAt(close - 1))) close--;
  if (close === 0 || content.charCodeAt(close - 1) !== 125 /* } */) return undefined;
  close--;
  // The id holds no white space and no `}`: the leftmost `{#` after the last of them.
  let p = close - 1;
  while (p >= 0 && !isWhite(content.charCodeAt(p)) && content.charCodeAt(p) !== 125) p--;
  const open = content.indexOf('{#', p + 1);
  if (open === -1 || open + 2 >= close) return undefined;
  let index = open;
  while (index > 0 && isWhite(content.charCodeAt(index - 1))) index--;
  return { index, id: content.slice(open + 2, close) };
}

function isWhite(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c >= 128 && /\s/.test(String.fromCharCode(c)));
}
/**
 * `<a … id="x">` / `name`. The attributes stop at the next `<` too: on a line of `<a `
 * with no `>`, each try would otherwise run to the line's end (quadratic).
 */
const HTML_ANCHOR = /<a\s[^<>]*?\b(?:id|name)\s*=\s*(?:"([^"\r\n]+)"|'([^'\r\n]+)'|([^\s"'=<>`]+))/gi;

/** The first line after a leading frontmatter (0 when there is none). */
function afterFrontmatter(lines: LineIndex): number {
  if (!/^\uFEFF?---[ \t]*$/.test(lines.lineText(0))) return 0;
  for (let l = 1; l < lines.lineCount; l++) if (/^(---|\.\.\.)[ \t]*$/.test(lines.lineText(l))) return l + 1;
  return 0;
}

/** An ATX heading's text without its closing run of `#` (preceded by a space). */
function atxContent(h: string, marker: number): string {
  const content = h.slice(marker).trim();
  const closing = /(?:^|[ \t])#+$/.exec(content);
  return closing ? content.slice(0, closing.index).trim() : content;
}

/**
 * Headings (ATX and setext) and explicit anchors (`<a id>`, `<a name>`, `{#id}`) of a
 * Markdown text, skipping a leading frontmatter and fenced code. Linear in the text.
 */
export function collectAnchors(text: string, lines: LineIndex = new LineIndex(text)): Anchor[] {
  const out: Anchor[] = [];
  const slugger = new Slugger();
  let line = afterFrontmatter(lines);
  const src = lines.text;
  // The next `<a` from here on: lines before it need no anchor-tag scan.
  let nextTag = src.indexOf('<a');
  let fence: FenceOpen | undefined;
  let prevParagraph: number | undefined;
  let paragraphStart: number | undefined;
  for (; line < lines.lineCount; line++) {
    const from = lines.lineStarts[line];
    const to = lines.lineEnd(line);
    // The first character after up to three spaces decides which patterns can match.
    let k = from;
    while (k < to && k - from < 3 && src.charCodeAt(k) === 32) k++;
    const lead = k < to ? src.charCodeAt(k) : NaN;
    const mayFence = lead === 96 /* ` */ || lead === 126; /* ~ */
    if (fence) {
      if (mayFence && fenceCloses(src.slice(from, to), fence)) fence = undefined;
      continue;
    }
    const opened = mayFence ? fenceOpen(src.slice(from, to)) : undefined;
    if (opened) {
      fence = opened;
      prevParagraph = undefined;
      continue;
    }
    if (k === to) {
      // Blank (up to three spaces): it ends a paragraph, and nothing else needs it.
      prevParagraph = undefined;
      continue;
    }
    if (nextTag !== -1 && nextTag < from) nextTag = src.indexOf('<a', from);
    const hasTag = nextTag !== -1 && nextTag + 2 <= to;
    if (!hasTag && isProseLead(lead)) {
      // Most lines: a paragraph goes on, and nothing needs the line's text.
      if (prevParagraph === undefined || prevParagraph !== line - 1) paragraphStart = line;
      prevParagraph = prevParagraph === undefined ? line : prevParagraph === line - 1 ? line : undefined;
      continue;
    }
    const t = src.slice(from, to);
    if (hasTag) {
      const range = lineRange(line, t);
      HTML_ANCHOR.lastIndex = 0;
      for (let m = HTML_ANCHOR.exec(t); m; m = HTML_ANCHOR.exec(t)) {
        const id = m[1] ?? m[2] ?? m[3];
        out.push({ id, text: id, range, kind: 'anchor' });
      }
    }
    // A heading inside a quote or a list item (`> ## Note`, `- ## Step`) gets an id too.
    const inner = lead !== 35 && BLOCK_LEAD.has(lead) ? CONTAINER.exec(t) : null;
    const h = inner ? t.slice(inner[0].length) : t;
    const atx = lead === 35 /* # */ || (inner && h.trimStart().charCodeAt(0) === 35) ? /^ {0,3}(#{1,6})(?=[ \t]|$)/.exec(h) : null;
    if (atx) {
      addHeading(out, slugger, atxContent(h, atx[0].length), lineRange(line, t), atx[1].length);
      prevParagraph = undefined;
      continue;
    }
    const setext = (lead === 61 /* = */ || lead === 45) /* - */ && prevParagraph !== undefined ? /^ {0,3}(=+|-+)[ \t]*$/.exec(t) : null;
    if (setext && prevParagraph !== undefined) {
      // Every line of the paragraph is the heading's text (GitHub joins them with a line break).
      const first = paragraphStart !== undefined && paragraphStart <= prevParagraph ? paragraphStart : prevParagraph;
      const textLine = Array.from({ length: prevParagraph - first + 1 }, (_, k) => lines.lineText(first + k).trim()).join('\n');
      const r = { start: { line: first, character: 0 }, end: { line, character: t.length } };
      addHeading(out, slugger, textLine, r, setext[1][0] === '=' ? 1 : 2);
      prevParagraph = undefined;
      continue;
    }
    const blank = t.trim() === '';
    // (Only these leads can start a list item, quote, table or HTML block.)
    const block = BLOCK_LEAD.has(lead) && /^ {0,3}([-*+]\s|\d+[.)]\s|>|\||<)/.test(t);
    if (!blank && !block && (prevParagraph === undefined || prevParagraph !== line - 1)) paragraphStart = line;
    prevParagraph = blank || block ? undefined : prevParagraph === undefined ? line : prevParagraph === line - 1 ? line : undefined;
  }
  return out;
}

/** Quote markers and list item markers before a line's content. */
const CONTAINER = /^ {0,3}(?:(?:>[ \t]?)+|(?:[-*+]|\d{1,9}[.)])[ \t]+)(?:(?:>[ \t]?)+|(?:[-*+]|\d{1,9}[.)])[ \t]+)*/;

/** `- * + 0-9 > | <` */
const BLOCK_LEAD = new Set([45, 42, 43, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 62, 124, 60]);

/** A line starting so is neither blank nor a heading or block start: a paragraph line. */
function isProseLead(lead: number): boolean {
  return lead > 32 && lead < 127 && lead !== 35 /* # */ && lead !== 61 /* = */ && !BLOCK_LEAD.has(lead);
}

function lineRange(line: number, t: string): Range {
  return { start: { line, character: 0 }, end: { line, character: t.length } };
}

function addHeading(out: Anchor[], slugger: Slugger, content: string, range: Range, level: number): void {
  const explicit = explicitId(content);
  if (explicit) {
    content = content.slice(0, explicit.index);
    out.push({ id: explicit.id, text: content, range, kind: 'anchor', level });
  }
  const plain = headingPlainText(content);
  out.push({ id: slugger.slug(plain), text: plain, range, kind: 'heading', level });
}

/** Whether `fragment` names one of the anchors (case-insensitive, as GitHub resolves them). */
export function findAnchor(anchors: readonly Anchor[], fragment: string): Anchor | undefined {
  const f = fragment.toLowerCase();
  return anchors.find((a) => a.id === fragment) ?? anchors.find((a) => a.id.toLowerCase() === f);
}

// The inline scan of one Markdown line outside code: links and images (inline, reference
// usages), HTML `src`/`href`, inline code spans (handed to the code extractors), comments.
import { isOutputLead } from '../certainty';
import { type Builder, LIST_ITEM, NOT_YET, type ReferenceKind, SCHEME, isUrl, mayStartListItem, normalizeLabel, push, skillPrefixLength } from './model';
import { fileMention, nextFileMark } from './fileMentions';
import { dropProseAfter, proseWords } from './prose';
import { shellWords } from './shellWords';

export const HTML_ATTR = /\s(href|src)\s*=\s*(?:"([^"\r\n]*)"|'([^'\r\n]*)'|([^\s"'>]+))/gi;

/** A link destination (Markdown or HTML): URLs, templates and empty targets are not files. */
export function linkTarget(b: Builder, kind: ReferenceKind, start: number, end: number, label?: string): void {
  const raw = b.doc.text.slice(start, end);
  if (!raw || raw === '#' || isUrl(raw)) return;
  if ((raw.includes('{{') || raw.includes('${') || raw.includes('{%')) && !skillPrefixLength(b, raw)) return;
  push(b, kind, start, end, raw, { decode: true, base: 'file', label });
}

/** How far the last failed inlineDestination read: what it cost (scanLine budgets it). */
export let failedAt = 0;

/** Parses `(dest "title")` starting at the `(`; returns the destination offsets and the end. */
export function inlineDestination(text: string, open: number, lineEnd: number): { start: number; end: number; close: number } | undefined {
  let j = open + 1;
  while (j < lineEnd && (text[j] === ' ' || text[j] === '\t')) j++;
  let start: number;
  let end: number;
  if (text[j] === '<') {
    start = j + 1;
    let k = start;
    while (k < lineEnd && text[k] !== '>' && text[k] !== '<') k += text[k] === '\\' ? 2 : 1;
    if (k >= lineEnd || text[k] !== '>') return void (failedAt = k);
    end = k;
    j = k + 1;
  } else {
    start = j;
    let depth = 0;
    while (j < lineEnd) {
      const c = text[j];
      if (c === '\\') {
        j += 2;
        continue;
      }
      if (c === ' ' || c === '\t') break;
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
      j++;
    }
    end = Math.min(j, lineEnd);
  }
  while (j < lineEnd && (text[j] === ' ' || text[j] === '\t')) j++;
  if (text[j] === '"' || text[j] === "'" || text[j] === '(') {
    const closeChar = text[j] === '(' ? ')' : text[j];
    j++;
    while (j < lineEnd && text[j] !== closeChar) j += text[j] === '\\' ? 2 : 1;
    if (j >= lineEnd) return void (failedAt = j);
    j++;
    while (j < lineEnd && (text[j] === ' ' || text[j] === '\t')) j++;
  }
  if (j >= lineEnd || text[j] !== ')') return void (failedAt = j);
  return { start, end, close: j };
}

/**
 * CommonMark autolink content: a scheme, then no white space and no `<`. Stops at the
 * first `<`, so a run of `<` before one `>` is read once, not once per `<`.
 */
export function isAutolink(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 60 /* < */ || c <= 32 || (c >= 128 && /\s/.test(text[k]))) return false;
  }
  return SCHEME.test(text.slice(from, Math.min(to, from + 64)));
}

/** `/\s/.test(text.slice(from, to).trim())`: whitespace between two other characters. */
export function hasInnerSpace(text: string, from: number, to: number): boolean {
  let word = false;
  let gap = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || (c >= 9 && c <= 13) || (c >= 128 && /\s/.test(text[i]));
    if (!space) {
      if (gap) return true;
      word = true;
    } else if (word) gap = true;
  }
  return false;
}

export interface PendingUsage {
  label: string;
  start: number;
  end: number;
}

/**
 * CommonMark: a link label holds at most 999 characters. Longer bracket pairs are no
 * reference usages, and skipping them keeps nested brackets (`[[[…]]]`) linear.
 */
export const MAX_LABEL = 999;

/**
 * Words that introduce examples (`e.g. \`references/your-topic.md\``): paths in inline
 * code after them on the line are illustrations.
 */
export const EXAMPLE = /\b(?:e\.g\.|(?:for example|for instance|such as)\b)|\bexamples?\**\s*:/i;

/** Hypotheticals (`A \`scripts/rotate.py\` script would be helpful`): every path of the line is one. */
export const HYPOTHETICAL = /\b(?:would|could) be\b/i;

/** What every match of EXAMPLE or HYPOTHETICAL holds. */
const MAY_HAVE_EXAMPLE = /\b(?:e\.g\.|for example|for instance|such as|example|(?:would|could) be)/i;

/**
 * Where a line's examples start: its start when it is hypothetical, the first example
 * word, or Infinity. Only the line's prose counts (`examples/demo.py` in code is no such word).
 */
export function exampleStart(text: string, from: number, to: number): number {
  const line = text.slice(from, to);
  // Blanking the code spans only removes matches (the spans' ends are backticks,
  // which are no word characters, and a blank run is longer than the one blank the
  // words hold): most lines fail the test before the blanking, and need none.
  if (!MAY_HAVE_EXAMPLE.test(line)) return Infinity;
  const prose = line.replace(/`+[^`]*`+/g, (m) => ' '.repeat(m.length));
  if (HYPOTHETICAL.test(prose)) return from;
  const m = EXAMPLE.exec(prose);
  return m ? from + m.index : Infinity;
}

/** Characters scanLine skips: all but \ ` < [ ] (and line breaks, so a run ends with its line). */
export const PLAIN_RUN = /[^\\`<[\]\r\n]*/y;

/** What one line's scan leaves to the next lines of the same paragraph. */
export interface LineState {
  /** an HTML comment is still open */
  inComment: boolean;
  /**
   * `[` not yet closed, oldest first: link text may go on over the paragraph's next
   * lines (`[the full\nguide](references/guide.md)`). Cleared where a paragraph ends.
   */
  brackets: number[];
  /** where the next line's scan starts: past a tag that went on over several lines */
  resume: number;
  /** the first `>` at or after the last place gtFrom looked (-1: none after it; NOT_YET) */
  nextGt: number;
  /** the same for `-->` (commentEndFrom) */
  nextCommentEnd: number;
}

/**
 * Forgets the open brackets: a block or a link ended. Most lines have none, and setting
 * an array's length is a call into the runtime even when it is 0 already.
 */
export function clearBrackets(state: LineState): void {
  if (state.brackets.length) state.brackets.length = 0;
}

/** Lines an HTML tag may go on over (`<img\n  src="…"\n  alt="…">`). */
export const MAX_TAG_LINES = 16;

/**
 * The first `>` at or after `pos` (-1: none). Lines are scanned in order, so one search
 * serves many positions: a text of `<` without `>` is not searched to its end per `<`.
 */
export function gtFrom(text: string, pos: number, state: LineState): number {
  if (state.nextGt === NOT_YET || (state.nextGt !== -1 && state.nextGt < pos)) state.nextGt = text.indexOf('>', pos);
  return state.nextGt;
}

/** The first `-->` at or after `pos` (-1: none), searched once for many lines as gtFrom is. */
export function commentEndFrom(text: string, pos: number, state: LineState): number {
  if (state.nextCommentEnd === NOT_YET || (state.nextCommentEnd !== -1 && state.nextCommentEnd < pos)) state.nextCommentEnd = text.indexOf('-->', pos);
  return state.nextCommentEnd;
}

/** `href=` or `src=` after white space: an attribute that names a file. */
export const LINK_ATTR = /\s(?:href|src)\s*=/gi;

/**
 * The first `>` on the lines after the one ending at `lineEnd`, for a tag left open on
 * that line: within a few lines and before a blank line (which ends the paragraph, and
 * a tag with it); -1 when there is none.
 */
export function tagEndOnNextLines(text: string, lineEnd: number, state: LineState): number {
  let nl = text.indexOf('\n', lineEnd);
  if (nl === -1) return -1;
  // One search serves every later line: lines are scanned in order.
  const gt = gtFrom(text, nl + 1, state);
  if (gt === -1) return -1;
  for (let n = 0; n < MAX_TAG_LINES; n++) {
    let k = nl + 1;
    while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9 || text.charCodeAt(k) === 13)) k++;
    if (k >= text.length || text.charCodeAt(k) === 10) return -1;
    // A line that starts a block (a list item, heading, fence, quote, table row,
    // definition) ends the paragraph, and the tag with it.
    if (k !== gt && startsBlock(text, k)) return -1;
    nl = text.indexOf('\n', nl + 1);
    if (nl === -1 || gt < nl) return gt;
  }
  return -1;
}

/** `#`, a backtick or `~`, `>`, `|`, `[` or a list item's marker at `k`: the start of a block. */
export function startsBlock(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  if (c === 35 || c === 96 || c === 126 || c === 62 || c === 124 || c === 91) return true;
  return mayStartListItem(c) && LIST_ITEM.test(text.slice(k, k + 16));
}

/** Elements whose `src`/`href` names a file: only these are read over several lines. */
export const LINKING_TAG = /^<(?:img|a|source|video|audio|iframe|embed|link|script|track|object|image)[\s>]/i;

/** One line's scan: where it is, and what its handlers look up once per line. */
interface LineScan {
  b: Builder;
  text: string;
  from: number;
  to: number;
  usages: PendingUsage[];
  state: LineState;
  /**
   * A `](` whose destination never closes is read to the line's end, and the next one
   * again: `[a](b` repeated made a 160 KB line take seconds. Failed reads get a budget of
   * a few times the line; past it, a `](` on this line is no longer taken for a link.
   */
  budget: number;
  /** where the line's examples start (its start for a hypothetical line, Infinity: none); found on first need */
  examplesFrom: number | undefined;
  /** the next `>` at or after a position (`to` when the line has none): a line of `<` without any searched once */
  nextGt: number;
  /** the same for a tag left open at the line's end (-2: not looked for yet) */
  gtBelow: number;
  /** where the line's last `href=`/`src=` starts (-2: not looked for yet) */
  lastLinkAttr: number;
  /** the same for the lines down to gtBelow */
  lastAttrBelow: number;
}

/** The line's scan stops here (the rest is a comment, or a tag going on below). */
const STOP = -1;

/** Scans one line of Markdown outside fenced code, carrying `state` to the next line. */
export function scanLine(b: Builder, from: number, to: number, usages: PendingUsage[], state: LineState): void {
  const text = b.doc.text;
  // One scan object per document, reset per line: a line is scanned in well under a microsecond.
  const s = (b.lineScan ??= { b, text, from, to, usages, state, budget: 0, examplesFrom: undefined, nextGt: -1, gtBelow: -2, lastLinkAttr: -2, lastAttrBelow: -2 }) as LineScan;
  s.from = from;
  s.to = to;
  s.usages = usages;
  s.state = state;
  s.budget = 2 * (to - from) + 4096;
  s.examplesFrom = undefined;
  s.nextGt = -1;
  s.gtBelow = s.lastLinkAttr = s.lastAttrBelow = -2;
  let i = from;
  if (state.inComment) {
    const close = commentEndFrom(text, from, state);
    if (close === -1 || close >= to) return;
    state.inComment = false;
    i = close + 3;
  }
  while (i < to) {
    let c = text.charCodeAt(i);
    // Only \ ` < [ ] matter: skip everything else quickly (a regex scan beats a loop).
    if (c !== 92 && c !== 96 && c !== 60 && c !== 91 && c !== 93) {
      // A run of other characters, stopped by a special one or a line break at the latest.
      PLAIN_RUN.lastIndex = i;
      PLAIN_RUN.test(text);
      const runEnd = Math.min(PLAIN_RUN.lastIndex, to);
      const mark = nextFileMark(b, i);
      if (mark !== -1 && mark < runEnd) {
        // `#file:x` (VS Code attaches x): its path may go on past the run's end.
        proseWords(b, i, mark);
        i = fileMention(b, mark, to, b.doc.lines.lineStarts[b.doc.lines.positionAt(from).line], state.brackets.length > 0);
        continue;
      }
      proseWords(b, i, runEnd);
      i = PLAIN_RUN.lastIndex;
      if (i >= to) break;
      c = text.charCodeAt(i);
      if (c !== 92 && c !== 96 && c !== 60 && c !== 91 && c !== 93) {
        i++;
        continue;
      }
    }
    if (c === 92 /* \\ */) i += 2;
    else if (c === 96 /* ` */) i = codeSpan(s, i);
    else if (c === 60 /* < */) i = angle(s, i);
    else if (c === 91 /* [ */) state.brackets.push(i++);
    else if (state.brackets.length) i = closeBracket(s, i);
    else i++;
    if (i === STOP) return;
  }
}

/** A code span at `i` (its run of backticks): the paths in it; returns where the scan goes on. */
function codeSpan(s: LineScan, i: number): number {
  const { b, text, to } = s;
  let n = 1;
  while (text[i + n] === '`') n++;
  const close = closingRun(text, i + n, to, n);
  if (close === -1) return i + n;
  let cs = i + n;
  let ce = close;
  if (text[cs] === ' ' && text[ce - 1] === ' ' && ce - cs > 2) {
    cs++;
    ce--;
  }
  const before = b.out.length;
  shellWords(b, 'code', cs, ce, false);
  if (b.out.length > before) spanPaths(s, i, cs, ce, before);
  return close + n;
}

/** The start of the run of exactly `n` backticks that closes a code span, on this line; -1 if none. */
function closingRun(text: string, k: number, to: number, n: number): number {
  while (k < to) {
    const at = text.indexOf('`', k);
    if (at === -1 || at >= to) return -1;
    let m = 1;
    while (text[at + m] === '`') m++;
    if (m === n) return at;
    k = at + m;
  }
  return -1;
}

/** What the line around a code span (`cs`–`ce`, opened at `i`) says of the paths found in it from `before` on. */
function spanPaths(s: LineScan, i: number, cs: number, ce: number, before: number): void {
  const { b, text, from, to } = s;
  // A lone path in inline code is a mention, not a command (unless written `./x`).
  if (!hasInnerSpace(text, cs, ce)) for (let k = before; k < b.out.length; k++) b.out[k].executed &&= b.out[k].dotSlash;
  // `Examples: `references/finance.md` for schemas` shows what a skill may hold (a
  // skill about writing skills): such a path counts only if it exists. A path
  // before the example word is the line's own (`run `x.sh` (e.g. `y.sh --fast`)`).
  const example = cs >= (s.examplesFrom ??= exampleStart(text, from, to));
  // "save the icons to `assets/icons/`": where output goes, a file only once written.
  if (example || isOutputLead(text.slice(Math.max(from, i - 80), i))) for (let k = before; k < b.out.length; k++) b.out[k].tentative = true;
}

/** A `<` at `i`: a comment, an HTML tag (its src/href), an autolink or text; returns where the scan goes on, or STOP. */
function angle(s: LineScan, i: number): number {
  const { text, to, state } = s;
  if (text.startsWith('<!--', i)) {
    const close = commentEndFrom(text, i + 4, state);
    if (close === -1 || close >= to) {
      state.inComment = true;
      return STOP;
    }
    return close + 3;
  }
  if (s.nextGt < i) {
    s.nextGt = gtFrom(text, i, state);
    if (s.nextGt === -1 || s.nextGt > to) s.nextGt = to;
  }
  const gt = s.nextGt < to ? s.nextGt : -1;
  const isTag = /^<[A-Za-z][A-Za-z0-9-]*[\s/>]/.test(text.slice(i, Math.min(to, i + 40)) + ' ');
  if (isTag) {
    const next = htmlTag(s, i, gt);
    if (next !== undefined) return next;
  }
  // Autolinks `<https://…>` and stray `<` are not file references.
  return gt !== -1 && isAutolink(text, i + 1, gt) ? gt + 1 : i + 1;
}

/** An HTML tag at `i` whose `>` is at `gt` (-1: not on this line); undefined when it counts as text. */
function htmlTag(s: LineScan, i: number, gt: number): number | undefined {
  const { b, text, to, state } = s;
  // A tag may go on over the next lines: `<img` here, ` src="…">` below. It is read
  // to its `>`, and the next line's scan starts after it.
  const below = gt === -1 ? tagEndBelow(s, i) : -1;
  const end = below !== -1 ? below : gt === -1 ? to : gt;
  // A tag whose `>` is not found counts only with an href or src on its line:
  // `Replace <your-token in the header; see [auth](x.md)` is text with a link.
  if (gt === -1 && below === -1 && lastAttrOf(s, i) <= i) return undefined;
  const tag = text.slice(i, end);
  HTML_ATTR.lastIndex = 0;
  for (let m = HTML_ATTR.exec(tag); m; m = HTML_ATTR.exec(tag)) {
    const value = m[2] ?? m[3] ?? m[4];
    const valueStart = i + m.index + m[0].length - value.length - (m[4] === undefined ? 1 : 0);
    linkTarget(b, 'html', valueStart, valueStart + value.length);
  }
  if (below === -1) return end;
  state.resume = end + 1;
  return STOP;
}

/** The `>` below the line of a linking tag at `i` left open there, when the tag names a file before it; -1 otherwise. */
function tagEndBelow(s: LineScan, i: number): number {
  const { text, to, state } = s;
  if (!LINKING_TAG.test(text.slice(i, Math.min(to, i + 12)) + ' ')) return -1;
  if (s.gtBelow === -2) s.gtBelow = tagEndOnNextLines(text, to, state);
  if (s.gtBelow === -1) return -1;
  // Only a tag that names a file in it: `a <b` in prose reads on as text. (The last
  // href/src before that `>`, found once: every `<` here ends there.)
  if (s.lastAttrBelow === -2) s.lastAttrBelow = lastMatch(LINK_ATTR, text.slice(i, s.gtBelow), i);
  return s.lastAttrBelow > i ? s.gtBelow : -1;
}

/** Where the line's last `href=`/`src=` from `i` on starts (-1: none), found once per line. */
function lastAttrOf(s: LineScan, i: number): number {
  if (s.lastLinkAttr === -2) s.lastLinkAttr = lastMatch(LINK_ATTR, s.text.slice(i, s.to), i);
  return s.lastLinkAttr;
}

/** Offset (plus `base`) of the last match of the global `re` in `text`; -1 if none. */
function lastMatch(re: RegExp, text: string, base: number): number {
  let last = -1;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) last = base + m.index;
  return last;
}

/** A `]` at `i` closing the bracket opened last: a link, an image, a reference usage; returns where the scan goes on. */
function closeBracket(s: LineScan, i: number): number {
  const { b, text, to, usages } = s;
  const stack = s.state.brackets;
  const open = stack.pop()!;
  const next = text[i + 1];
  if (next === '(' && s.budget > 0) {
    const d = inlineDestination(text, i + 1, to);
    if (!d) {
      s.budget -= failedAt - i;
      return i + 1;
    }
    const kind = text[open - 1] === '!' ? 'image' : 'link';
    dropProseAfter(b, open);
    linkTarget(b, kind, d.start, d.end);
    // A link contains no link, but may contain an image: `[![logo](x.png)](y.md)`.
    if (kind === 'link') clearBrackets(s.state);
    return d.close + 1;
  }
  if (next === '[') {
    const close = text.indexOf(']', i + 2);
    if (close === -1 || close >= to || close - i - 2 > MAX_LABEL) return i + 1;
    dropProseAfter(b, open);
    const inner = text.slice(i + 2, close);
    const full = !!inner.trim();
    usages.push({ label: normalizeLabel(full ? inner : text.slice(open + 1, i)), start: full ? i + 2 : open + 1, end: full ? close : i });
    clearBrackets(s.state);
    return close + 1;
  }
  if (next !== ':' && i > open + 1 && i - open - 1 <= MAX_LABEL) usages.push({ label: normalizeLabel(text.slice(open + 1, i)), start: open + 1, end: i });
  return i + 1;
}

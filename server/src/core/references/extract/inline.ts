// The inline scan of one Markdown line outside code: links and images (inline, reference
// usages), HTML `src`/`href`, inline code spans (handed to the code extractors), comments.
import { isOutputLead } from '../certainty';
import { type Builder, LIST_ITEM, NOT_YET, type ReferenceKind, SCHEME, isUrl, mayStartListItem, normalizeLabel, push, skillPrefixLength } from './model';
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

/**
 * Where a line's examples start: its start when it is hypothetical, the first example
 * word, or Infinity. Only the line's prose counts (`examples/demo.py` in code is no such word).
 */
export function exampleStart(text: string, from: number, to: number): number {
  const prose = text.slice(from, to).replace(/`+[^`]*`+/g, (m) => ' '.repeat(m.length));
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

/** Scans one line of Markdown outside fenced code, carrying `state` to the next line. */
export function scanLine(b: Builder, from: number, to: number, usages: PendingUsage[], state: LineState): void {
  const text = b.doc.text;
  const stack = state.brackets;
  let i = from;
  // A `](` whose destination never closes is read to the line's end, and the next one
  // again: `[a](b` repeated made a 160 KB line take seconds. Failed reads get a budget of
  // a few times the line; past it, a `](` on this line is no longer taken for a link.
  let budget = 2 * (to - from) + 4096;
  // Where the line's examples start (looked at when it has a path in inline code):
  // its start for a hypothetical line, Infinity for a line with none.
  let examplesFrom: number | undefined;
  // The next `>` at or after a position (`to` when the line has none): each `<` looks
  // for one, and a line of `<` without any made every search run to the text's end.
  let nextGt = -1;
  // The same for a tag left open at the line's end (-2: not looked for yet).
  let gtBelow = -2;
  // Where the line's last `href=`/`src=` starts (-2: not looked for yet): a tag with no
  // `>` counts when one follows it, and each `<` must not search the line again.
  let lastLinkAttr = -2;
  // The same for the lines down to gtBelow.
  let lastAttrBelow = -2;
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
      proseWords(b, i, Math.min(PLAIN_RUN.lastIndex, to));
      i = PLAIN_RUN.lastIndex;
      if (i >= to) break;
      c = text.charCodeAt(i);
      if (c !== 92 && c !== 96 && c !== 60 && c !== 91 && c !== 93) {
        i++;
        continue;
      }
    }
    if (c === 92 /* \\ */) {
      i += 2;
      continue;
    }
    if (c === 96 /* ` */) {
      let n = 1;
      while (text[i + n] === '`') n++;
      // The closing run has exactly n backticks, on this line.
      let k = i + n;
      let close = -1;
      while (k < to) {
        const at = text.indexOf('`', k);
        if (at === -1 || at >= to) break;
        let m = 1;
        while (text[at + m] === '`') m++;
        if (m === n) {
          close = at;
          break;
        }
        k = at + m;
      }
      if (close === -1) {
        i += n;
        continue;
      }
      let cs = i + n;
      let ce = close;
      if (text[cs] === ' ' && text[ce - 1] === ' ' && ce - cs > 2) {
        cs++;
        ce--;
      }
      const before = b.out.length;
      shellWords(b, 'code', cs, ce, false);
      // A lone path in inline code is a mention, not a command (unless written `./x`).
      if (b.out.length > before && !hasInnerSpace(text, cs, ce)) for (let k = before; k < b.out.length; k++) b.out[k].executed &&= b.out[k].dotSlash;
      // `Examples: `references/finance.md` for schemas` shows what a skill may hold (a
      // skill about writing skills): such a path counts only if it exists. A path
      // before the example word is the line's own (`run `x.sh` (e.g. `y.sh --fast`)`).
      if (b.out.length > before && cs >= (examplesFrom ??= exampleStart(text, from, to))) for (let k = before; k < b.out.length; k++) b.out[k].tentative = true;
      // "save the icons to `assets/icons/`": where output goes, a file only once written.
      if (b.out.length > before && isOutputLead(text.slice(Math.max(from, i - 80), i))) for (let k = before; k < b.out.length; k++) b.out[k].tentative = true;
      i = close + n;
      continue;
    }
    if (c === 60 /* < */) {
      if (text.startsWith('<!--', i)) {
        const close = commentEndFrom(text, i + 4, state);
        if (close === -1 || close >= to) {
          state.inComment = true;
          return;
        }
        i = close + 3;
        continue;
      }
      if (nextGt < i) {
        nextGt = gtFrom(text, i, state);
        if (nextGt === -1 || nextGt > to) nextGt = to;
      }
      let gt = nextGt < to ? nextGt : -1;
      const isTag = /^<[A-Za-z][A-Za-z0-9-]*[\s/>]/.test(text.slice(i, Math.min(to, i + 40)) + ' ');
      // A tag may go on over the next lines: `<img` here, ` src="…">` below. It is read
      // to its `>`, and the next line's scan starts after it.
      let across = false;
      if (isTag && gt === -1 && LINKING_TAG.test(text.slice(i, Math.min(to, i + 12)) + ' ')) {
        if (gtBelow === -2) gtBelow = tagEndOnNextLines(text, to, state);
        // Only a tag that names a file in it: `a <b` in prose reads on as text. (The
        // last href/src before that `>`, found once: every `<` here ends there.)
        if (gtBelow !== -1 && lastAttrBelow === -2) {
          lastAttrBelow = -1;
          const span = text.slice(i, gtBelow);
          LINK_ATTR.lastIndex = 0;
          for (let m = LINK_ATTR.exec(span); m; m = LINK_ATTR.exec(span)) lastAttrBelow = i + m.index;
        }
        if (gtBelow !== -1 && lastAttrBelow > i) {
          gt = gtBelow;
          across = true;
        }
      }
      const tagEnd = gt === -1 ? to : gt;
      // A tag whose `>` is not found counts only with an href or src on its line:
      // `Replace <your-token in the header; see [auth](x.md)` is text with a link.
      const tag = isTag ? text.slice(i, tagEnd) : undefined;
      if (tag !== undefined && gt === -1 && lastLinkAttr === -2) {
        lastLinkAttr = -1;
        const line = text.slice(i, to);
        LINK_ATTR.lastIndex = 0;
        for (let m = LINK_ATTR.exec(line); m; m = LINK_ATTR.exec(line)) lastLinkAttr = i + m.index;
      }
      if (tag !== undefined && (gt !== -1 || lastLinkAttr > i)) {
        HTML_ATTR.lastIndex = 0;
        for (let m = HTML_ATTR.exec(tag); m; m = HTML_ATTR.exec(tag)) {
          const value = m[2] ?? m[3] ?? m[4];
          const valueStart = i + m.index + m[0].length - value.length - (m[4] === undefined ? 1 : 0);
          linkTarget(b, 'html', valueStart, valueStart + value.length);
        }
        if (across) {
          state.resume = tagEnd + 1;
          return;
        }
        i = tagEnd;
        continue;
      }
      // Autolinks `<https://…>` and stray `<` are not file references.
      if (gt !== -1 && isAutolink(text, i + 1, gt)) {
        i = gt + 1;
        continue;
      }
      i++;
      continue;
    }
    if (c === 91 /* [ */) {
      stack.push(i);
      i++;
      continue;
    }
    if (c === 93 /* ] */ && stack.length) {
      const open = stack.pop()!;
      const next = text[i + 1];
      if (next === '(' && budget > 0) {
        const d = inlineDestination(text, i + 1, to);
        if (!d) budget -= failedAt - i;
        if (d) {
          const kind = text[open - 1] === '!' ? 'image' : 'link';
          dropProseAfter(b, open);
          linkTarget(b, kind, d.start, d.end);
          // A link contains no link, but may contain an image: `[![logo](x.png)](y.md)`.
          if (kind === 'link') stack.length = 0;
          i = d.close + 1;
          continue;
        }
      } else if (next === '[') {
        const close = text.indexOf(']', i + 2);
        if (close !== -1 && close < to && close - i - 2 <= MAX_LABEL) {
          dropProseAfter(b, open);
          const inner = text.slice(i + 2, close);
          const label = inner.trim() ? inner : text.slice(open + 1, i);
          const start = inner.trim() ? i + 2 : open + 1;
          const end = inner.trim() ? close : i;
          usages.push({ label: normalizeLabel(label), start, end });
          stack.length = 0;
          i = close + 1;
          continue;
        }
      } else if (next !== ':' && i > open + 1 && i - open - 1 <= MAX_LABEL) {
        usages.push({ label: normalizeLabel(text.slice(open + 1, i)), start: open + 1, end: i });
      }
      i++;
      continue;
    }
    i++;
  }
}

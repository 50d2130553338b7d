import { beforeFinalBreak, type LineIndex } from '../text/lineIndex';
import type { Range } from '../types';
import type { FrontmatterEntry, MapNode, ScalarNode, SeqNode } from './model';

/**
 * A fast reader for the frontmatter most skills have: top-level `key: value` lines
 * with plain or simply quoted scalars or one-line flow sequences of them, simple
 * block scalars, and one level of nested `sub: value` or `- item` lines. It accepts
 * only input where the result is certain to equal the `yaml` package's
 * (differentially tested against it over real-world and generated corpora and fuzzed
 * input) and returns undefined for anything else — deeper nesting, multi-line flow
 * or quoted values, unusual escapes, comments, anchors, tags, and values whose YAML
 * type is not obvious. Duplicate keys are kept, as `yaml` keeps them (uniqueKeys off).
 */
export function readFlatFrontmatter(text: string, start: number, end: number, lines: LineIndex): FrontmatterEntry[] | undefined {
  if (hasBareCr(text, start, end)) return undefined;
  const entries: FrontmatterEntry[] = [];
  let pos = start;
  while (pos < end) {
    const line = lineAt(text, pos, end);
    if (line.end === pos) {
      pos = line.next;
      continue;
    }
    lastHeader.header = undefined;
    const entry = readLine(text, pos, line.end, line.next, lines, 0);
    if (!entry) return undefined;
    pos = line.next;
    if (lastHeader.header) {
      const block = readBlockScalar(text, pos, end, lines, lastHeader.header);
      if (!block) return undefined;
      entry.value = block.node;
      entry.valueRange = block.node.range;
      entry.lineEnd = block.next;
      pos = block.next;
    } else if (entry.value === null) {
      // `key:` alone: a nested block, or null when the next line is another key.
      const block = readBlock(text, pos, end, lines);
      if (block === undefined) return undefined;
      if (block) {
        entry.value = block.node;
        entry.valueRange = block.node.range;
        entry.lineEnd = block.next;
        pos = block.next;
      }
    }
    entries.push(entry);
  }
  return entries;
}

/**
 * A CR not followed by LF: a line break to editors, LSP and the LineIndex, and to
 * `yaml` a character it reads in its own way (a quoted value with one is
 * unterminated). This reader's lines end at LF, so it leaves such input to `yaml`.
 */
function hasBareCr(text: string, start: number, end: number): boolean {
  for (let k = text.indexOf('\r', start); k >= 0 && k < end; k = text.indexOf('\r', k + 1)) {
    if (text.charCodeAt(k + 1) !== 10) return true;
  }
  return false;
}

function lineAt(text: string, pos: number, end: number): { end: number; next: number } {
  let eol = text.indexOf('\n', pos);
  if (eol < 0 || eol >= end) eol = end;
  let lineEnd = eol;
  if (lineEnd > pos && text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
  return { end: lineEnd, next: eol < end ? eol + 1 : end };
}

function indentOf(text: string, pos: number, end: number): number {
  let i = pos;
  while (i < end && text.charCodeAt(i) === 32) i++;
  return i - pos;
}

/**
 * The block after `key:`: one level of `sub: value` lines or `- value` items at one
 * indentation. null = no block (the value is null); undefined = not simple enough.
 */
function readBlock(text: string, pos: number, end: number, lines: LineIndex): { node: MapNode | SeqNode; next: number } | null | undefined {
  if (pos >= end) return null;
  const first = lineAt(text, pos, end);
  const indent = indentOf(text, pos, first.end);
  const isSeq = text.charCodeAt(pos + indent) === 45 /* - */ && text.charCodeAt(pos + indent + 1) === 32;
  if (indent === 0 && !isSeq) return null;
  const mapEntries: FrontmatterEntry[] = [];
  const items: ScalarNode[] = [];
  const blockStart = pos + indent;
  let p = pos;
  while (p < end) {
    const line = lineAt(text, p, end);
    const ind = indentOf(text, p, line.end);
    if (line.end === p || ind !== indent) {
      // A blank or top-level line ends the block (an indented line after a blank
      // one then fails the top-level reader); other indentation is beyond this reader.
      if (line.end === p || ind === 0) break;
      return undefined;
    }
    const s = p + ind;
    if (isSeq) {
      if (text.charCodeAt(s) !== 45 || text.charCodeAt(s + 1) !== 32) return ind === 0 ? finish() : undefined;
      let v = s + 2;
      while (v < line.end && text.charCodeAt(v) === 32) v++;
      let ve = line.end;
      while (ve > v && text.charCodeAt(ve - 1) === 32) ve--;
      if (ve === v) return undefined;
      const sc = readScalar(text, v, ve);
      if (!sc) return undefined;
      items.push({ kind: 'scalar', value: sc.value, style: sc.style, source: text.slice(v, ve), start: v, end: ve, range: lines.range(v, ve) });
    } else {
      const child = readLine(text, s, line.end, line.next, lines, ind);
      if (!child || child.value === null) return undefined;
      mapEntries.push(child);
    }
    p = line.next;
  }
  return finish();

  function finish(): { node: MapNode | SeqNode; next: number } | undefined {
    if (p === pos) return undefined;
    const blockEnd = beforeFinalBreak(text, blockStart, p);
    const range = lines.range(blockStart, blockEnd);
    if (isSeq) return { node: { kind: 'seq', items, flow: false, start: blockStart, end: blockEnd, range }, next: p };
    return { node: { kind: 'map', entries: mapEntries, flow: false, start: blockStart, end: blockEnd, range }, next: p };
  }
}

interface BlockHeader {
  style: 'literal' | 'folded';
  strip: boolean;
  start: number;
}

/**
 * The `|` or `>` header readLine found after the key it just read. Kept beside the
 * entry, not on it: a property added and then deleted turns every entry of that
 * shape into a slow dictionary object for the rules that read it.
 */
const lastHeader: { header: BlockHeader | undefined } = { header: undefined };

/**
 * A `|`, `|-`, `>` or `>-` block at one indentation, without tabs, whitespace-only
 * lines, leading blank lines or more-indented folded lines.
 */
function readBlockScalar(text: string, pos: number, end: number, lines: LineIndex, h: BlockHeader): { node: ScalarNode; next: number } | undefined {
  const content: string[] = [];
  let indent = -1;
  let p = pos;
  let blockEnd = pos;
  while (p < end) {
    const line = lineAt(text, p, end);
    const raw = text.slice(p, line.end);
    if (raw.includes('\t')) return undefined;
    if (raw.length === 0) {
      if (indent < 0) return undefined;
      content.push('');
      p = line.next;
      continue;
    }
    const ind = indentOf(text, p, line.end);
    if (ind === raw.length) return undefined;
    if (indent < 0) {
      if (ind === 0) return undefined;
      indent = ind;
    }
    if (ind < indent) {
      if (ind !== 0) return undefined;
      break;
    }
    if (ind > indent && h.style === 'folded') return undefined;
    content.push(raw.slice(indent));
    p = line.next;
    blockEnd = p;
  }
  if (indent < 0) return undefined;
  // Trailing blank lines are chomped and, like `yaml`, left out of the node's range.
  p = blockEnd;
  while (content.length && content[content.length - 1] === '') content.pop();
  if (content.length === 0) return undefined;
  let value: string;
  if (h.style === 'literal') {
    value = content.join('\n');
  } else {
    value = content[0];
    let blanks = 0;
    for (let i = 1; i < content.length; i++) {
      if (content[i] === '') blanks++;
      else {
        value += blanks ? '\n'.repeat(blanks) : ' ';
        value += content[i];
        blanks = 0;
      }
    }
  }
  if (!h.strip) value += '\n';
  for (let i = 0; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    if ((ch < 32 && ch !== 10) || ch === 0x7f || ch === 0xfeff || (ch >= 0x80 && ch <= 0x9f) || ch === 0x2028 || ch === 0x2029) return undefined;
  }
  const valueEnd = beforeFinalBreak(text, h.start, p);
  const node: ScalarNode = { kind: 'scalar', value, style: h.style, source: text.slice(h.start, valueEnd), start: h.start, end: valueEnd, range: lines.range(h.start, valueEnd) };
  return { node, next: p };
}

const BLOCK_HEADERS: Record<string, Omit<BlockHeader, 'start'>> = {
  '|': { style: 'literal', strip: false },
  '|-': { style: 'literal', strip: true },
  '>': { style: 'folded', strip: false },
  '>-': { style: 'folded', strip: true },
};

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isKeyChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

function readLine(text: string, lineStart: number, lineEnd: number, next: number, lines: LineIndex, indent: number): FrontmatterEntry | undefined {
  const keyStart = lineStart;
  // key: first char a letter or underscore, then [A-Za-z0-9_-]
  const c0 = text.charCodeAt(keyStart);
  if (!((c0 >= 97 && c0 <= 122) || (c0 >= 65 && c0 <= 90) || c0 === 95)) return undefined;
  let i = keyStart + 1;
  while (i < lineEnd && isKeyChar(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 58 /* : */ || i - keyStart > 1000) return undefined;
  const keyEnd = i;
  const key = text.slice(keyStart, keyEnd);
  const fullLineStart = keyStart - indent;
  // Every range here is on this one line: locate the line once.
  const ln = lines.positionAt(fullLineStart).line;
  const at = (a: number, b: number) => ({ start: { line: ln, character: a - fullLineStart }, end: { line: ln, character: b - fullLineStart } });
  i++;
  let vEnd = lineEnd;
  while (vEnd > i && text.charCodeAt(vEnd - 1) === 32) vEnd--;
  if (vEnd === i) {
    // `key:` with nothing after it (trailing spaces allowed)
    return { key, keyStart, keyEnd, keyRange: at(keyStart, keyEnd), value: null, valueRange: at(keyEnd + 1, keyEnd + 1), lineStart: fullLineStart, lineEnd: next };
  }
  if (text.charCodeAt(i) !== 32) return undefined;
  while (i < lineEnd && text.charCodeAt(i) === 32) i++;
  // Headers are at most two characters: don't hash a long value to look one up.
  const header = indent === 0 && vEnd - i <= 2 ? BLOCK_HEADERS[text.slice(i, vEnd)] : undefined;
  if (header) {
    lastHeader.header = { ...header, start: i };
    return { key, keyStart, keyEnd, keyRange: at(keyStart, keyEnd), value: null, valueRange: at(i, i), lineStart: fullLineStart, lineEnd: next };
  }
  const node = text.charCodeAt(i) === 91 /* [ */ ? readFlowSeq(text, i, vEnd, at) : scalarNode(text, i, vEnd, at);
  if (!node) return undefined;
  return { key, keyStart, keyEnd, keyRange: at(keyStart, keyEnd), value: node, valueRange: node.range, lineStart: fullLineStart, lineEnd: next };
}

type RangeOnLine = (start: number, end: number) => Range;

function scalarNode(text: string, s: number, e: number, at: RangeOnLine): ScalarNode | undefined {
  const sc = readScalar(text, s, e);
  if (!sc) return undefined;
  return { kind: 'scalar', value: sc.value, style: sc.style, source: text.slice(s, e), start: s, end: e, range: at(s, e) };
}

/**
 * `[a, "b", 'c']` on one line: scalars separated by commas. Empty items, a trailing
 * comma, nested collections, flow pairs and anything after the `]` fall back.
 */
function readFlowSeq(text: string, s: number, e: number, at: RangeOnLine): SeqNode | undefined {
  const close = e - 1;
  if (close <= s || text.charCodeAt(close) !== 93 /* ] */) return undefined;
  const items: ScalarNode[] = [];
  let i = skipSpaces(text, s + 1, close);
  while (i < close) {
    const itemEnd = flowItemEnd(text, i, close);
    if (itemEnd === undefined) return undefined;
    const item = scalarNode(text, i, itemEnd, at);
    if (!item) return undefined;
    items.push(item);
    i = skipSpaces(text, itemEnd, close);
    if (i === close) break;
    if (text.charCodeAt(i) !== 44 /* , */) return undefined;
    i = skipSpaces(text, i + 1, close);
    if (i === close) return undefined;
  }
  return { kind: 'seq', items, flow: true, start: s, end: e, range: at(s, e) };
}

/** Where the flow item at `i` ends: after its closing quote, or before `,`/`]`/`[`/`{`/`}` and trailing spaces. */
function flowItemEnd(text: string, i: number, close: number): number | undefined {
  const q = text.charCodeAt(i);
  if (q === 34 /* " */ || q === 39 /* ' */) {
    let j = i + 1;
    while (j < close && text.charCodeAt(j) !== q) j += q === 34 && text.charCodeAt(j) === 92 /* \ */ ? 2 : 1;
    return j < close ? j + 1 : undefined;
  }
  let j = i;
  while (j < close && !FLOW_INDICATORS.has(text.charCodeAt(j))) j++;
  while (j > i && text.charCodeAt(j - 1) === 32) j--;
  return j > i ? j : undefined;
}

const FLOW_INDICATORS = new Set([44, 91, 93, 123, 125]); // , [ ] { }

function skipSpaces(text: string, i: number, end: number): number {
  while (i < end && text.charCodeAt(i) === 32) i++;
  return i;
}

const PLAIN_START_FORBIDDEN = new Set('-?:,[]{}#&*!|>\'"%@`'.split('').map((c) => c.charCodeAt(0)));
// Plain values the YAML 1.2 core schema reads as numbers and we can convert exactly.
const SIMPLE_INT = /^(?:0|[1-9][0-9]{0,14})$/;
const SIMPLE_FLOAT = /^[0-9]{1,15}\.[0-9]{1,15}$/;
// Plain values the YAML 1.2 core schema would not read as strings.
const NON_STRING = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const BOOL: Record<string, boolean> = { true: true, True: true, TRUE: true, false: false, False: false, FALSE: false };

function readScalar(text: string, s: number, e: number): { value: string | number | boolean | null; style: ScalarNode['style'] } | undefined {
  const c = text.charCodeAt(s);
  if (c === 34 /* " */) {
    if (text.charCodeAt(e - 1) !== 34 || e - s < 2) return undefined;
    const inner = text.slice(s + 1, e - 1);
    if (inner.includes('\t')) return undefined;
    if (!inner.includes('\\')) return inner.includes('"') ? undefined : { value: inner, style: 'double' };
    return decodeJsonEscapes(inner);
  }
  if (c === 39 /* ' */) {
    if (text.charCodeAt(e - 1) !== 39 || e - s < 2) return undefined;
    const inner = text.slice(s + 1, e - 1);
    if (/['\t]/.test(inner)) return undefined;
    return { value: inner, style: 'single' };
  }
  // `-` starts a plain scalar when a letter follows (`-x`), else it is an indicator.
  if (PLAIN_START_FORBIDDEN.has(c) && !(c === 45 && isLetter(text.charCodeAt(s + 1)))) return undefined;
  const v = text.slice(s, e);
  if (v.includes(': ') || v.includes(' #') || v.endsWith(':')) return undefined;
  if (isDigit(c)) {
    if (SIMPLE_INT.test(v)) return { value: Number(v), style: 'plain' };
    if (SIMPLE_FLOAT.test(v)) return { value: parseFloat(v), style: 'plain' };
  }
  // Short values only: hashing a long description for the lookup is not free.
  if (v.length <= 5 && v in BOOL) return { value: BOOL[v], style: 'plain' };
  if (NON_STRING.test(v)) return undefined;
  if (ODD_CHAR.test(v)) return undefined;
  return { value: v, style: 'plain' };
}

// Stray control characters and other oddities in a plain value go to the full parser.
const ODD_CHAR = /[\x00-\x1f\x7f-\x9f\ufeff\u2028\u2029]/;

/**
 * The escapes YAML and JSON share (`\" \\ \/ \b \f \n \r \t \uXXXX`) are exactly the
 * ones JSON.parse accepts, and it also rejects a bare `"` and control characters:
 * whatever it refuses goes to the full parser.
 */
function decodeJsonEscapes(inner: string): { value: string; style: 'double' } | undefined {
  try {
    return { value: JSON.parse(`"${inner}"`) as string, style: 'double' };
  } catch {
    return undefined;
  }
}

import { flowCursorAt } from './flowCursor';
import type { PathSegment } from './yamlSource';

/** Where a cursor is in a YAML mapping, read from the lines above it (block style) and its own line (flow style). */
export interface YamlCursor {
  /** path of the mapping that holds the key at the cursor (list items count as index 0) */
  parent: PathSegment[];
  /** the key on the cursor's line, when there is one */
  key?: string;
  /** the cursor is after `key:` (or after `- ` in a list): a value is being written */
  inValue: boolean;
  /** the word being typed and where it starts */
  prefix: string;
  prefixStart: number;
  /** offsets of the key or the value word under the cursor (for hover and definition) */
  wordStart: number;
  wordEnd: number;
  /** the keys already written in the same mapping */
  siblings: string[];
}

const KEY = /^(\s*)(-\s+)?([^\s#:][^:#]*?)\s*:(?:\s|$)/;

interface Line {
  start: number;
  text: string;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const t of text.split(/\r\n|\r|\n/)) {
    out.push({ start, text: t });
    start += t.length + (text.startsWith('\r\n', start + t.length) ? 2 : 1);
  }
  return out;
}

/** The indentation at which a line's key sits (`- key:` counts from the key). */
function keyIndent(line: string): { indent: number; key: string; dash: boolean } | undefined {
  const m = KEY.exec(line);
  // `- {skill: a}` is a flow mapping in a list, not the key `{skill`.
  if (!m || /^[{[]/.test(m[3])) return undefined;
  return { indent: m[1].length + (m[2]?.length ?? 0), key: m[3].trim().replace(/^["']|["']$/g, ''), dash: !!m[2] };
}

/**
 * Reads the lines above the cursor rather than a parse tree: a contract being typed
 * is seldom valid YAML, yet its indentation already says where the cursor is.
 * `base` is where the YAML starts (a SKILL.md frontmatter) and `end` where it ends.
 */
export function cursorAt(text: string, offset: number, base = 0, end = text.length): YamlCursor | undefined {
  if (offset < base || offset > end) return undefined;
  const lines = linesOf(text.slice(base, end));
  const rel = offset - base;
  let li = lines.findIndex((l, i) => rel >= l.start && (i === lines.length - 1 || rel < lines[i + 1].start));
  if (li < 0) li = lines.length - 1;
  const line = lines[li];
  const col = rel - line.start;
  const before = line.text.slice(0, col);
  if (/#/.test(before.replace(/"[^"]*"|'[^']*'/g, ''))) return undefined; // in a comment
  const own = keyIndent(line.text);
  const dashOnly = /^(\s*)-\s+/.exec(line.text);
  const indent = own ? own.indent : dashOnly ? dashOnly[0].length : (/^\s*/.exec(line.text)![0].length);
  // The chain of keys above with less indentation.
  const parent: PathSegment[] = [];
  let limit = indent;
  let inList = !!(own?.dash || dashOnly);
  for (let i = li - 1; i >= 0 && limit > 0; i--) {
    const t = lines[i].text;
    if (!t.trim() || t.trimStart().startsWith('#')) continue;
    const k = keyIndent(t);
    const lead = /^\s*/.exec(t)![0].length;
    if (!k) {
      // `- plain item` above: the cursor's line continues a list item
      if (lead < limit && /^\s*-\s/.test(t)) {
        inList = true;
        limit = lead;
      }
      continue;
    }
    if (k.indent < limit) {
      if (inList) parent.unshift(0);
      inList = k.dash;
      parent.unshift(k.key);
      limit = k.dash ? lead : k.indent;
    } else if (k.dash && k.indent === limit) {
      // `- name: x` above, its key in line with ours: the same list item.
      inList = true;
      limit = lead;
    }
  }
  if (inList && limit > 0) parent.unshift(0);
  // Siblings: keys at the same indentation in the same block.
  const siblings: string[] = [];
  for (const dir of own?.dash || dashOnly ? [1] : [-1, 1]) {
    for (let i = li + dir; i >= 0 && i < lines.length; i += dir) {
      const t = lines[i].text;
      if (!t.trim()) continue;
      const k = keyIndent(t);
      const lead = /^\s*/.exec(t)![0].length;
      if (lead < indent && !(k && k.indent === indent)) break;
      if (k && k.indent === indent) siblings.push(k.key);
      if (k?.dash && dir === -1) break;
    }
  }
  const colon = own ? line.text.indexOf(':', own.indent) : -1;
  const valueStartCol = own ? colon + 1 : dashOnly ? dashOnly[0].length : -1;
  const inValue = own ? col > colon : !!dashOnly && col >= valueStartCol;
  const wordRe = /[^\s,\[\]{}:"']*$/;
  const prefix = wordRe.exec(before)![0];
  const prefixStart = offset - prefix.length;
  const after = /^[^\s,\[\]{}:"'#]*/.exec(line.text.slice(col))![0];
  // In a flow collection of this line's value (`execution: {timeout: 5s, re|}`): its path and keys.
  const flow = inValue ? flowCursorAt(line.text, valueStartCol, col) : undefined;
  if (flow) {
    const onKey = flow.key !== undefined && !flow.inValue;
    return {
      parent: [...parent, ...(own ? [own.key] : []), ...flow.path], key: flow.key, inValue: flow.inValue, prefix, prefixStart,
      wordStart: prefixStart, wordEnd: onKey ? prefixStart + flow.key!.length : offset + after.length, siblings: flow.siblings,
    };
  }
  const key = own?.key;
  let wordStart = prefixStart;
  let wordEnd = offset + after.length;
  if (own && !inValue) {
    wordStart = base + line.start + own.indent;
    wordEnd = base + line.start + own.indent + own.key.length;
  }
  return { parent, key, inValue, prefix, prefixStart, wordStart, wordEnd, siblings };
}

import type { PathSegment } from './yamlSource';

/** Where a cursor is inside a flow collection (`{timeout: 5s, re|}`, `[{skill: a|}]`) of one line. */
export interface FlowCursor {
  /** the path below the line's own value to the innermost collection's entry at the cursor */
  path: PathSegment[];
  /** the key being written or under the cursor (a mapping), when there is one */
  key?: string;
  /** after `key:` in a mapping, or anywhere in a sequence: a value is being written */
  inValue: boolean;
  /** the keys of the innermost mapping, before and after the cursor */
  siblings: string[];
}

interface Frame {
  seq: boolean;
  /** a mapping's key once its `:` is read */
  key?: string;
  /** a sequence's item index */
  index: number;
  keys: string[];
  /** the path to this collection's entries */
  path: PathSegment[];
}

const unquote = (s: string) => s.trim().replace(/^["']|["']$/g, '');

/**
 * Reads `line` from `from` (where the line's value starts) to `col` the way YAML reads
 * flow collections: `{` and `[` open one, `,` ends an entry, `:` ends a mapping key,
 * quoted text is skipped. Undefined when the cursor is not inside one.
 */
export function flowCursorAt(line: string, from: number, col: number): FlowCursor | undefined {
  const stack: Frame[] = [];
  let token = '';
  for (let i = from; i < col; i++) {
    const ch = line[i];
    const top = stack[stack.length - 1];
    if (ch === '"' || ch === "'") {
      const close = line.indexOf(ch, i + 1);
      if (close < 0 || close >= col) return undefined; // in a quoted string
      token += line.slice(i, close + 1);
      i = close;
    } else if (ch === '{' || ch === '[') {
      const path = top ? [...top.path, top.seq ? top.index : (top.key ?? '')] : [];
      stack.push({ seq: ch === '[', index: 0, keys: [], path });
      token = '';
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      token = '';
    } else if (ch === ',' && top) {
      if (top.seq) top.index++;
      else top.key = undefined;
      token = '';
    } else if (ch === ':' && top && !top.seq && top.key === undefined && /[\s,{}[\]]/.test(line[i + 1] ?? ' ')) {
      top.key = unquote(token);
      top.keys.push(top.key);
      token = '';
    } else if (ch === '#' && /\s/.test(line[i - 1] ?? ' ')) {
      return undefined; // a comment
    } else token += ch;
  }
  const top = stack[stack.length - 1];
  if (!top) return undefined;
  if (top.seq) return { path: [...top.path, top.index], inValue: true, siblings: [] };
  const siblings = [...top.keys, ...keysAfter(line, col)];
  if (top.key !== undefined) return { path: top.path, key: top.key, inValue: true, siblings };
  // A key under the cursor: the word around it, when a `:` follows.
  const m = /^([^\s,{}[\]:"'#]*)\s*:/.exec(line.slice(col));
  const word = /[^\s,{}[\]:"']*$/.exec(line.slice(0, col))![0] + (m?.[1] ?? '');
  return { path: top.path, key: m ? word : undefined, inValue: false, siblings };
}

/** The keys of the mapping at the cursor that come after it on the line. */
function keysAfter(line: string, col: number): string[] {
  const out: string[] = [];
  let depth = 0;
  let token = '';
  let entryStart = false;
  for (let i = col; i < line.length; i++) {
    const ch = line[i];
    if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      if (depth-- === 0) break;
    } else if (ch === ',' && depth === 0) {
      entryStart = true;
      token = '';
    } else if (ch === ':' && depth === 0 && entryStart) {
      out.push(unquote(token));
      entryStart = false;
    } else if (entryStart) token += ch;
  }
  return out;
}

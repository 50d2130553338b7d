import type { ValueNode } from '../document/model';
import { resolveNode } from '../document/values';
import { pyFloat, pyReprStr } from './text';

/**
 * A frontmatter value as PyYAML's SafeLoader (YAML 1.1) would construct it, so
 * lovia's `str(value)` can be reproduced: `yes` → True, `1.0` → 1.0, `2024-01-01`
 * → datetime.date, `010` → 8.
 */
export type PyValue =
  | { t: 'none' }
  | { t: 'bool'; v: boolean }
  | { t: 'int'; v: bigint }
  | { t: 'float'; v: number }
  | { t: 'str'; v: string }
  | { t: 'date'; y: number; m: number; d: number }
  | { t: 'datetime'; text: string }
  | { t: 'list'; v: PyValue[] }
  | { t: 'dict'; v: [string, PyValue][] };

const NULL = /^(?:~|null|Null|NULL|)$/;
const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const TIMESTAMP = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?$/;

function pyInt(src: string): bigint {
  let s = src.replace(/_/g, '');
  let sign = 1n;
  if (s[0] === '-' || s[0] === '+') {
    if (s[0] === '-') sign = -1n;
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s.startsWith('0b')) return sign * BigInt(s);
  if (s.startsWith('0x')) return sign * BigInt(s);
  if (s.includes(':')) {
    let v = 0n;
    for (const part of s.split(':')) v = v * 60n + BigInt(part);
    return sign * v;
  }
  if (s[0] === '0') return sign * BigInt('0o' + s.slice(1));
  return sign * BigInt(s);
}

function pyFloatValue(src: string): number {
  const s = src.replace(/_/g, '').toLowerCase();
  if (s.endsWith('.inf')) return s.startsWith('-') ? -Infinity : Infinity;
  if (s.endsWith('.nan')) return NaN;
  if (s.includes(':')) {
    const sign = s.startsWith('-') ? -1 : 1;
    let v = 0;
    for (const part of s.replace(/^[-+]/, '').split(':')) v = v * 60 + Number(part);
    return sign * v;
  }
  return Number(s);
}

const pad = (n: string | number, w = 2) => String(n).padStart(w, '0');

function timestamp(m: RegExpExecArray): string {
  let out = `${m[1]}-${pad(m[2])}-${pad(m[3])} ${pad(m[4])}:${m[5]}:${m[6]}`;
  if (m[7] && Number(m[7].slice(0, 6).padEnd(6, '0')) !== 0) out += '.' + m[7].slice(0, 6).padEnd(6, '0');
  if (m[8]) {
    if (m[8] === 'Z') out += '+00:00';
    else {
      const [h, mm = '00'] = m[8].slice(1).split(':');
      out += `${m[8][0]}${pad(h)}:${mm}`;
    }
  }
  return out;
}

/** Resolves a plain scalar's source text with YAML 1.1 rules. */
export function pyPlainScalar(src: string): PyValue {
  if (NULL.test(src)) return { t: 'none' };
  if (BOOL.test(src)) return { t: 'bool', v: /^(?:y|t|on)/i.test(src) };
  if (INT.test(src)) return { t: 'int', v: pyInt(src) };
  if (FLOAT.test(src)) return { t: 'float', v: pyFloatValue(src) };
  const d = DATE.exec(src);
  if (d) return { t: 'date', y: Number(d[1]), m: Number(d[2]), d: Number(d[3]) };
  const ts = TIMESTAMP.exec(src);
  if (ts) return { t: 'datetime', text: timestamp(ts) };
  return { t: 'str', v: src };
}

export function pyFromNode(node: ValueNode | null | undefined, depth = 0): PyValue {
  const n = resolveNode(node);
  if (!n || depth > 64) return { t: 'none' };
  switch (n.kind) {
    case 'scalar': {
      // `!!str 123`: the tag makes it a string, whatever it looks like.
      if (n.tag === '!!str' || n.tag === 'tag:yaml.org,2002:str') return { t: 'str', v: String(n.value ?? '') };
      if (n.style === 'plain') return pyPlainScalar(n.source.trim());
      return { t: 'str', v: String(n.value ?? '') };
    }
    case 'seq':
      return { t: 'list', v: n.items.map((i) => pyFromNode(i, depth + 1)) };
    case 'map': {
      // A Python dict keeps the first position of a key and its last value.
      const m = new Map<string, PyValue>();
      for (const e of n.entries) m.set(e.key, pyFromNode(e.value, depth + 1));
      return { t: 'dict', v: [...m] };
    }
    default:
      return { t: 'none' };
  }
}

/** Python type name (`type(v).__name__`). */
export function pyTypeName(v: PyValue): string {
  return { none: 'NoneType', bool: 'bool', int: 'int', float: 'float', str: 'str', date: 'date', datetime: 'datetime', list: 'list', dict: 'dict' }[v.t];
}

/** Python `str(v)`. */
export function pyStr(v: PyValue): string {
  switch (v.t) {
    case 'str':
      return v.v;
    case 'date':
      return `${pad(v.y, 4)}-${pad(v.m)}-${pad(v.d)}`;
    case 'datetime':
      return v.text;
    default:
      return pyRepr(v);
  }
}

/** Python `repr(v)`. */
export function pyRepr(v: PyValue): string {
  switch (v.t) {
    case 'none':
      return 'None';
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'int':
      return v.v.toString();
    case 'float':
      return pyFloat(v.v);
    case 'str':
      return pyReprStr(v.v);
    case 'date':
      return `datetime.date(${v.y}, ${v.m}, ${v.d})`;
    case 'datetime':
      return `datetime.datetime(${v.text})`; // approximation: reprs of datetimes are rare in extras
    case 'list':
      return '[' + v.v.map(pyRepr).join(', ') + ']';
    case 'dict':
      return '{' + v.v.map(([k, x]) => `${pyReprStr(k)}: ${pyRepr(x)}`).join(', ') + '}';
  }
}

/** Plain JSON-able form for the catalog's `extras`. */
export function pyToJson(v: PyValue): unknown {
  switch (v.t) {
    case 'none':
      return null;
    case 'bool':
    case 'str':
      return v.v;
    case 'int':
      return Number(v.v);
    case 'float':
      return Number.isFinite(v.v) ? v.v : String(v.v);
    case 'date':
    case 'datetime':
      return pyStr(v);
    case 'list':
      return v.v.map(pyToJson);
    case 'dict':
      return Object.fromEntries(v.v.map(([k, x]) => [k, pyToJson(x)]));
  }
}

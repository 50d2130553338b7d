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
  | { t: 'dict'; v: [string, PyValue][] }
  /**
   * A scalar PyYAML's resolvers type but its constructors cannot build: an impossible
   * date (`2024-13-45`), `0b_`. safe_load raises ValueError, not a YAMLError.
   */
  | { t: 'error'; message: string };

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

/**
 * Python's `int(digits, base)` and `float(text)` on what the resolvers let through with
 * no digit at all: `0b_` and `0x_` leave `int('', 2)`, `._` leaves `float('.')`.
 */
function numberError(src: string): string | undefined {
  const s = src.replace(/_/g, '').replace(/^[-+]/, '');
  if (s === '0b' || s === '0x') return `invalid literal for int() with base ${s === '0b' ? 2 : 16}: ''`;
  if (s === '.') return "could not convert string to float: '.'";
  return undefined;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** CPython's datetime argument checks, in their order (3.8-3.13 wording). */
function dateError(y: number, m: number, d: number): string | undefined {
  if (y < 1) return `year ${y} is out of range`;
  if (m < 1 || m > 12) return 'month must be in 1..12';
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d < 1 || d > (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1])) return 'day is out of range for month';
  return undefined;
}

/** Python's repr of `timedelta(seconds=s)`: days may be negative, seconds never are. */
function timedeltaRepr(s: number): string {
  const days = Math.floor(s / 86400);
  const secs = s - days * 86400;
  const parts = [days ? `days=${days}` : '', secs ? `seconds=${secs}` : ''].filter(Boolean);
  return `datetime.timedelta(${parts.join(', ')})`;
}

/**
 * construct_yaml_timestamp builds the time zone first, then `datetime(...)`: the first
 * check that fails is the ValueError safe_load raises.
 */
function timestampError(m: RegExpExecArray): string | undefined {
  if (m[8] && m[8] !== 'Z') {
    const [h, mm = '0'] = m[8].slice(1).split(':');
    const offset = (Number(h) * 3600 + Number(mm) * 60) * (m[8][0] === '-' ? -1 : 1);
    if (Math.abs(offset) >= 86400) {
      return `offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not ${timedeltaRepr(offset)}.`;
    }
  }
  const date = dateError(Number(m[1]), Number(m[2]), Number(m[3]));
  if (date) return date;
  if (Number(m[4]) > 23) return 'hour must be in 0..23';
  if (Number(m[5]) > 59) return 'minute must be in 0..59';
  if (Number(m[6]) > 59) return 'second must be in 0..59';
  return undefined;
}

/** Resolves a plain scalar's source text with YAML 1.1 rules. */
export function pyPlainScalar(src: string): PyValue {
  if (NULL.test(src)) return { t: 'none' };
  if (BOOL.test(src)) return { t: 'bool', v: /^(?:y|t|on)/i.test(src) };
  if (INT.test(src) || FLOAT.test(src)) {
    const error = numberError(src);
    if (error) return { t: 'error', message: error };
    return INT.test(src) ? { t: 'int', v: pyInt(src) } : { t: 'float', v: pyFloatValue(src) };
  }
  const d = DATE.exec(src);
  if (d) {
    const error = dateError(Number(d[1]), Number(d[2]), Number(d[3]));
    return error ? { t: 'error', message: error } : { t: 'date', y: Number(d[1]), m: Number(d[2]), d: Number(d[3]) };
  }
  const ts = TIMESTAMP.exec(src);
  if (ts) {
    const error = timestampError(ts);
    return error ? { t: 'error', message: error } : { t: 'datetime', text: timestamp(ts) };
  }
  return { t: 'str', v: src };
}

/** The first ValueError in a constructed value, depth first (as safe_load meets them). */
export function pyValueError(v: PyValue, seen = new Set<PyValue>()): string | undefined {
  if (v.t === 'error') return v.message;
  if (v.t !== 'list' && v.t !== 'dict') return undefined;
  // Shared by aliases: each value is looked into once.
  if (seen.has(v)) return undefined;
  seen.add(v);
  for (const x of v.t === 'list' ? v.v : v.v.map((e) => e[1])) {
    const e = pyValueError(x, seen);
    if (e) return e;
  }
  return undefined;
}

export function pyFromNode(node: ValueNode | null | undefined, depth = 0, built = new Map<ValueNode, PyValue>()): PyValue {
  const n = resolveNode(node);
  if (!n || depth > 64) return { t: 'none' };
  // An alias is the same object in Python: built once, so `*a` nine times nine levels
  // deep (an alias bomb) costs nine builds, not nine to the ninth.
  const hit = built.get(n);
  if (hit) return hit;
  let v: PyValue;
  switch (n.kind) {
    case 'scalar':
      // `!!str 123`: the tag makes it a string, whatever it looks like.
      if (n.tag === '!!str' || n.tag === 'tag:yaml.org,2002:str') v = { t: 'str', v: String(n.value ?? '') };
      else if (n.style === 'plain') v = pyPlainScalar(n.source.trim());
      else v = { t: 'str', v: String(n.value ?? '') };
      break;
    case 'seq':
      v = { t: 'list', v: n.items.map((i) => pyFromNode(i, depth + 1, built)) };
      break;
    case 'map': {
      // A Python dict keeps the first position of a key and its last value.
      const m = new Map<string, PyValue>();
      for (const e of n.entries) m.set(e.key, pyFromNode(e.value, depth + 1, built));
      v = { t: 'dict', v: [...m] };
      break;
    }
    default:
      v = { t: 'none' };
  }
  built.set(n, v);
  return v;
}

/**
 * Text rendered from values stops after this many characters: lovia shows 256 of an
 * extra, and shared aliases render to gigabytes (lovia itself would hang on them).
 */
export const PY_TEXT_BUDGET = 65_536;

/** What is left of a rendering's budget, shared by the calls that build one text. */
export interface TextBudget {
  left: number;
}

export const newTextBudget = (): TextBudget => ({ left: PY_TEXT_BUDGET });

/** Python type name (`type(v).__name__`). */
export function pyTypeName(v: PyValue): string {
  return { none: 'NoneType', bool: 'bool', int: 'int', float: 'float', str: 'str', date: 'date', datetime: 'datetime', list: 'list', dict: 'dict', error: 'ValueError' }[v.t];
}

/** Python `str(v)`. */
export function pyStr(v: PyValue, budget: TextBudget = newTextBudget()): string {
  switch (v.t) {
    case 'str':
      return spend(budget, v.v);
    case 'date':
      return spend(budget, `${pad(v.y, 4)}-${pad(v.m)}-${pad(v.d)}`);
    case 'datetime':
      return spend(budget, v.text);
    default:
      return pyRepr(v, budget);
  }
}

function spend(budget: TextBudget, s: string): string {
  if (budget.left <= 0) return '';
  if (s.length > budget.left) s = s.slice(0, budget.left);
  budget.left -= s.length;
  return s;
}

/** Python `repr(v)`, cut once the budget is spent. */
export function pyRepr(v: PyValue, budget: TextBudget = newTextBudget()): string {
  if (budget.left <= 0) return '';
  switch (v.t) {
    case 'none':
      return spend(budget, 'None');
    case 'bool':
      return spend(budget, v.v ? 'True' : 'False');
    case 'int':
      return spend(budget, v.v.toString());
    case 'float':
      return spend(budget, pyFloat(v.v));
    case 'str':
      return spend(budget, pyReprStr(v.v));
    case 'date':
      return spend(budget, `datetime.date(${v.y}, ${v.m}, ${v.d})`);
    case 'datetime':
      return spend(budget, `datetime.datetime(${v.text})`); // approximation: reprs of datetimes are rare in extras
    case 'list':
      return spend(budget, '[') + joinWithin(budget, v.v, (x) => pyRepr(x, budget)) + spend(budget, ']');
    case 'dict':
      return spend(budget, '{') + joinWithin(budget, v.v, ([k, x]) => spend(budget, `${pyReprStr(k)}: `) + pyRepr(x, budget)) + spend(budget, '}');
    case 'error':
      return spend(budget, `ValueError(${pyReprStr(v.message)})`);
  }
}

/** `items.map(render).join(', ')`, stopping when the budget is spent. */
export function joinWithin<T>(budget: TextBudget, items: readonly T[], render: (item: T) => string): string {
  let out = '';
  for (let i = 0; i < items.length && budget.left > 0; i++) out += (i ? spend(budget, ', ') : '') + render(items[i]);
  return out;
}

/** Values in one extras object at most: past them, `"…"` (an alias bomb would be billions). */
const JSON_NODE_BUDGET = 10_000;

/** Plain JSON-able form for the catalog's `extras`. */
export function pyToJson(v: PyValue, budget: TextBudget = { left: JSON_NODE_BUDGET }): unknown {
  if (budget.left-- <= 0) return '…';
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
      return v.v.map((x) => pyToJson(x, budget));
    case 'dict':
      return Object.fromEntries(v.v.map(([k, x]) => [k, pyToJson(x, budget)]));
    case 'error':
      return null;
  }
}

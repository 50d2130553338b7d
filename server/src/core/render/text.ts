import { codePointLength } from '../text/codePoints';
/**
 * String semantics of the languages the agents are written in, so previews match
 * them byte for byte: Python's str()/repr()/split()/html.escape, Go's
 * strings.TrimSpace, Rust's split_whitespace, JavaScript's UTF-16 `.length`.
 */

/** Python `str.isspace()` characters (what `str.split()` with no argument splits on). */
const PY_SPACE = '\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** Unicode White_Space: Rust `char::is_whitespace`, Go `unicode.IsSpace`. */
const UNI_SPACE = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const PY_SPLIT = new RegExp(`[${PY_SPACE}]+`, 'u');
const PY_RSTRIP = new RegExp(`[${PY_SPACE}]+$`, 'u');
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'gu');
const UNI_SPLIT = new RegExp(`[${UNI_SPACE}]+`, 'u');
const UNI_TRIM = new RegExp(`^[${UNI_SPACE}]+|[${UNI_SPACE}]+$`, 'gu');

/** Python `" ".join(s.split())`. */
const PY_NEEDS_SPLIT = new RegExp(`[${PY_SPACE.replace(' ', '')}]|  |^ | $`, 'u');

export function pySplitJoin(s: string): string {
  if (!PY_NEEDS_SPLIT.test(s)) return s;
  return s.split(PY_SPLIT).filter((p) => p !== '').join(' ');
}

/** Python `s.strip()` (no argument). */
export function pyStrip(s: string): string {
  return s.replace(PY_STRIP, '');
}

/** Python `s.isspace() or s == ""` equivalent of `not s.strip()`. */
export function pyBlank(s: string): boolean {
  return pyStrip(s) === '';
}

/** Rust `s.split_whitespace().collect::<Vec<_>>().join(" ")`. */
export function rustSplitJoin(s: string): string {
  return s.split(UNI_SPLIT).filter((p) => p !== '').join(' ');
}

/** Go `strings.TrimSpace`. */
export function goTrimSpace(s: string): string {
  return s.replace(UNI_TRIM, '');
}

/** Number of code points (Python `len`, Rust `chars().count()`). */
export const cpLength = codePointLength;

/** First `n` code points (Python `s[:n]`). */
export function cpSlice(s: string, n: number): string {
  let i = 0;
  let k = 0;
  while (i < s.length && k < n) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    k++;
  }
  return s.slice(0, i);
}

/** lovia's `_one_line(text, limit)`: collapse white space, cap with `…`. */
export function loviaOneLine(text: string, limit: number): string {
  let t = pySplitJoin(text);
  if (t.length > limit && cpLength(t) > limit) t = cpSlice(t, limit - 1).replace(PY_RSTRIP, '') + '\u2026';
  return t;
}

/** Python `html.escape(s, quote=True)`. */
export function pyHtmlEscape(s: string): string {
  if (!/[&<>"']/.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** Is the code point printable by Python's `str.isprintable()` (approximation by category). */
function pyPrintable(cp: number): boolean {
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp === 0xad) return false;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  if (cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202f)) return false;
  if ((cp >= 0x205f && cp <= 0x206f) || cp === 0x3000 || cp === 0xfeff || (cp >= 0xfff9 && cp <= 0xfffb)) return false;
  if (cp >= 0xe000 && cp <= 0xf8ff) return false; // private use (Co)
  if (cp === 0x061c || cp === 0x180e) return false;
  return true;
}

/** Python `repr(s)` for a str. */
export function pyReprStr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (pyPrintable(cp)) out += ch;
    else if (cp <= 0xff) out += '\\x' + cp.toString(16).padStart(2, '0');
    else if (cp <= 0xffff) out += '\\u' + cp.toString(16).padStart(4, '0');
    else out += '\\U' + cp.toString(16).padStart(8, '0');
  }
  return out + quote;
}

/** Python `repr(float)`: shortest round-trip digits, exponent form outside [1e-4, 1e16). */
export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mant, expS] = x.toExponential().split('e');
  const exp = Number(expS);
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  let body: string;
  if (exp >= -4 && exp < 16) {
    if (exp < 0) body = '0.' + '0'.repeat(-exp - 1) + digits;
    else if (digits.length <= exp + 1) body = digits + '0'.repeat(exp + 1 - digits.length) + '.0';
    else body = digits.slice(0, exp + 1) + '.' + digits.slice(exp + 1);
  } else {
    const m = digits.length > 1 ? digits[0] + '.' + digits.slice(1) : digits;
    body = `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return (neg ? '-' : '') + body;
}

/** East Asian wide/fullwidth and emoji count 2 columns, combining marks 0 (npm string-width, simplified). */
export function stringWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f)) continue;
    if (
      (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) || (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) || (cp >= 0x20000 && cp <= 0x3fffd)
    ) w += 2;
    else w += 1;
  }
  return w;
}

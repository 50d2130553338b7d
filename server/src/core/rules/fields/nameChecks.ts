import type { AgentProfile, NameCharset } from '../../profiles/types';

export type NameProblem = 'uppercase' | 'characters' | 'edge-hyphen' | 'double-hyphen';

const UNICODE_ALNUM_HYPHEN = /^[\p{L}\p{N}-]*$/u;
const ASCII_LOWER = /^[a-z0-9-]*$/;
const ALNUM_SEP = /^[a-zA-Z0-9]+(?:[-_][a-zA-Z0-9]+)*$/;

/** The name as the profile compares it (skills-ref strips and NFKC-normalises). */
export function normalizedName(p: AgentProfile, name: string): string {
  return p.name.nfkc ? name.trim().normalize('NFKC') : name;
}

/** Problems of `name` under one profile's name rule, in a stable order. */
export function nameProblems(p: AgentProfile, raw: string): NameProblem[] {
  const name = normalizedName(p, raw);
  const out: NameProblem[] = [];
  const charset: NameCharset = p.name.charset;
  if (charset === 'any' || name === '') return out;
  if (charset === 'ascii-alnum-hyphen-underscore') {
    if (!ALNUM_SEP.test(name)) {
      if (/^[-_]|[-_]$/.test(name)) out.push('edge-hyphen');
      if (/[-_]{2}/.test(name)) out.push('double-hyphen');
      if (!/^[a-zA-Z0-9_-]*$/.test(name) || out.length === 0) out.push('characters');
    }
    return out;
  }
  if (name !== name.toLowerCase()) out.push('uppercase');
  const lower = name.toLowerCase();
  const okChars = charset === 'unicode-lower-alnum-hyphen' ? UNICODE_ALNUM_HYPHEN.test(lower) : ASCII_LOWER.test(lower);
  if (!okChars) out.push('characters');
  if (p.name.strictHyphens) {
    if (name.startsWith('-') || name.endsWith('-')) out.push('edge-hyphen');
    if (name.includes('--')) out.push('double-hyphen');
  }
  return out;
}

export function describeCharset(charset: NameCharset): string {
  switch (charset) {
    case 'unicode-lower-alnum-hyphen':
      return 'lowercase letters, digits and hyphens';
    case 'ascii-lower-alnum-hyphen':
      return 'a-z, 0-9 and hyphens';
    case 'ascii-alnum-hyphen-underscore':
      return 'letters and digits joined by single `-` or `_`';
    default:
      return 'any characters';
  }
}

/** A name every strict target accepts, derived from `raw`. */
export function suggestName(raw: string, ascii: boolean): string {
  let s = raw.trim().normalize('NFKC').toLowerCase();
  if (ascii) s = s.normalize('NFD').replace(/\p{M}/gu, '');
  s = s.replace(ascii ? /[^a-z0-9]+/g : /[^\p{L}\p{N}]+/gu, '-');
  s = s.replace(/-+/g, '-').replace(/^-|-$/g, '');
  // 64 characters as the agents count them: code points, never half a surrogate pair.
  const points = Array.from(s);
  return (points.length > 64 ? points.slice(0, 64).join('') : s).replace(/-$/, '');
}

// Bounds on the work one document may cost, so a pathological SKILL.md (10 MB, a
// 1 MB line, 50,000 keys) never blocks the server: over a cap the server checks less
// and says so with an `editor-limit` diagnostic, instead of stalling every request.
import { findFrontmatterBounds } from '../core/document/frontmatterBounds';
import { MAX_SKILL_FILE_BYTES, formatBytes, tooLarge } from '../core/document/readSkillFile';
import { countTokens } from '../core/text/tokens';
import type { SkillDiagnostic } from '../core/types';
import { thousands } from '../core/text/thousands';

/** Over this (UTF-16 units) nothing is parsed: the CLI refuses such files too. */
export const MAX_DOCUMENT_CHARS = MAX_SKILL_FILE_BYTES;
/** Over this only the frontmatter is parsed and checked; body rules are skipped. */
export const MAX_FULL_CHECK_CHARS = 1024 * 1024;
/** Frontmatter larger than this is not parsed at all (YAML parsing is superlinear in practice). */
export const MAX_FRONTMATTER_LINES = 1000;
export const MAX_FRONTMATTER_CHARS = 128 * 1024;
/** Runs of non-space characters longer than this are counted in pieces (BPE is quadratic in word length). */
const MAX_WORD = 200;
/** Texts longer than this are token-counted on a prefix and extrapolated. */
const MAX_TOKEN_TEXT = 256 * 1024;

export const LIMIT_CODE = 'editor-limit';

const origin = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export type Plan =
  /** parse and check the whole text */
  | { kind: 'full' }
  /** parse and check `text.slice(0, end)` (the frontmatter), report `notice` */
  | { kind: 'head'; end: number; notice: SkillDiagnostic }
  /** parse nothing; the diagnostics say why */
  | { kind: 'none'; diagnostics: SkillDiagnostic[] };

/** Decides how much of a document to parse. O(frontmatter) at most. */
export function planDocument(file: string, text: string): Plan {
  if (text.length > MAX_DOCUMENT_CHARS) {
    return {
      kind: 'none',
      diagnostics: [{
        code: 'file-too-large', severity: 'error', file, range: origin,
        message: tooLarge(text.length),
      }],
    };
  }
  const bounds = findFrontmatterBounds(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (bounds && bounds.terminated) {
    const size = bounds.contentEnd - bounds.contentStart;
    let lines = 0;
    if (size <= MAX_FRONTMATTER_CHARS) {
      for (let i = bounds.contentStart; i < bounds.contentEnd && lines <= MAX_FRONTMATTER_LINES; i++) if (text.charCodeAt(i) === 10) lines++;
    }
    if (size > MAX_FRONTMATTER_CHARS || lines > MAX_FRONTMATTER_LINES) {
      return {
        kind: 'none',
        diagnostics: [{
          code: LIMIT_CODE, severity: 'warning', file, range: origin,
          message: `The frontmatter is ${formatBytes(size)}${lines > MAX_FRONTMATTER_LINES ? ` and over ${thousands(MAX_FRONTMATTER_LINES)} lines` : ''}; `
            + `the editor does not check frontmatter over ${thousands(MAX_FRONTMATTER_LINES)} lines or ${formatBytes(MAX_FRONTMATTER_CHARS)}. Run \`skillmd check\` on it.`,
        }],
      };
    }
  }
  if (text.length > MAX_FULL_CHECK_CHARS) {
    // Unterminated frontmatter is not parsed as YAML anyway: take all of it.
    const end = !bounds ? 0 : bounds.terminated ? bounds.bodyStart : text.length;
    return {
      kind: 'head',
      end,
      notice: {
        code: LIMIT_CODE, severity: 'info', file, range: origin,
        message: `This SKILL.md is ${formatBytes(text.length)}; over ${formatBytes(MAX_FULL_CHECK_CHARS)} the editor checks only the frontmatter. Run \`skillmd check\` for the body.`,
      },
    };
  }
  return { kind: 'full' };
}

/**
 * Token count that stays linear in the text's length: long runs without spaces are
 * counted in pieces, and very long texts on a prefix, extrapolated. Exact for
 * ordinary prose; an estimate (said so by callers) otherwise.
 */
export function boundedTokens(text: string): { tokens: number; exact: boolean } {
  let exact = true;
  let sample = text;
  if (text.length > MAX_TOKEN_TEXT) {
    sample = text.slice(0, MAX_TOKEN_TEXT);
    exact = false;
  }
  let total = 0;
  const long = new RegExp(`\\S{${MAX_WORD + 1},}`, 'g');
  let last = 0;
  for (let m = long.exec(sample); m; m = long.exec(sample)) {
    exact = false;
    total += countTokens(sample.slice(last, m.index));
    for (let i = 0; i < m[0].length; i += MAX_WORD) total += countTokens(m[0].slice(i, i + MAX_WORD));
    last = m.index + m[0].length;
  }
  total += countTokens(sample.slice(last));
  if (sample !== text) total = Math.round((total * text.length) / sample.length);
  return { tokens: total, exact };
}

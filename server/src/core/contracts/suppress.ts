import type { SkillDiagnostic } from '../types';

const COMMENT = /(?:#|<!--)\s*skillmd-(disable-next-line|disable)\b(.*?)(?:-->|$)/;

/**
 * `# skillmd-disable-next-line <code>…` and `# skillmd-disable <code>…` in a contract or
 * registry (and in the SKILL.md that carries contract fields), as in SKILL.md: without
 * codes every rule is silenced; `disable` applies to the whole file.
 */
export function dropSuppressed(text: string, file: string, diagnostics: SkillDiagnostic[]): SkillDiagnostic[] {
  if (!diagnostics.length || !text.includes('skillmd-disable')) return diagnostics;
  const lines = text.split(/\r\n|\r|\n/);
  let whole: Set<string> | 'all' | undefined;
  const byLine = new Map<number, Set<string> | 'all'>();
  lines.forEach((line, i) => {
    const m = line.includes('skillmd-disable') ? COMMENT.exec(line) : null;
    if (!m) return;
    const codes = m[2].split(/[\s,]+/).filter(Boolean);
    const set: Set<string> | 'all' = codes.length ? new Set(codes) : 'all';
    if (m[1] === 'disable') whole = whole === 'all' || set === 'all' ? 'all' : new Set([...(whole ?? []), ...set]);
    else byLine.set(i + 1, set);
  });
  const hit = (s: Set<string> | 'all' | undefined, code: string) => s === 'all' || !!s?.has(code);
  return diagnostics.filter((d) => d.file !== file || !(hit(whole, d.code) || hit(byLine.get(d.range.start.line), d.code)));
}

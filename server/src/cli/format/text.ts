import { allDiagnostics, counts, type CheckReport, type Counts } from './model';
import { displayPath } from './paths';
import type { SkillDiagnostic } from '../../core/types';
import { oneLine } from '../../core/text/oneLine';

/** The last line of the text report; hints are named only when there are some. */
export function summaryLine(skills: number, invalid: number, c: Counts): string {
  const s = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${s(skills, 'skill')} checked, ${invalid} invalid: ${s(c.errors, 'error')}, ${s(c.warnings, 'warning')}, ${c.infos} info${c.hints ? `, ${s(c.hints, 'hint')}` : ''}`;
}

/** `file:line:col: severity code: message`, 1-based: the line of one diagnostic, shown at `file`. */
export function diagnosticLine(file: string, d: SkillDiagnostic): string {
  return `${oneLine(file)}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${oneLine(d.message)}`;
}

/** `file:line:col: severity code: message`, 1-based, then a summary line. */
export function formatText(report: CheckReport): string {
  const lines: string[] = [];
  const all = allDiagnostics(report);
  for (const d of all) {
    const p = displayPath(report.cwd, d.file);
    lines.push(diagnosticLine(p, d));
  }
  const bad = report.results.filter((r) => r.diagnostics.some((d) => d.severity === 'error')).length;
  lines.push(summaryLine(report.results.length, bad, counts(all)));
  return lines.join('\n') + '\n';
}

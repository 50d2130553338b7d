import { allDiagnostics, counts, type CheckReport, type Counts } from './model';
import { displayPath } from './paths';
import type { SkillDiagnostic } from '../../core/types';

// Problem matchers read one diagnostic per line, so a line break is shown as `\n`; other
// C0 and C1 controls (not tab) as `\xNN`, so no escape sequence from a file reaches the terminal.
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/;

/** One line, with line breaks as `\n` and other control characters as `\xNN`. */
function oneLine(message: string): string {
  if (!CONTROL.test(message)) return message;
  return message.replace(/\r\n|\r|\n/g, '\\n').replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

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

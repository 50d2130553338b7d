import { allDiagnostics, counts, type CheckReport } from './model';
import { displayPath } from './paths';
import type { SkillDiagnostic } from '../../core/types';

/** Problem matchers read one diagnostic per line: a line break in a message is shown as `\n`. */
function oneLine(message: string): string {
  return message.indexOf('\n') === -1 && message.indexOf('\r') === -1 ? message : message.replace(/\r\n|\r|\n/g, '\\n');
}

/** `file:line:col: severity code: message`, 1-based: the line of one diagnostic, shown at `file`. */
export function diagnosticLine(file: string, d: SkillDiagnostic): string {
  return `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${oneLine(d.message)}`;
}

/** `file:line:col: severity code: message`, 1-based, then a summary line. */
export function formatText(report: CheckReport): string {
  const lines: string[] = [];
  const all = allDiagnostics(report);
  for (const d of all) {
    const p = displayPath(report.cwd, d.file);
    lines.push(diagnosticLine(p, d));
  }
  const c = counts(all);
  const n = report.results.length;
  const bad = report.results.filter((r) => r.diagnostics.some((d) => d.severity === 'error')).length;
  lines.push(
    `${n} skill${n === 1 ? '' : 's'} checked, ${bad} invalid: ${c.errors} error${c.errors === 1 ? '' : 's'}, ${c.warnings} warning${c.warnings === 1 ? '' : 's'}, ${c.infos} info`,
  );
  return lines.join('\n') + '\n';
}

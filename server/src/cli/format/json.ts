import { allDiagnostics, counts, type CheckReport } from './model';
import { displayPath } from './paths';
import type { SkillDiagnostic } from '../../core/types';

function diag(cwd: string, d: SkillDiagnostic) {
  return { code: d.code, severity: d.severity, message: d.message, file: displayPath(cwd, d.file), range: d.range };
}

/** The documented JSON shape; positions are 0-based as in LSP. */
export function formatJson(report: CheckReport): string {
  const c = counts(allDiagnostics(report));
  const out = {
    skills: report.results.map((r) => ({
      name: r.name,
      path: displayPath(report.cwd, r.file),
      targets: r.targets,
      valid: !r.diagnostics.some((d) => d.severity === 'error'),
      diagnostics: r.diagnostics.map((d) => diag(report.cwd, d)),
    })),
    problems: report.general.map((d) => diag(report.cwd, d)),
    summary: { skills: report.results.length, errors: c.errors, warnings: c.warnings },
  };
  return JSON.stringify(out, null, 2) + '\n';
}

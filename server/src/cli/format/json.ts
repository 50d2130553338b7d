import { allDiagnostics, counts, type CheckReport } from './model';
import { displayPath } from './paths';
import type { SkillDiagnostic } from '../../core/types';

/** A diagnostic as the JSON report prints it; `related` (other places it names, as SARIF's relatedLocations) only when there are any. */
export function jsonDiagnostic(cwd: string, d: SkillDiagnostic) {
  const out = { code: d.code, severity: d.severity, message: d.message, file: displayPath(cwd, d.file), range: d.range };
  if (!d.related?.length) return out;
  return { ...out, related: d.related.map((x) => ({ message: x.message, file: displayPath(cwd, x.file), range: x.range })) };
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
      diagnostics: r.diagnostics.map((d) => jsonDiagnostic(report.cwd, d)),
    })),
    problems: report.general.map((d) => jsonDiagnostic(report.cwd, d)),
    summary: { skills: report.results.length, errors: c.errors, warnings: c.warnings },
  };
  return JSON.stringify(out, null, 2) + '\n';
}

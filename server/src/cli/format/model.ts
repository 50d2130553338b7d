import type { SkillCheckResult } from '../../core/check/checkSkillFile';
import type { SkillDiagnostic } from '../../core/types';

export interface CheckReport {
  results: SkillCheckResult[];
  /** problems not tied to one skill (unreadable folders, loops, missing paths) */
  general: SkillDiagnostic[];
  cwd: string;
}

export interface Counts {
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
}

export function counts(diags: SkillDiagnostic[]): Counts {
  let errors = 0, warnings = 0, infos = 0, hints = 0;
  for (const d of diags) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
    else if (d.severity === 'info') infos++;
    else hints++;
  }
  return { errors, warnings, infos, hints };
}

export function allDiagnostics(r: CheckReport): SkillDiagnostic[] {
  return [...r.general, ...r.results.flatMap((s) => s.diagnostics)];
}

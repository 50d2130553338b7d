import type { SeveritySetting, SkillDiagnostic } from '../types';

/**
 * The one way a rule severity setting (`rules` of the configuration and its
 * `overrides`, then the editor's, as resolveSkillSettings merges them) applies to
 * diagnostics made outside the rule loop of checkDocument (which does not run a rule
 * that is off): 'off' drops a diagnostic, a severity replaces its own.
 */
export function applySeverities(diagnostics: SkillDiagnostic[], rules: Record<string, SeveritySetting>): SkillDiagnostic[] {
  const out: SkillDiagnostic[] = [];
  for (const d of diagnostics) {
    const setting = rules[d.code];
    if (setting === 'off') continue;
    out.push(setting ? { ...d, severity: setting } : d);
  }
  return out;
}

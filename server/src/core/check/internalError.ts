import type { RuleInfo } from '../rules/fileRules';
import type { SkillDiagnostic } from '../types';

/**
 * A bug in skillmd (a rule, an extractor or a renderer that throws) while checking one
 * skill: reported on that skill's file, so the rest of its rules and every other skill
 * are still checked, and the run still ends with a result.
 */
export const INTERNAL_ERROR: RuleInfo = {
  code: 'internal-error',
  title: 'skillmd hit a bug while checking this skill (a rule, extractor or renderer threw), so that part was not checked; please report it.',
  defaultSeverity: 'error',
};

export const REPORT_URL = 'https://github.com/skillmd/skillmd/issues';

/** The error's message on one line (a stack stays out of a diagnostic). */
export function errorText(e: unknown): string {
  const raw = e instanceof Error ? `${e.name && e.name !== 'Error' ? e.name + ': ' : ''}${e.message}` : String(e);
  const line = raw.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > 300 ? line.slice(0, 300) + '…' : line;
}

/** `where`: what threw, e.g. "rule `name-format`" or "the reference checks". */
export function internalErrorMessage(where: string, e: unknown): string {
  return `Internal error in ${where}: ${errorText(e)}. That part of the check did not run. This is a bug in skillmd: please report it with this file (${REPORT_URL}).`;
}

export function internalErrorDiagnostic(file: string, where: string, e: unknown): SkillDiagnostic {
  const zero = { line: 0, character: 0 };
  return { code: INTERNAL_ERROR.code, severity: 'error', message: internalErrorMessage(where, e), file, range: { start: zero, end: zero } };
}

import { fileRules, type RuleInfo } from './fileRules';
import { documentRules } from './registry';

const extra: RuleInfo[] = [];

/** Lets other rule families (references, catalog) list themselves for docs and SARIF. */
export function registerRuleInfo(...infos: RuleInfo[]): void {
  for (const i of infos) if (!extra.some((e) => e.code === i.code)) extra.push(i);
}

/** Every rule skillmd can report, in documentation order. */
export function allRules(): RuleInfo[] {
  return [...fileRules, ...documentRules.map(({ code, title, defaultSeverity, severityByTarget }) => ({ code, title, defaultSeverity, ...(severityByTarget ? { severityByTarget } : {}) })), ...extra];
}

export function ruleDocsUrl(code: string): string {
  return `https://github.com/skillmd/skillmd/blob/main/docs/rules.md#rule-${code}`;
}

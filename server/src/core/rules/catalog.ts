import { fileRules, type RuleInfo } from './fileRules';
import { documentRules } from './registry';
import { contractRuleInfos } from '../contracts/rules';
import { routingRuleInfos } from '../routing/conflicts';
import { diskRuleInfos } from './diskRules';
import { skillSetRuleInfos } from './skillSet/duplicates';

const extra: RuleInfo[] = [];
// Families listed here by the core itself (a docs script may register them again).
const builtIn: RuleInfo[] = [...contractRuleInfos, ...routingRuleInfos].filter((r) => !documentRules.some((d) => d.code === r.code));

/** Lets other rule families (references, catalog) list themselves for docs and SARIF. */
export function registerRuleInfo(...infos: RuleInfo[]): void {
  for (const i of infos) if (!extra.some((e) => e.code === i.code) && !builtIn.some((e) => e.code === i.code) && !documentRules.some((e) => e.code === i.code)) extra.push(i);
}

/** Every rule skillmd can report, in documentation order. */
export function allRules(): RuleInfo[] {
  return [...fileRules, ...documentRules.map(({ code, title, defaultSeverity, severityByTarget }) => ({ code, title, defaultSeverity, ...(severityByTarget ? { severityByTarget } : {}) })), ...builtIn, ...diskRuleInfos, ...skillSetRuleInfos, ...extra];
}

export function ruleDocsUrl(code: string): string {
  return `https://github.com/skillmd/skillmd/blob/main/docs/rules.md#rule-${code}`;
}

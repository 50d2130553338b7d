import type { SkillDocument } from '../document/model';
import type { Rule } from '../rules/types';
import { contractFromSkillMd } from './load';
import { WORKSPACE_RULES, type ContractWorkspace, type LoadedContract } from './model';
import { contractRules } from './rules';

// The rules of one SKILL.md ask in turn: the last document's contract is kept.
let last: { doc: SkillDocument; contract: LoadedContract | undefined } | undefined;

function contractOf(doc: SkillDocument): LoadedContract | undefined {
  if (last?.doc !== doc) last = { doc, contract: contractFromSkillMd(doc) };
  return last.contract;
}

const NO_WORKSPACE: ContractWorkspace = { contracts: [], skillMds: [], registries: [], names: new Map() };

/**
 * The contract rules over the contract fields of a SKILL.md frontmatter (`input_schema`,
 * `execution`, …), run with its other document rules, so the editor and `check` show
 * them alike. Severity per profile: an agent that keeps unknown fields as extras
 * (lovia) hands them on to the application, so a broken one matters as in a
 * skill.yaml; agents that ignore or reject them (their own rules say so) never read
 * them, and the problem is a note.
 */
export const frontmatterContractRules: Rule[] = contractRules
  .filter((r) => !WORKSPACE_RULES.has(r.code) && r.code !== 'contract-yaml')
  .map((r) => ({
    code: r.code,
    title: r.title,
    defaultSeverity: r.defaultSeverity,
    check(ctx) {
      const contract = contractOf(ctx.doc);
      if (!contract) return;
      const keeps = ctx.targets.some((p) => p.unknownFields === 'extra');
      r.check({
        contract,
        workspace: NO_WORKSPACE,
        report: (x) => ctx.report({ message: x.message, range: x.range, severity: keeps ? x.severity : 'info', fixes: x.fixes, related: x.related, file: x.file }),
      });
    },
  }));

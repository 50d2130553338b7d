import { byPosition } from '../check/checkDocument';
import type { SeveritySetting, SkillDiagnostic } from '../types';
import { WORKSPACE_RULES, type ContractReport, type ContractWorkspace, type LoadedContract, type LoadedRegistry, type SkillMdInfo, type SkillName } from './model';
import { contractRules, registryRules } from './rules';
import { contractNames } from './rules/helpers';
import { dropSuppressed } from './suppress';

const frontmatterWorkspaceRules = contractRules.filter((r) => WORKSPACE_RULES.has(r.code));

/** The rule severities that apply to a file (configuration, editor settings). */
export type SeveritiesFor = (file: string) => Record<string, SeveritySetting> | undefined;

/** Indexes every name a fallback or registry may use: SKILL.md names, contract ids and names. */
export function buildWorkspace(contracts: LoadedContract[], skillMds: SkillMdInfo[], registries: LoadedRegistry[] = []): ContractWorkspace {
  const names = new Map<string, SkillName[]>();
  const add = (name: string, file: string, range: SkillName['range']) => {
    let list = names.get(name);
    if (!list) names.set(name, (list = []));
    list.push({ name, file, range });
  };
  for (const s of skillMds) add(s.name, s.file, s.nameRange);
  for (const c of contracts) {
    // A `<id>.skill.yaml` whose id differs from its file name is not loaded: its id names no skill.
    const loaded = c.kind !== 'id.skill.yaml' || c.fields.id === undefined || c.fields.id === c.fileId;
    if (!loaded) continue;
    for (const n of contractNames(c)) add(n, c.file, c.source.valueRange(['id']) ?? c.source.valueRange(['name']) ?? c.source.range(0, 0));
  }
  return { contracts, skillMds, registries, names };
}

function run<C>(
  rules: readonly { code: string; defaultSeverity: SkillDiagnostic['severity']; check(ctx: C): void }[],
  file: string,
  severities: Record<string, SeveritySetting> | undefined,
  makeCtx: (report: (r: ContractReport) => void) => C,
): SkillDiagnostic[] {
  const out: SkillDiagnostic[] = [];
  let current = rules[0];
  const ctx = makeCtx((r) => {
    out.push({ code: current.code, severity: r.severity ?? current.defaultSeverity, message: r.message, file: r.file ?? file, range: r.range, fixes: r.fixes, related: r.related });
  });
  for (const rule of rules) {
    const setting = severities?.[rule.code];
    if (setting === 'off') continue;
    current = rule;
    const before = out.length;
    rule.check(ctx);
    if (setting) for (let i = before; i < out.length; i++) out[i].severity = setting;
  }
  // The contract's own file first, then its test cases, each by position.
  return out.sort((a, b) => (a.file === b.file ? byPosition(a, b) : a.file === file ? -1 : b.file === file ? 1 : a.file < b.file ? -1 : 1));
}

/**
 * Diagnostics of one contract against the workspace. `notesOnly`: the contract is in a
 * SKILL.md whose agents never read these fields (see frontmatterRules.ts), so its
 * problems are notes.
 */
export function checkContract(contract: LoadedContract, workspace: ContractWorkspace, severities?: Record<string, SeveritySetting>, notesOnly = false): SkillDiagnostic[] {
  // A SKILL.md's contract fields: its document rules checked the rest (frontmatterRules.ts).
  const rules = contract.kind === 'frontmatter' ? frontmatterWorkspaceRules : contractRules;
  return dropSuppressed(contract.source.text, contract.file, run(rules, contract.file, severities, (report) => ({ contract, workspace, report: notesOnly ? (r) => report({ ...r, severity: 'info' }) : report })));
}

export function checkRegistry(registry: LoadedRegistry, workspace: ContractWorkspace, severities?: Record<string, SeveritySetting>): SkillDiagnostic[] {
  return dropSuppressed(registry.source.text, registry.file, run(registryRules, registry.file, severities, (report) => ({ registry, workspace, report })));
}

/** Every contract and registry of a workspace, in file order. */
export function checkContractWorkspace(ws: ContractWorkspace, severitiesFor: SeveritiesFor = () => undefined, notesOnly: (skillFile: string) => boolean = () => false): SkillDiagnostic[] {
  const out: SkillDiagnostic[] = [];
  for (const c of ws.contracts) out.push(...checkContract(c, ws, severitiesFor(c.file), c.kind === 'frontmatter' && notesOnly(c.file)));
  for (const r of ws.registries) out.push(...checkRegistry(r, ws, severitiesFor(r.file)));
  return out;
}

import type { RuleInfo } from '../../rules/fileRules';
import type { SkillReference } from '../extract';
import type { Resolution } from '../resolve';
import type { DocumentRun, ResolvedReference } from '../run';
import type { Pending } from '../settled';

/**
 * A reference rule: one code, with the same contract as the document rules (code,
 * title, default severity; severities per configuration; fixes on its reports). The
 * check runs for every resolved reference of every checked document, rules in the
 * order of REFERENCE_RULE_LIST; it returns a promise only while a read is pending.
 * No agent is named here: their facts come from the profile tables (SkillRun).
 */
export interface ReferenceRule extends RuleInfo {
  check?(doc: DocumentRun, ref: SkillReference, res: Resolution, entry: ResolvedReference): Pending<void>;
}

/** Paths named in code or prose: a missing or miscased one is a warning, not an error. */
export function inCode(ref: SkillReference): boolean {
  return ref.kind === 'code' || ref.kind === 'shell' || ref.kind === 'prose';
}

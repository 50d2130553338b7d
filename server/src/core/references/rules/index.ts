// The reference rules, one module per code (rules/reference<Code>.ts), in the order
// their checks run for each reference.
import type { RuleInfo } from '../../rules/fileRules';
import { referenceAbsolute } from './referenceAbsolute';
import { referenceBackslash } from './referenceBackslash';
import { referenceCaseMismatch } from './referenceCaseMismatch';
import { referenceCodexIcon } from './referenceCodexIcon';
import { referenceEscapesSkill } from './referenceEscapesSkill';
import { referenceFragmentMissing } from './referenceFragmentMissing';
import { referenceMissing } from './referenceMissing';
import { referenceNotExecutable } from './referenceNotExecutable';
import { referenceTooDeep } from './referenceTooDeep';
import { referenceUnreadable } from './referenceUnreadable';
import { referenceUnusedFile } from './referenceUnusedFile';
import type { ReferenceRule } from './types';

/** Checked per resolved reference, in this order (diagnostics of one reference come out so). */
export const PER_REFERENCE: readonly ReferenceRule[] = [
  referenceBackslash,
  referenceAbsolute,
  referenceEscapesSkill,
  referenceMissing,
  referenceCaseMismatch,
  referenceUnreadable,
  referenceFragmentMissing,
  referenceNotExecutable,
];

/** Stable codes of the reference checks (configuration, suppressions, docs), by short name. */
export const REFERENCE_RULES = {
  missing: referenceMissing,
  caseMismatch: referenceCaseMismatch,
  fragmentMissing: referenceFragmentMissing,
  escapes: referenceEscapesSkill,
  absolute: referenceAbsolute,
  backslash: referenceBackslash,
  tooDeep: referenceTooDeep,
  unusedFile: referenceUnusedFile,
  notExecutable: referenceNotExecutable,
  unreadable: referenceUnreadable,
  codexIcon: referenceCodexIcon,
} as const satisfies Record<string, ReferenceRule>;

export const referenceRuleInfos: RuleInfo[] = Object.values(REFERENCE_RULES).map(({ code, title, defaultSeverity }) => ({ code, title, defaultSeverity }));

import type { RuleInfo } from '../rules/fileRules';
import type { ContractRule, RegistryRule } from './model';
import { contractDefaultInvalid } from './rules/contractDefaultInvalid';
import { contractFallbackCycle } from './rules/contractFallbackCycle';
import { contractFallbackUnknown } from './rules/contractFallbackUnknown';
import { contractIdDuplicate } from './rules/contractIdDuplicate';
import { contractIdFileMismatch } from './rules/contractIdFileMismatch';
import { contractIdFormat } from './rules/contractIdFormat';
import { contractJsonSchema } from './rules/contractJsonSchema';
import { contractPermissionFormat } from './rules/contractPermissionFormat';
import { contractRangeOrder } from './rules/contractRangeOrder';
import { contractRequiredUnknown } from './rules/contractRequiredUnknown';
import { contractSchema } from './rules/contractSchema';
import { contractSkillMismatch } from './rules/contractSkillMismatch';
import { contractTestCase } from './rules/contractTestCase';
import { contractTimeoutOrder } from './rules/contractTimeoutOrder';
import { contractUnknownField } from './rules/contractUnknownField';
import { contractVersion } from './rules/contractVersion';
import { contractYaml } from './rules/contractYaml';
import { registrySchema } from './rules/registrySchema';
import { registryUnknownSkill } from './rules/registryUnknownSkill';
import { registryUnlistedSkill } from './rules/registryUnlistedSkill';
import { registryVersionMismatch } from './rules/registryVersionMismatch';

/** Every contract rule, in the order their diagnostics are listed. */
export const contractRules: readonly ContractRule[] = [
  contractYaml,
  contractSchema,
  contractUnknownField,
  contractIdFormat,
  contractIdFileMismatch,
  contractIdDuplicate,
  contractVersion,
  contractJsonSchema,
  contractRequiredUnknown,
  contractDefaultInvalid,
  contractRangeOrder,
  contractTimeoutOrder,
  contractPermissionFormat,
  contractFallbackUnknown,
  contractFallbackCycle,
  contractTestCase,
  contractSkillMismatch,
];

export const registryRules: readonly RegistryRule[] = [registrySchema, registryUnknownSkill, registryUnlistedSkill, registryVersionMismatch];

/** For the rules table, SARIF and configuration. */
export const contractRuleInfos: RuleInfo[] = [...contractRules, ...registryRules].map(({ code, title, defaultSeverity }) => ({ code, title, defaultSeverity }));

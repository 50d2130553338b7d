import type { ErrorObject } from 'ajv';
import type { Fix, Range, RelatedLocation, Severity } from '../types';
import type { YamlSource } from './yamlSource';

/** Where a contract is written. */
export type ContractKind = 'skill.yaml' | 'id.skill.yaml' | 'frontmatter';

export interface TestCaseFile {
  file: string;
  text: string;
  /** set when the file is JSON */
  source?: YamlSource;
  value?: unknown;
  parseError?: { message: string; range: Range };
}

export interface LoadedContract {
  file: string;
  kind: ContractKind;
  dir: string;
  source: YamlSource;
  /** the mapping, or undefined when the file is not valid YAML or not a mapping */
  value: Record<string, unknown> | undefined;
  /** `<id>` of `<id>.skill.yaml` */
  fileId?: string;
  /** the contract's fields as validated (a SKILL.md frontmatter: only the contract fields) */
  fields: Record<string, unknown>;
  /** errors of the contract schema over `fields` */
  schemaErrors: ErrorObject[];
  testCases: TestCaseFile[];
}

/** A SKILL.md as the contract checks see it. */
export interface SkillMdInfo {
  file: string;
  dir: string;
  name: string;
  nameRange: Range;
  description?: string;
  descriptionRange?: Range;
  whenToUse?: string;
  tags: string[];
  triggerKeywords: string[];
  /** the range of `trigger_keywords[i]` in the frontmatter */
  triggerRanges: Range[];
}

/** A name a fallback or a registry may refer to. */
export interface SkillName {
  name: string;
  file: string;
  range: Range;
}

export interface LoadedRegistry {
  file: string;
  source: YamlSource;
  value: unknown;
  schemaErrors: ErrorObject[];
  /** entries with the range of their name */
  entries: { name: string; range: Range; version?: string; versionRange?: Range; path: (string | number)[] }[];
}

export interface ContractWorkspace {
  contracts: LoadedContract[];
  skillMds: SkillMdInfo[];
  registries: LoadedRegistry[];
  /** SKILL.md names, contract ids and contract names, each with where it is defined */
  names: Map<string, SkillName[]>;
}

export interface ContractReport {
  message: string;
  range: Range;
  severity?: Severity;
  related?: RelatedLocation[];
  fixes?: Fix[];
  /** defaults to the contract's file */
  file?: string;
}

export interface ContractContext {
  readonly contract: LoadedContract;
  readonly workspace: ContractWorkspace;
  report(r: ContractReport): void;
}

export interface RegistryContext {
  readonly registry: LoadedRegistry;
  readonly workspace: ContractWorkspace;
  report(r: ContractReport): void;
}

interface RuleBase {
  code: string;
  title: string;
  defaultSeverity: Severity;
}

/** A check of one contract (a skill.yaml, a `<id>.skill.yaml`, or a SKILL.md's contract fields). */
export interface ContractRule extends RuleBase {
  check(ctx: ContractContext): void;
}

export interface RegistryRule extends RuleBase {
  check(ctx: RegistryContext): void;
}

/** The top-level fields only contracts have: a SKILL.md with one of them carries a contract. */
export const CONTRACT_ONLY_FIELDS = ['id', 'input_schema', 'parameters', 'output_schema', 'required_permissions', 'execution', 'lifecycle', 'fallback', 'trigger_keywords'] as const;

// A line that starts a contract-only field: a SKILL.md without one is parsed only when
// something needs every skill's name (contracts, registries, routing). Where a multiline
// `^` matches, written out: V8 then looks for the line breaks first, twice as fast as
// trying `^` at every character (~3 µs a skill).
const CONTRACT_LINE = new RegExp(`(?:^|[\\n\\r\\u2028\\u2029])(?:${CONTRACT_ONLY_FIELDS.join('|')})\\s*:`);

/**
 * Whether a SKILL.md's frontmatter (its text from an opening `---` line to the next
 * `---` line) has a line that starts a contract-only field. The body is not looked at:
 * contract fields live in the frontmatter, and an `id:` in an example names no skill.
 */
export function hasContractFields(text: string): boolean {
  if (!/^---[ \t]*\r?(\n|$)/.test(text)) return false;
  const close = text.search(/\n---[ \t]*\r?(\n|$)/);
  return CONTRACT_LINE.test(close < 0 ? text : text.slice(0, close));
}

/** Fields of a SKILL.md that its own rules check, not the contract's. */
export const SKILL_MD_OWN_FIELDS = new Set(['name', 'description', 'when_to_use']);

/**
 * Rules that need the whole workspace (other skills, files beside the contract): for
 * contract fields in a SKILL.md they run in the workspace pass; the others run with the
 * SKILL.md's own rules (frontmatterRules.ts).
 */
export const WORKSPACE_RULES = new Set(['contract-id-duplicate', 'contract-fallback-unknown', 'contract-fallback-cycle', 'contract-test-case', 'contract-skill-mismatch']);

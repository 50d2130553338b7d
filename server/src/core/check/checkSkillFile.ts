import * as path from 'node:path';
import { readSkillFile } from '../document/readSkillFile';
import type { SkillDocument } from '../document/model';
import { getString } from '../document/values';
import type { ProfileId } from '../profiles/types';
import type { SeveritySetting, SkillDiagnostic } from '../types';
import type { FileSystem } from '../workspace/fileSystem';
import { checkDocument, finish, resolveSkillSettings, type CheckOptions } from './checkDocument';
import { applySeverities } from './severity';
import { internalErrorDiagnostic, INTERNAL_ERROR } from './internalError';
import { anyDiskRuleOn, runDiskRules } from '../rules/diskRules';
import { summarizeSkill, type SkillSummary } from '../rules/skillSet/duplicates';
import { hasContractFields } from '../contracts/model';

export interface SkillCheckResult {
  /** the SKILL.md path */
  file: string;
  skillDir: string;
  /** `name` from the frontmatter, else the folder name */
  name: string;
  targets: ProfileId[];
  diagnostics: SkillDiagnostic[];
  doc?: SkillDocument;
  /** What the checks across skills need of this one (absent when it did not parse). */
  facts?: SkillFacts;
}

/**
 * What `check` keeps of each skill for the passes over all of them, so that neither
 * reads the SKILL.md again: the duplicate name and description rules, and the
 * contract pass (which reads every SKILL.md only when one has contract fields).
 */
export interface SkillFacts {
  summary: SkillSummary;
  /** a contract-only field (`fallback`, `input_schema`, …) in the frontmatter */
  contractFields: boolean;
}

/** Extra checks that need the file system (references); registered by that module. */
export type SkillFileCheck = (fs: FileSystem, doc: SkillDocument, opts: CheckOptions) => Promise<SkillDiagnostic[]>;

const fileChecks: { check: SkillFileCheck; label: string }[] = [];

/** `label` names the check in an internal-error diagnostic ("the reference checks"). */
export function registerSkillFileCheck(check: SkillFileCheck, label = 'the reference checks'): void {
  fileChecks.push({ check, label });
}

/**
 * Checks one SKILL.md. Never throws: a bug in skillmd while reading, parsing or
 * checking it becomes an `internal-error` diagnostic on the file (internalError.ts),
 * and whatever else could be checked still is.
 */
export async function checkSkillFile(fs: FileSystem, file: string, opts: CheckOptions = {}): Promise<SkillCheckResult> {
  const skillDir = path.dirname(file);
  let targets: ProfileId[] = [];
  try {
    const settings = resolveSkillSettings(file, opts);
    targets = settings.targets.map((t) => t.id);
    return await checkResolved(fs, file, opts, settings.rules, targets);
  } catch (e) {
    return { file, skillDir, name: path.basename(skillDir), targets, diagnostics: [internalErrorDiagnostic(file, 'the check of this skill', e)] };
  }
}

async function checkResolved(fs: FileSystem, file: string, opts: CheckOptions, rules: Record<string, SeveritySetting>, targets: ProfileId[]): Promise<SkillCheckResult> {
  const skillDir = path.dirname(file);
  let read: Awaited<ReturnType<typeof readSkillFile>>;
  try {
    read = await readSkillFile(fs, file);
  } catch (e) {
    return { file, skillDir, name: path.basename(skillDir), targets, diagnostics: [internalErrorDiagnostic(file, 'reading and parsing SKILL.md', e)] };
  }
  if (!read.doc) {
    const diagnostics = applySeverities([read.diagnostic], rules);
    return { file, skillDir, name: path.basename(skillDir), targets, diagnostics };
  }
  const doc = read.doc;
  let diagnostics = checkDocument(doc, opts);
  let fromDisk: SkillDiagnostic[] = [];
  if (anyDiskRuleOn(rules)) {
    try {
      fromDisk = await runDiskRules(fs, doc, opts);
    } catch (e) {
      if (rules[INTERNAL_ERROR.code] !== 'off') fromDisk = [internalErrorDiagnostic(file, 'the rules that read the skill\'s other files', e)];
    }
  }
  if (fileChecks.length || fromDisk.length) {
    diagnostics.push(...fromDisk);
    for (const { check, label } of fileChecks) {
      try {
        diagnostics.push(...(await check(fs, doc, opts)));
      } catch (e) {
        if (rules[INTERNAL_ERROR.code] !== 'off') diagnostics.push(internalErrorDiagnostic(file, label, e));
      }
    }
    diagnostics = finish(doc, diagnostics);
  }
  let name = path.basename(skillDir);
  try {
    name = getString(doc, 'name')?.trim() || name;
  } catch {
    // The name is for the report; a bad value is the rules' business, already reported.
  }
  return { file, skillDir, name, targets, diagnostics, doc, facts: factsOf(doc, opts) };
}

function factsOf(doc: SkillDocument, opts: CheckOptions): SkillFacts | undefined {
  try {
    return { summary: summarizeSkill(doc, opts), contractFields: hasContractFields(doc.text) };
  } catch {
    // A bad value is the rules' business: the passes over all skills skip this one.
    return undefined;
  }
}

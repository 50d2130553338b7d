import * as path from 'node:path';
import { readSkillFile } from '../document/readSkillFile';
import type { SkillDocument } from '../document/model';
import { getString } from '../document/values';
import type { ProfileId } from '../profiles/types';
import type { SkillDiagnostic } from '../types';
import type { FileSystem } from '../workspace/fileSystem';
import { checkDocument, finish, resolveSkillSettings, type CheckOptions } from './checkDocument';
import { runDiskRules } from '../rules/diskRules';

export interface SkillCheckResult {
  /** the SKILL.md path */
  file: string;
  skillDir: string;
  /** `name` from the frontmatter, else the folder name */
  name: string;
  targets: ProfileId[];
  diagnostics: SkillDiagnostic[];
  doc?: SkillDocument;
}

/** Extra checks that need the file system (references); registered by that module. */
export type SkillFileCheck = (fs: FileSystem, doc: SkillDocument, opts: CheckOptions) => Promise<SkillDiagnostic[]>;

const fileChecks: SkillFileCheck[] = [];

export function registerSkillFileCheck(check: SkillFileCheck): void {
  fileChecks.push(check);
}

export async function checkSkillFile(fs: FileSystem, file: string, opts: CheckOptions = {}): Promise<SkillCheckResult> {
  const skillDir = path.dirname(file);
  const settings = resolveSkillSettings(file, opts);
  const targets = settings.targets.map((t) => t.id);
  const read = await readSkillFile(fs, file);
  if (!read.doc) {
    const d = read.diagnostic;
    const setting = settings.rules[d.code];
    const diagnostics = setting === 'off' ? [] : [{ ...d, severity: setting ?? d.severity }];
    return { file, skillDir, name: path.basename(skillDir), targets, diagnostics };
  }
  const doc = read.doc;
  let diagnostics = checkDocument(doc, opts);
  const fromDisk = await runDiskRules(fs, doc, opts);
  if (fileChecks.length || fromDisk.length) {
    diagnostics.push(...fromDisk);
    for (const check of fileChecks) diagnostics.push(...(await check(fs, doc, opts)));
    diagnostics = finish(doc, diagnostics);
  }
  const name = getString(doc, 'name')?.trim() || path.basename(skillDir);
  return { file, skillDir, name, targets, diagnostics, doc };
}

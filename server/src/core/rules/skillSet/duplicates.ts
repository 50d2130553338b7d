import * as path from 'node:path';
import { resolveSkillSettings, type CheckOptions } from '../../check/checkDocument';
import type { SkillDocument } from '../../document/model';
import { getEntry } from '../../document/values';
import { readSkillFile } from '../../document/readSkillFile';
import type { ProfileId } from '../../profiles/types';
import type { Range, SeveritySetting, SkillDiagnostic } from '../../types';
import type { FileSystem } from '../../workspace/fileSystem';
import type { RuleInfo } from '../fileRules';
import { stringFor } from '../fields/profileValues';
import { detach } from '../../text/detach';

/**
 * What the set-wide rules need of one skill: small, so a host can keep one per skill,
 * and sharing no memory with the document (its strings detached, its ranges copied):
 * a check keeps every skill's summary to the end of its run.
 */
export interface SkillSummary {
  file: string;
  /** skills with the same group are seen together by an agent (see `skillGroup`) */
  group: string;
  /** `name`, else the folder name */
  name: string;
  nameRange: Range;
  /** the description with white space runs joined, when there is one */
  description?: string;
  descriptionRange?: Range;
  targets: readonly ProfileId[];
  /** rule settings for this file (`off`, severities) */
  rules: Readonly<Record<string, SeveritySetting>>;
}

export const duplicateName: RuleInfo = { code: 'duplicate-skill-name', title: 'Two skills an agent sees together (one skills folder, or a project\'s agent folders) have the same name; the agent keeps one.', defaultSeverity: 'warning' };
export const duplicateDescription: RuleInfo = { code: 'duplicate-description', title: 'Two skills an agent sees together have the same description, so it cannot tell when to use which.', defaultSeverity: 'warning' };
export const skillSetRuleInfos: readonly RuleInfo[] = [duplicateName, duplicateDescription];

const AGENT_FOLDER = /^(.*?)[\\/]\.(?:claude|github|agents|codex|opencode)[\\/]skills$/;

/**
 * The skills one agent sees together: the agent folders of one project are read
 * together (Copilot reads `.github/skills`, `.claude/skills` and `.agents/skills`),
 * any other folder of skills on its own.
 */
export function skillGroup(file: string): string {
  const root = path.dirname(path.dirname(file));
  const m = AGENT_FOLDER.exec(root);
  return m ? `project:${m[1]}` : root;
}

const zero: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export function summarizeSkill(doc: SkillDocument, opts: CheckOptions): SkillSummary {
  const settings = resolveSkillSettings(doc.path, opts);
  // Every set-wide rule off for this file: clashes() skips it on `rules` alone, so its
  // name and description are not resolved and copied (~9 µs a skill).
  if (skillSetRuleInfos.every((r) => settings.rules[r.code] === 'off')) {
    return { file: doc.path, group: '', name: '', nameRange: zero, targets: [], rules: settings.rules };
  }
  const first = settings.targets[0];
  const nameEntry = getEntry(doc, 'name');
  const name = (first && nameEntry?.value && stringFor(first, nameEntry.value)?.trim()) || path.basename(path.dirname(doc.path));
  const descEntry = getEntry(doc, 'description');
  const description = first && descEntry?.value ? joinSpaces(stringFor(first, descEntry.value)?.trim()) : undefined;
  return {
    file: doc.path,
    group: skillGroup(doc.path),
    name: detach(name),
    nameRange: copyRange(nameEntry?.value?.range ?? doc.frontmatter.openRange ?? zero),
    description: description ? detach(description) : undefined,
    descriptionRange: description ? copyRange(descEntry!.value!.range) : undefined,
    targets: settings.targets.map((t) => t.id),
    rules: settings.rules,
  };
}

/** White space runs as one space; most descriptions have none to join, and the replace copied each (61 MB on the 10,000-skill bench corpus). */
export function joinSpaces(s: string | undefined): string | undefined {
  return s !== undefined && /[^\S ]| {2}/.test(s) ? s.replace(/\s+/g, ' ') : s;
}

/** A copy of a range of the document's (a summary outlives the document). */
function copyRange(r: Range): Range {
  return { start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } };
}

/** Pairs of skills in one group that share a target and `key`; each gets a diagnostic naming the others. */
function clashes(skills: readonly SkillSummary[], info: RuleInfo, key: (s: SkillSummary) => string | undefined, range: (s: SkillSummary) => Range, message: (s: SkillSummary, others: SkillSummary[]) => string): SkillDiagnostic[] {
  // A map per group, not one keyed by group and key joined: a joined key is a new
  // string to flatten and hash for each skill (a description is hashed once, kept).
  const byGroup = new Map<string, Map<string, SkillSummary[]>>();
  for (const s of skills) {
    const k = key(s);
    if (k === undefined || s.rules[info.code] === 'off') continue;
    let byKey = byGroup.get(s.group);
    if (!byKey) byGroup.set(s.group, (byKey = new Map()));
    const list = byKey.get(k);
    if (list) list.push(s);
    else byKey.set(k, [s]);
  }
  const out: SkillDiagnostic[] = [];
  for (const byKey of byGroup.values()) for (const same of byKey.values()) {
    if (same.length < 2) continue;
    for (const s of same) {
      const others = same.filter((o) => o !== s && o.targets.some((t) => s.targets.includes(t)));
      if (!others.length) continue;
      out.push({
        code: info.code,
        severity: (s.rules[info.code] as SkillDiagnostic['severity'] | undefined) ?? info.defaultSeverity,
        message: message(s, others),
        file: s.file,
        range: range(s),
        // Hundreds of copies of one skill: the first few point the way, a few hundred per skill would not.
        related: others.slice(0, MAX_NAMED).map((o) => ({ file: o.file, range: range(o), message: `the other skill` })),
      });
    }
  }
  return out;
}

/** Other skills a message and its related information name; the rest are counted. */
const MAX_NAMED = 3;

/** Duplicate names and identical descriptions across a set of skills. */
export function duplicateDiagnostics(skills: readonly SkillSummary[]): SkillDiagnostic[] {
  const rel = (s: SkillSummary, o: SkillSummary) => path.relative(path.dirname(path.dirname(s.file)), o.file).split(path.sep).join('/');
  const names = (s: SkillSummary, others: SkillSummary[]) =>
    others.slice(0, MAX_NAMED).map((o) => `\`${rel(s, o)}\``).join(', ') + (others.length > MAX_NAMED ? ` and ${others.length - MAX_NAMED} more` : '');
  return [
    ...clashes(skills, duplicateName, (s) => s.name, (s) => s.nameRange, (s, others) =>
      `Another skill seen with this one is also named \`${s.name}\` (${names(s, others)}); the agent keeps one of them. Give each skill its own name.`),
    ...clashes(skills, duplicateDescription, (s) => s.description, (s) => s.descriptionRange!, (s, others) =>
      `${names(s, others)} ${others.length > 1 ? 'have' : 'has'} the same description, so the agent cannot tell when to use which; say what sets this skill apart.`),
  ];
}

/**
 * Checks the set from the files themselves, in the order given (a host that kept no
 * summaries, as `check` keeps SkillCheckResult.facts: the fixture harness).
 */
export async function checkSkillSet(fs: FileSystem, files: readonly string[], opts: CheckOptions): Promise<SkillDiagnostic[]> {
  const summaries: SkillSummary[] = [];
  for (const file of files) {
    const read = await readSkillFile(fs, file).catch(() => undefined);
    if (read?.doc) summaries.push(summarizeSkill(read.doc, opts));
  }
  return duplicateDiagnostics(summaries);
}

// A new skill: the SKILL.md skeleton for a name and its targets, and what the targets
// would say about that name. Both derive from the profiles and the rules: the
// skeleton holds every field a target requires, and the name is judged by running
// the document rules on the skeleton itself, so "New Skill…" can never accept a
// name the checks then reject (or refuse one they accept).
import * as path from 'node:path';
import { checkDocument, resolveSkillSettings, type CheckOptions } from '../check/checkDocument';
import { parseSkillDocument } from '../document/parse';
import type { AgentProfile, FieldSpec } from '../profiles/types';
import { yamlScalar } from '../rules/edits';
import type { Range, Severity } from '../types';

/** The description the skeleton starts with; the editor selects it for the author to type over. */
export const DESCRIPTION_PLACEHOLDER = 'What this skill does. Use when …';

export interface NewSkillProblem {
  severity: Severity;
  message: string;
  /** the rule's code; absent for problems of the folder itself (exists, not one folder name) */
  code?: string;
}

export interface Skeleton {
  text: string;
  /** the description placeholder in `text` */
  description: Range;
}

/** A value for a required field the skeleton has no text for, by its canonical shape. */
function placeholderValue(spec: FieldSpec): string {
  if (spec.values?.length) return yamlScalar(spec.values[0]);
  switch (spec.shapes[0]) {
    case 'list':
      return '[]';
    case 'map':
      return '{}';
    case 'boolean':
      return 'false';
    case 'number':
      return '0';
    default:
      return '""';
  }
}

/**
 * SKILL.md for `name`: `name`, `description`, then every other field some target
 * requires (in the targets' order), and a heading.
 */
export function skeletonFor(name: string, targets: readonly AgentProfile[]): Skeleton {
  const lines = ['---', `name: ${yamlScalar(name)}`, `description: ${DESCRIPTION_PLACEHOLDER}`];
  const seen = new Set(['name', 'description']);
  for (const t of targets) {
    for (const [key, spec] of Object.entries(t.fields)) {
      if (!spec.required || seen.has(key)) continue;
      seen.add(key);
      lines.push(`${key}: ${placeholderValue(spec)}`);
    }
  }
  lines.push('---', '', `# ${name}`, '');
  const start = { line: 2, character: 'description: '.length };
  return { text: lines.join('\n'), description: { start, end: { line: 2, character: start.character + DESCRIPTION_PLACEHOLDER.length } } };
}

/** Why `name` cannot be a folder name at all (before any target's rule). */
function folderProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Type a name for the skill (it is also its folder name).';
  if (/[\\/]/.test(name)) return 'A skill name is one folder name: no `/` or `\\`.';
  if (name === '.' || name === '..') return `\`${name}\` cannot be a folder name.`;
  if (/[\u0000-\u001f]/.test(name)) return 'A skill name cannot hold control characters.';
  return undefined;
}

export interface NewSkillCheck {
  /** `<root>/<name>/SKILL.md` */
  file: string;
  targets: AgentProfile[];
  skeleton: Skeleton;
  /** errors first; empty when every target takes the name */
  problems: NewSkillProblem[];
}

/**
 * The skill `name` would be in `root`: its file, its targets (location, .skillmd.json,
 * editor settings, as for any SKILL.md there) and what is wrong with the name.
 * `exists` says whether a path is taken (the folder must be new).
 */
export async function checkNewSkill(root: string, name: string, opts: CheckOptions, exists: (p: string) => Promise<boolean>): Promise<NewSkillCheck> {
  const file = path.join(root, name, 'SKILL.md');
  const targets = resolveSkillSettings(file, opts).targets;
  const skeleton = skeletonFor(name, targets);
  const bad = folderProblem(name);
  if (bad) return { file, targets, skeleton, problems: [{ severity: 'error', message: bad }] };
  const problems: NewSkillProblem[] = [];
  if (await exists(path.join(root, name))) problems.push({ severity: 'error', message: `The folder \`${name}\` already exists there: pick another name.` });
  // The rules' own verdict on the name line of the skeleton (the folder equals the name).
  const doc = parseSkillDocument(file, skeleton.text);
  for (const d of checkDocument(doc, opts)) {
    if (d.range.start.line !== 1 || d.severity === 'hint') continue;
    problems.push({ severity: d.severity, message: d.message, code: d.code });
  }
  const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2, hint: 3 };
  problems.sort((a, b) => rank[a.severity] - rank[b.severity]);
  return { file, targets, skeleton, problems };
}

/**
 * agentskills `skills-ref to-prompt` — skills-ref/src/skills_ref/prompt.py
 * @6dcd8492 (current upstream: `<location>` html-escaped; older snapshots printed
 * it raw). Every tag and value on its own line, no indentation, no trailing newline
 * (the CLI's click.echo adds one). See /work/research/renderers.md §2.
 */
import * as path from 'node:path';
import type { CatalogEntry, CatalogSnapshot } from '../catalog/types';
import { pyHtmlEscape } from './text';
import type { PreviewSkill } from './types';

export function agentskillsSkillBlock(e: CatalogEntry): string {
  // find_skill_md: <resolved skill dir>/SKILL.md, or /skill.md when only that exists.
  const location = path.join(e.realDir, path.basename(e.path));
  return [
    '<skill>', '<name>', pyHtmlEscape(e.name), '</name>',
    '<description>', pyHtmlEscape(e.description), '</description>',
    '<location>', pyHtmlEscape(location), '</location>', '</skill>',
  ].join('\n');
}

export function renderAgentskillsIndex(skills: readonly CatalogEntry[]): { text: string; skills: PreviewSkill[] } {
  if (skills.length === 0) return { text: '<available_skills>\n</available_skills>', skills: [] };
  const per = skills.map((e) => ({ name: e.name, path: e.path, text: agentskillsSkillBlock(e) }));
  return { text: ['<available_skills>', ...per.map((p) => p.text), '</available_skills>'].join('\n'), skills: per };
}

/**
 * to_prompt catches only OSError and RuntimeError: the first skill that read_properties
 * rejects (a ParseError or ValidationError) ends the command, which prints
 * `Error: <message>` and exits 1 (cli.py @6dcd8492). Nothing is listed then.
 */
export function agentskillsListFailure(snapshot: CatalogSnapshot): string | undefined {
  return snapshot.skipped.find((x) => x.reason === 'invalid')?.message;
}

export const AGENTSKILLS_FAILURE_NOTE = 'skills-ref to-prompt reads every skill folder it is given: one it cannot read makes the whole command fail with this error (exit status 1), and no skill is listed.';

/**
 * agentskills `skills-ref to-prompt` — skills-ref/src/skills_ref/prompt.py
 * @6dcd8492 (current upstream: `<location>` html-escaped; older snapshots printed
 * it raw). Every tag and value on its own line, no indentation, no trailing newline
 * (the CLI's click.echo adds one). See /work/research/renderers.md §2.
 */
import * as path from 'node:path';
import type { CatalogEntry } from '../catalog/types';
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

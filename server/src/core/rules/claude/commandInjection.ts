import type { SkillDocument } from '../../document/model';
import type { AgentProfile } from '../../profiles/types';
import type { Position, Range } from '../../types';
import { bodyLines, inlineCode } from '../content/bodyLines';
import type { Rule } from '../types';
import { ids, withFact } from '../facts';

/** A shell command the agent runs while loading the skill: `` !`cmd` `` or a ```` ```! ```` block. */
export interface CommandInjection {
  command: string;
  start: number;
  end: number;
}

let last: { doc: SkillDocument; found: CommandInjection[] } | undefined;

/** What each form needs: `` !` `` in prose, or a fence whose language is `!` (bodyLines' FENCE). */
const MAY_INJECT = /!`|^ {0,3}(?:`{3,}|~{3,})[^\S\r\n]*!/gm;

/** Every command injection of the body, in order (prose only: code shows the syntax, it does not use it). */
export function commandInjections(doc: SkillDocument): CommandInjection[] {
  if (last?.doc === doc) return last.found;
  const found: CommandInjection[] = [];
  // Most bodies have neither form: one search of the text instead of the body's lines.
  MAY_INJECT.lastIndex = doc.bodyStart;
  if (!MAY_INJECT.test(doc.text)) return (last = { doc, found }).found;
  let block: { start: number; lines: string[]; end: number } | undefined;
  for (const line of bodyLines(doc)) {
    if (line.fence === '!') {
      if (!block) block = { start: line.start, lines: [], end: line.start + line.text.length };
      else {
        block.lines.push(line.text);
        block.end = line.start + line.text.length;
      }
      continue;
    }
    if (block) {
      // The closing fence was pushed as a line of the block: drop it.
      const lines = block.lines.slice(0, /^\s*(`{3,}|~{3,})\s*$/.test(block.lines[block.lines.length - 1] ?? '') ? -1 : undefined);
      found.push({ command: lines.join('\n').trim(), start: block.start, end: block.end });
      block = undefined;
    }
    if (line.fence !== undefined || !line.text.includes('!`')) continue;
    for (const [s, e] of inlineCode(line.text)) {
      if (line.text[s - 1] !== '!' || (s >= 2 && !/\s/.test(line.text[s - 2]))) continue;
      const ticks = /^`+/.exec(line.text.slice(s))![0].length;
      found.push({ command: line.text.slice(s + ticks, e - ticks).trim(), start: line.start + s - 1, end: line.start + e });
    }
  }
  if (block) found.push({ command: block.lines.join('\n').trim(), start: block.start, end: block.end });
  last = { doc, found };
  return found;
}

export const commandInjectionCount: Rule = {
  code: 'command-injections',
  title: 'The body runs more than a few shell commands (`` !`cmd` ``) every time the skill loads (Claude Code).',
  defaultSeverity: 'warning',
  check(ctx) {
    const has = withFact(ctx.targets, 'commandInjection');
    if (!has) return;
    const found = commandInjections(ctx.doc);
    if (found.length <= has.fact.warnAbove) return;
    const shown = found.slice(0, 3).map((c) => `\`${c.command.split('\n')[0]}\``).join(', ');
    ctx.report({
      message: `The body runs ${found.length} shell commands each time the skill loads, before Claude reads it (${shown}${found.length > 3 ? ', …' : ''}); more than ${has.fact.warnAbove} slow every use and widen what the skill can do unasked. Move them into a script the instructions run (${ids(has.profiles)}).`,
      range: ctx.doc.lines.range(found[0].start, found[0].end),
    });
  },
};

/** Hover text for a command injection under `position`, for the targets that run them. */
export function commandInjectionHover(doc: SkillDocument, position: Position, targets: readonly AgentProfile[]): { range: Range; markdown: string } | undefined {
  const has = withFact(targets, 'commandInjection');
  if (!has) return undefined;
  const at = doc.lines.offsetAt(position);
  const found = commandInjections(doc);
  const i = found.findIndex((c) => at >= c.start && at <= c.end);
  if (i < 0) return undefined;
  const list = found.map((c, j) => `${j + 1}. \`${c.command.split('\n')[0]}\`${j === i ? ' ← this one' : ''}`).join('\n');
  return {
    range: doc.lines.range(found[i].start, found[i].end),
    markdown: `**Command injection** (${ids(has.profiles)}): runs in the shell when the skill loads; its output replaces this text before the model reads it.\n\nThis skill runs ${found.length} command${found.length === 1 ? '' : 's'}:\n\n${list}`,
  };
}

import type { ProfileId } from './types';

// Folder markers, most specific first: a skill under `.claude/skills` is a Claude
// Code skill whatever else its path says.
const MARKERS: [RegExp, ProfileId][] = [
  [/(^|\/)\.claude\/skills\//, 'claude-code'],
  [/(^|\/)\.github\/skills\//, 'copilot'],
  [/(^|\/)\.codex\//, 'codex'],
  [/(^|\/)\.opencode\//, 'opencode'],
];

/** Profiles inferred from where the skill lives; the open specification otherwise. */
export function inferTargets(skillFilePath: string): ProfileId[] {
  const p = skillFilePath.replace(/\\/g, '/');
  for (const [re, id] of MARKERS) if (re.test(p)) return [id];
  return ['agentskills'];
}

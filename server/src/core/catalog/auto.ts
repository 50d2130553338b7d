// `auto` as a preview agent: the agents the workspace's skills target, found the way
// the diagnostics find them (explicit targets, .skillmd.json targets and overrides,
// else where the skill lives), so the Skills view and the Problems panel judge every
// skill against the same agents.
import * as path from 'node:path';
import { resolveSkillSettings, type CheckOptions } from '../check/checkDocument';
import { settingsFor } from '../config/config';
import { profiles } from '../profiles/registry';
import type { ProfileId } from '../profiles/types';
import type { CancellationToken } from '../types';
import type { FileSystem } from '../workspace/fileSystem';
import { discoveryRules } from './agents';
import { walkForSkills } from './scan';
import type { SkillRoot } from './types';

/** The agent `auto` means in a workspace without skills: the open specification. */
export const AUTO_FALLBACK: ProfileId = 'agentskills';

/** Is the skill's target only the default guess (no location, plugin or setting named one)? */
function onlyDefault(file: string, opts: CheckOptions): boolean {
  if (opts.targets?.length) return false;
  if (opts.config) {
    const rel = opts.configDir ? path.relative(opts.configDir, file).split(path.sep).join('/') : file;
    if (settingsFor(opts.config, rel).targets?.length) return false;
  }
  const ids = resolveSkillSettings(file, opts).targets.map((p) => p.id);
  return ids.length === 1 && ids[0] === AUTO_FALLBACK;
}

/**
 * The agents the skills in `files` target, limited to `candidates`, most skills first
 * (ties: the first seen). Agents a skill was given or placed for come before the open
 * specification that skills elsewhere default to. [AUTO_FALLBACK] when none applies.
 */
export function autoAgents(files: readonly string[], optionsFor: (file: string) => CheckOptions, candidates: readonly ProfileId[]): ProfileId[] {
  const tally = new Map<ProfileId, { count: number; first: number; named: boolean }>();
  files.forEach((file, i) => {
    const opts = optionsFor(file);
    const named = !onlyDefault(file, opts);
    for (const p of resolveSkillSettings(file, opts).targets) {
      if (!candidates.includes(p.id)) continue;
      const t = tally.get(p.id) ?? { count: 0, first: i, named: false };
      t.count++;
      t.named ||= named;
      tally.set(p.id, t);
    }
  });
  const ranked = [...tally].sort(([, a], [, b]) => Number(b.named) - Number(a.named) || b.count - a.count || a.first - b.first).map(([id]) => id);
  return ranked.length ? ranked : [AUTO_FALLBACK];
}

/** The deepest bounded walk of the profiles (Codex's 6 levels; a `recursive` one would make every view walk whole trees). */
const WIDEST_DEPTH = Math.max(...profiles.map((p) => (typeof p.discoveryDepth === 'number' ? p.discoveryDepth : 1)));

/** Every SKILL.md under the roots that any agent could read (the widest walk: the deepest bounded depth, both spellings). */
export async function skillFilesUnder(fs: FileSystem, roots: readonly SkillRoot[], token?: CancellationToken): Promise<string[]> {
  const rules = { ...discoveryRules('agentskills'), caseInsensitive: true, descendIntoSkills: true, maxDepth: WIDEST_DEPTH };
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of roots) {
    const st = await fs.stat(r.path).catch(() => undefined);
    if (st?.type !== 'directory') continue;
    const w = await walkForSkills(fs, r.path, 0, rules, token);
    for (const f of w.found) {
      if (seen.has(f.file)) continue;
      seen.add(f.file);
      out.push(f.file);
    }
  }
  return out;
}

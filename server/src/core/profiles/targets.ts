import type { ProfileId } from './types';

export interface LocationMarker {
  /** how the README's table shows the location */
  location: string;
  profile: ProfileId;
  /** tested on the skill file's path, with `/` separators */
  path?: RegExp;
  /**
   * A folder of this name in the skill's parent folders marks a plugin of that agent
   * (the host looks: `isPluginFolder`).
   */
  pluginFolder?: string;
}

/** Parent folders of the skill folder searched for a plugin's folder. */
export const PLUGIN_SEARCH_DEPTH = 4;

// Most specific first: a skill under `.claude/skills` is a Claude Code skill whatever
// else its path says.
export const LOCATION_MARKERS: readonly LocationMarker[] = [
  { location: '`.claude/skills/…`', profile: 'claude-code', path: /(^|\/)\.claude\/skills\// },
  { location: '`.github/skills/…`', profile: 'copilot', path: /(^|\/)\.github\/skills\// },
  { location: '`.codex/…`', profile: 'codex', path: /(^|\/)\.codex\// },
  { location: '`.opencode/…`', profile: 'opencode', path: /(^|\/)\.opencode\// },
  // A Claude Code plugin: `.claude-plugin/plugin.json` (or a marketplace's manifest)
  // next to the plugin's `skills/` folder, or a few folders further up.
  { location: `in a Claude Code plugin: a parent folder (up to ${PLUGIN_SEARCH_DEPTH} levels above the skill folder) holds \`.claude-plugin/\``, profile: 'claude-code', pluginFolder: '.claude-plugin' },
];

/** Names of the folders that mark a plugin (`.claude-plugin`). */
export const PLUGIN_FOLDERS: readonly string[] = LOCATION_MARKERS.flatMap((m) => (m.pluginFolder ? [m.pluginFolder] : []));

/**
 * Whether `dir` holds a folder named `name` (`.claude-plugin`). Given by hosts that
 * can look at the disk, synchronously and cached; without it plugins are not detected.
 */
export type PluginFolderProbe = (dir: string, name: string) => boolean;

/** Profiles inferred from where the skill lives; the open specification otherwise. */
export function inferTargets(skillFilePath: string, probe?: PluginFolderProbe): ProfileId[] {
  const p = skillFilePath.replace(/\\/g, '/');
  for (const m of LOCATION_MARKERS) if (m.path?.test(p)) return [m.profile];
  const plugin = probe && pluginOf(skillFilePath, probe);
  return plugin ? [plugin.profile] : ['agentskills'];
}

/**
 * The project a skill is kept in, when it lies in an agent's project folder
 * (`<project>/.github/skills/x/SKILL.md`): agents working in the project read it in
 * place. `/` separators.
 */
export function projectRootOf(skillFilePath: string): string | undefined {
  const p = skillFilePath.replace(/\\/g, '/');
  for (const m of LOCATION_MARKERS) {
    const hit = m.path?.exec(p);
    if (hit) return p.slice(0, hit.index) || '/';
  }
  return undefined;
}

/**
 * The plugin a skill belongs to: its root folder (with `/` separators) and its agent.
 * The search starts at the skill folder's parent, so sibling skills share the answer:
 * the last one is kept per probe (a walk checks siblings one after another, and each
 * skill asks twice: for its targets and for its references).
 */
export function pluginOf(skillFilePath: string, probe: PluginFolderProbe): { root: string; profile: ProfileId } | undefined {
  const sep = Math.max(skillFilePath.lastIndexOf('/'), skillFilePath.lastIndexOf('\\'));
  const up = sep > 0 ? Math.max(skillFilePath.lastIndexOf('/', sep - 1), skillFilePath.lastIndexOf('\\', sep - 1)) : -1;
  // A skill folder at the root or a path without a parent: searched each time.
  if (up < 0) return searchPlugin(skillFilePath, probe);
  const parent = skillFilePath.slice(0, up + 1);
  if (probe === lastPlugin.probe && parent === lastPlugin.parent) return lastPlugin.found;
  const found = searchPlugin(skillFilePath, probe);
  lastPlugin = { probe, parent, found };
  return found;
}

let lastPlugin: { probe?: PluginFolderProbe; parent: string; found: { root: string; profile: ProfileId } | undefined } = { parent: '', found: undefined };

function searchPlugin(skillFilePath: string, probe: PluginFolderProbe): { root: string; profile: ProfileId } | undefined {
  const parts = skillFilePath.replace(/\\/g, '/').split('/');
  // parts: …, parent of the skill folder, the skill folder, SKILL.md
  for (let up = 2; up <= PLUGIN_SEARCH_DEPTH + 1 && parts.length - up > 0; up++) {
    const dir = parts.slice(0, parts.length - up).join('/') || '/';
    for (const m of LOCATION_MARKERS) if (m.pluginFolder && probe(dir, m.pluginFolder)) return { root: dir, profile: m.profile };
  }
  return undefined;
}

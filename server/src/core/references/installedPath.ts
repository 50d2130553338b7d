// Paths written as where the skill will be installed or bundled, rather than relative
// to it: `~/.claude/skills/<this skill>/scripts/x.sh` (the agents' user folders, from
// the profiles' discovery tables) and `${CLAUDE_PLUGIN_ROOT}/skills/<this skill>/…`.
// They name the skill's own files, so they are checked like `${CLAUDE_SKILL_DIR}/…`.
// So do paths written from the project's root to a skill kept in the project
// (`.github/skills/<this skill>/scripts/x.ps1`), as commands run there are.
import * as path from 'node:path';
import { profiles } from '../profiles/registry';
import { projectRootOf } from '../profiles/targets';

/** Folders below the home folder where agents look for a user's skills (`.claude/skills`). */
const USER_SKILL_ROOTS: readonly string[] = [
  ...new Set(profiles.flatMap((p) => p.discovery.user).filter((u) => u.startsWith('~/')).map((u) => u.slice(2))),
];

const HOME = /^(?:~|\$HOME|\$\{HOME\})\//;
const PLUGIN_ROOT = /^\$(?:\{(?:CLAUDE_)?PLUGIN_ROOT\}|(?:CLAUDE_)?PLUGIN_ROOT)\//;
/** Folders between the plugin root and the skill folder (`skills/<name>`, `plugins/p/skills/<name>`). */
const MAX_PLUGIN_DEPTH = 4;

/** Folder names that hold skills or a skill's files, never a skill itself. */
const NOT_A_SKILL = new Set(['skills', 'skill', 'references', 'reference', 'scripts', 'assets', 'templates', 'examples', 'resources', 'docs']);

/**
 * The folder names the document's skill may be installed under: the skill folder's
 * name when known (given, or the folder of a SKILL.md), else the names of the
 * document's folders (references/guide.md does not know which is the skill's).
 */
export function installNames(docPath: string, skillDir?: string): string[] {
  if (skillDir) return [path.basename(skillDir)];
  if (path.basename(docPath).toLowerCase() === 'skill.md') return [path.basename(path.dirname(docPath))];
  const names: string[] = [];
  let dir = path.dirname(docPath);
  for (let i = 0; i < 3; i++) {
    const name = path.basename(dir);
    if (!name || name === dir) break;
    if (!NOT_A_SKILL.has(name)) names.push(name);
    dir = path.dirname(dir);
  }
  return names;
}

/**
 * The skill folder as written from its project's root, with a final `/`
 * (`.github/skills/pdf/`); '' when the skill is kept in no project's agent folder or
 * its folder is not known (a file other than SKILL.md, no `skillDir`).
 */
export function projectSkillPrefix(docPath: string, skillDir?: string): string {
  const dir = skillDir ?? (path.basename(docPath).toLowerCase() === 'skill.md' ? path.dirname(docPath) : undefined);
  if (!dir) return '';
  const root = projectRootOf(path.join(dir, 'SKILL.md'));
  if (!root) return '';
  const slashed = dir.replace(/\\/g, '/');
  const from = root === '/' ? 1 : root.length + 1;
  return slashed.startsWith(root) && slashed.length > from ? slashed.slice(from) + '/' : '';
}

/**
 * Length of the prefix of `word` that stands for the skill folder, with its `/`
 * (`~/.claude/skills/pdf/` in `~/.claude/skills/pdf/scripts/x.py`); 0 when there is none.
 */
export function installedPrefixLength(word: string, names: readonly string[]): number {
  const home = HOME.exec(word);
  if (home) {
    const rest = home[0].length;
    for (const root of USER_SKILL_ROOTS) {
      if (!word.startsWith(root, rest) || word.charCodeAt(rest + root.length) !== 47 /* / */) continue;
      const at = rest + root.length + 1;
      for (const name of names) if (word.startsWith(name, at) && word.charCodeAt(at + name.length) === 47) return at + name.length + 1;
    }
    return 0;
  }
  const plugin = PLUGIN_ROOT.exec(word);
  if (plugin) {
    let at = plugin[0].length;
    for (let depth = 0; depth <= MAX_PLUGIN_DEPTH; depth++) {
      const slash = word.indexOf('/', at);
      if (slash === -1) return 0;
      if (names.includes(word.slice(at, slash))) return slash + 1;
      at = slash + 1;
    }
  }
  return 0;
}

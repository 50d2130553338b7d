import * as path from 'node:path';
import { getEntry, getString } from '../../document/values';
import { closest } from '../../text/similarity';
import type { FileSystem } from '../../workspace/fileSystem';
import type { DiskRule } from '../diskRules';
import { replace } from '../edits';
import { ids, withFact } from '../facts';

const NAME = /^name:\s*["']?([^"'\r\n#]+?)["']?\s*$/m;

/** Names of the agents in a folder: each `<file>.md`'s frontmatter `name`, else its file name. */
async function agentsIn(fs: FileSystem, dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readDirectory(dir);
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const e of entries) {
    if (!e.name.endsWith('.md') || e.type === 'directory') continue;
    const file = path.join(dir, e.name);
    let text = '';
    try {
      const bytes = fs.readFilePrefix ? await fs.readFilePrefix(file, 4096) : (await fs.readFile(file)).subarray(0, 4096);
      text = new TextDecoder().decode(bytes);
    } catch {
      // unreadable: its file name still names it
    }
    const close = text.indexOf('\n---', 3);
    const fm = text.startsWith('---') ? text.slice(3, close < 0 ? undefined : close) : '';
    names.push(NAME.exec(fm)?.[1].trim() || e.name.slice(0, -3));
  }
  return names;
}

/** Folders whose agents the skill can name: the project's, the plugin's, the user's. */
async function agentFolders(fs: FileSystem, skillDir: string, home: string | undefined, folders: { projectFolder: string; pluginFolder: string; userFolder: string }): Promise<string[]> {
  const out: string[] = [];
  const parts = skillDir.split(/[\\/]/);
  // `<project>/.claude/skills/<skill>`: the project's `.claude/agents`.
  const claude = parts.lastIndexOf('.claude');
  if (claude > 0 && parts[claude + 1] === 'skills') out.push(path.join(parts.slice(0, claude).join('/') || '/', folders.projectFolder));
  // `<plugin>/skills/<skill>` with `<plugin>/.claude-plugin`: the plugin's `agents`.
  for (let up = 1; up <= 3 && parts.length - up > 1; up++) {
    const root = parts.slice(0, parts.length - up).join('/') || '/';
    if ((await fs.stat(path.join(root, '.claude-plugin')))?.type === 'directory') {
      out.push(path.join(root, folders.pluginFolder));
      break;
    }
  }
  if (home) out.push(path.join(home, folders.userFolder.replace(/^~\//, '')));
  return out;
}

/** `agent` names a built-in subagent or one defined in the project's, the plugin's or the user's agents folder. */
export const agentUnknown: DiskRule = {
  code: 'agent-unknown',
  title: '`agent` names neither a built-in subagent nor one in `.claude/agents/` of the project or plugin (or `~/.claude/agents/`) (Claude Code).',
  defaultSeverity: 'warning',
  async check(ctx) {
    const has = withFact(ctx.targets, 'subagents');
    const entry = getEntry(ctx.doc, 'agent');
    const agent = getString(ctx.doc, 'agent')?.trim();
    if (!has || !entry?.value || !agent) return;
    const facts = has.fact;
    if (facts.builtIn.includes(agent)) return;
    const folders = await agentFolders(ctx.fs, ctx.skillDir, ctx.opts.homeDir, facts);
    const defined = (await Promise.all(folders.map((f) => agentsIn(ctx.fs, f)))).flat();
    // `plugin:agent` names another plugin's agent: found only when that plugin is this one.
    const bare = agent.includes(':') ? agent.slice(agent.indexOf(':') + 1) : agent;
    if (defined.includes(agent) || defined.includes(bare) || agent.includes(':')) return;
    const near = closest(agent, [...facts.builtIn, ...defined]);
    const where = folders.map((f) => `\`${f}\``).join(', ');
    const v = entry.value;
    ctx.report({
      severity: near ? 'warning' : 'info',
      message: `No subagent \`${agent}\`: it is not built in (${facts.builtIn.map((b) => `\`${b}\``).join(', ')}) nor defined in ${where || 'an agents folder'} (${ids(has.profiles)})${near ? `; did you mean \`${near}\`?` : '; an agent given with `--agents` or in managed settings would still do.'}`,
      range: v.range,
      fixes: near ? [{ title: `Change to \`${near}\``, edits: [replace(ctx.doc, v.start, v.end, near)], preferred: true }] : undefined,
    });
  },
};

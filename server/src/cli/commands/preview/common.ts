import * as path from 'node:path';
import * as os from 'node:os';
import { autoAgents, skillFilesUnder } from '../../../core/catalog/auto';
import { extrasFilter, SkillCatalog, workspaceRoots } from '../../../core/catalog/catalog';
import type { CatalogSnapshot, SkillRoot } from '../../../core/catalog/types';
import type { SkillmdConfig } from '../../../core/config/config';
import { findConfigFile, loadConfigFile } from '../../../core/config/loadConfig';
import { isProfileId } from '../../../core/profiles/registry';
import type { ProfileId } from '../../../core/profiles/types';
import { countPreviewTokens, formatPreviewReport, RENDER_AGENTS, type IndexPreview, type RenderOptions, type ToolPreview } from '../../../core/render';
import { escapedNote, joinParts } from '../../../core/render/partHeaders';
import { internalErrorMessage } from '../../../core/check/internalError';
import { NodeFileSystem } from '../../../node/nodeFileSystem';
import { pluginFolderProbe } from '../../../node/pluginFolders';
import { UsageError, type OptionSpec, type ParsedArgs } from '../../args';
import { writeStderr } from '../../output';

/** Words of `text` in lines of at most `width` characters, every line after the first indented by `indent`. */
function wrap(text: string, indent: number, width = 80): string {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && indent + line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return lines.join('\n' + ' '.repeat(indent));
}

/** The options part of index/load/read --help; `agents`: those the command previews. */
export const previewOptionsUsage = (agents: readonly ProfileId[]): string => `Options:
  --agent <profile>       ${agents.length === 1 ? `${agents[0]} (the only agent with this tool)` : wrap(`${agents.join(', ')}, or auto (default auto: the agent most skills target, by .skillmd.json targets, else where they live: .claude/skills → claude-code, .github/skills → copilot, …)`, 26)}
  --root <folder>         ${wrap('a skill root (repeatable); default: the folders the agent reads in the current folder (Claude Code .claude/skills; Copilot .github/skills, .agents/skills, .claude/skills; Codex .agents/skills, .codex/skills; opencode .claude/skills, .agents/skills, .opencode/skill(s); the others all of these), then skills/ and configured roots', 26)}
  --filter <key=value>    keep skills whose frontmatter extra matches (repeatable)
  --usage-rules <text>    lovia usage rules text; --no-usage-rules for none
  --eino-format <f>       reminder (newest, default) or tool-description (older)
  --context-window <n>    model context window in tokens (Codex/Claude budgets)
  --part <id>             print only this part (exact bytes) when there are several
  --json                  print the catalog and preview as JSON
  --quiet                 no report on stderr
  --config <file>         configuration file (default: nearest .skillmd.json)
  -h, --help              show this help

stdout is exactly the agent-visible text (no newline added); the report (skills
left out and why, tokens per skill and in total) goes to stderr.
Exit status: 0 ok, 1 unknown skill or refused path (the agent's error text is
still printed), 2 usage error.`;

export const PREVIEW_SPEC: Record<string, OptionSpec> = {
  agent: { value: true },
  root: { value: true, repeat: true },
  filter: { value: true, repeat: true },
  'usage-rules': { value: true },
  'no-usage-rules': {},
  'eino-format': { value: true },
  'context-window': { value: true },
  part: { value: true },
  json: {},
  quiet: {},
  config: { value: true },
  help: { short: 'h' },
};

export interface PreviewSetup {
  fs: NodeFileSystem;
  agent: ProfileId;
  catalog: SkillCatalog;
  snapshot: CatalogSnapshot;
  render: RenderOptions;
}

/** `agents`: those the command previews; without --agent, the first of them among the configured targets, else lovia. */
export async function setupPreview(args: ParsedArgs, cwd: string, explicitRoots: string[], agents: readonly ProfileId[]): Promise<PreviewSetup> {
  const fs = new NodeFileSystem();
  const o = args.options;
  const configPath = o.config ? path.resolve(cwd, o.config as string) : await findConfigFile(fs, cwd);
  let config: SkillmdConfig | undefined;
  let configDir: string | undefined;
  if (configPath) {
    const loaded = await loadConfigFile(fs, configPath);
    if (loaded.problems.length) throw new UsageError(`invalid configuration ${configPath}:\n  ${loaded.problems.join('\n  ')}`);
    config = loaded.config;
    configDir = loaded.dir;
  }
  const agentOpt = o.agent as string | undefined;
  if (agentOpt !== undefined && agentOpt !== 'auto' && (!isProfileId(agentOpt) || !RENDER_AGENTS.includes(agentOpt))) {
    throw new UsageError(`--agent must be auto or one of ${RENDER_AGENTS.join(', ')}, not "${agentOpt}"`);
  }
  const explicit: SkillRoot[] = explicitRoots.map((r) => ({ path: path.resolve(cwd, r), origin: 'explicit' as const }));
  let agent = agentOpt === undefined || agentOpt === 'auto' ? undefined : (agentOpt as ProfileId);
  if (!agent) {
    // auto: the agents the skills target, as `skillmd check` judges them.
    const files = await skillFilesUnder(fs, explicit.length ? explicit : workspaceRoots([cwd], config, configDir));
    const checkOpts = { config, configDir, isPluginFolder: pluginFolderProbe(), homeDir: os.homedir() };
    const auto = autoAgents(files, () => checkOpts, agents);
    agent = agents.includes(auto[0]) ? auto[0] : agents[0];
  }
  const roots: SkillRoot[] = explicit.length ? explicit : workspaceRoots([cwd], config, configDir, agent);
  const filters = (o.filter as string[] | undefined) ?? [];
  const spec: Record<string, string> = {};
  for (const f of filters) {
    const eq = f.indexOf('=');
    if (eq <= 0) throw new UsageError(`--filter needs key=value, not "${f}"`);
    spec[f.slice(0, eq)] = f.slice(eq + 1);
  }
  const render: RenderOptions = {};
  if (o['no-usage-rules']) render.usageRules = null;
  else if (typeof o['usage-rules'] === 'string') render.usageRules = o['usage-rules'];
  else if (config && 'usageRules' in config) render.usageRules = config.usageRules;
  const ef = o['eino-format'];
  if (ef !== undefined) {
    if (ef !== 'reminder' && ef !== 'tool-description') throw new UsageError('--eino-format must be reminder or tool-description');
    render.einoFormat = ef;
  }
  if (o['context-window'] !== undefined) {
    const n = Number(o['context-window']);
    if (!Number.isInteger(n) || n <= 0) throw new UsageError('--context-window needs a whole number > 0');
    render.contextWindow = n;
  }
  const catalog = new SkillCatalog({ fs, agent, roots, filter: filters.length ? extrasFilter(spec) : undefined, config, configDir });
  const snapshot = await catalog.scan();
  return { fs, agent, catalog, snapshot, render };
}

/** Writes the preview: exact text on stdout, the report on stderr. */
export function emitPreview(args: ParsedArgs, setup: PreviewSetup, preview: IndexPreview | ToolPreview, write: (s: string) => void): void {
  const tokens = countPreviewTokens(preview);
  const snap = setup.catalog.snapshot();
  if (args.options.json) {
    write(JSON.stringify({
      agent: setup.agent,
      roots: snap.roots,
      discovery: snap.rules.summary,
      skills: snap.skills,
      shadowed: snap.shadowed,
      skipped: snap.skipped,
      problems: snap.problems,
      tokens: snap.tokens,
      tokenizer: snap.tokenizer,
      preview: { ok: preview.ok !== false, parts: preview.parts, omitted: 'omitted' in preview ? preview.omitted : [], notes: preview.notes, tokens },
    }, null, 2) + '\n');
    return;
  }
  const partId = args.options.part as string | undefined;
  let notes: string[] = [];
  if (partId !== undefined) {
    const p = preview.parts.find((x) => x.id === partId);
    if (!p) throw new UsageError(`no part "${partId}"; parts: ${preview.parts.map((x) => x.id).join(', ')}`);
    write(p.text);
  } else if (preview.parts.length === 1) {
    write(preview.parts[0].text);
  } else {
    const joined = joinParts(preview.parts);
    write(joined.text);
    notes = joined.escaped.map(escapedNote);
  }
  if (!args.options.quiet) writeStderr(formatPreviewReport(notes.length ? { ...preview, notes: [...preview.notes, ...notes] } : preview, tokens, snap.problems));
}

/**
 * A bug while rendering one skill's answer (load, read): the skill cannot be shown,
 * and the report says why on stderr with exit status 1; the run itself did not fail.
 */
export function previewFailed(setup: PreviewSetup, what: string, e: unknown): number {
  writeStderr(`skillmd: ${what} for ${setup.agent} is left out: ${internalErrorMessage(`the ${setup.agent} preview`, e)}\n`);
  return 1;
}

import type { SkillCatalog } from '../catalog/catalog';
import * as path from 'node:path';
import type { CatalogEntry, CatalogSnapshot } from '../catalog/types';
import { getProfile } from '../profiles/registry';
import type { ProfileId } from '../profiles/types';
import { oneLine } from '../text/oneLine';
import { countTokens, tokenizerName } from '../text/tokens';
import type { FileSystem } from '../workspace/fileSystem';
import { AGENTSKILLS_FAILURE_NOTE, agentskillsListFailure, renderAgentskillsIndex } from './agentskills';
import { renderClaudeIndex, renderClaudeLoad } from './claudeCode';
import { renderCodexIndex, renderCodexLoad } from './codex';
import { renderCopilotIndex, renderCopilotLoad } from './copilot';
import { EINO_FAILURE_NOTE, einoErrorPart, einoListFailure, renderEinoIndex, renderEinoLoad } from './eino';
import { LOVIA_FAILURE_NOTE, loviaErrorPart, loviaListFailure, renderLoviaIndex, renderLoviaLoad, renderLoviaRead } from './lovia';
import { OPENCODE_TOOL_DESCRIPTION, renderOpencodeIndex, renderOpencodeLoad } from './opencode';
import { renderIsolated } from './isolate';
import type { IndexPreview, RenderOptions, ToolPreview } from './types';

export * from './types';

export { UnsupportedPreviewError } from './types';
import { LOAD_AGENTS, READ_AGENTS, RENDER_AGENTS, UnsupportedPreviewError } from './types';

/** The index (skill list) an agent puts into context, with every left-out skill. Pure and linear. */
export function renderIndex(snapshot: CatalogSnapshot, opts: RenderOptions = {}): IndexPreview {
  return renderIsolated(snapshot, (s) => withLinkNotes(renderIndexOf(s, opts), s.skills));
}

function renderIndexOf(snapshot: CatalogSnapshot, opts: RenderOptions): IndexPreview {
  const omitted = [...snapshot.skipped, ...snapshot.shadowed];
  const skills = snapshot.skills;
  switch (snapshot.agent) {
    case 'lovia': {
      const failure = loviaListFailure(snapshot);
      if (failure) return { agent: 'lovia', ok: false, parts: [loviaErrorPart(failure)], skills: [], omitted, notes: [LOVIA_FAILURE_NOTE] };
      const r = renderLoviaIndex(skills, opts.usageRules);
      const notes = ['lovia @d49aa111: instructions() fragment, appended to the system prompt (joiner with the agent instructions UNVERIFIED, likely "\\n\\n").'];
      if (!r.text) notes.push('no skills: lovia adds no instructions');
      return { agent: 'lovia', parts: [{ id: 'index', title: 'system prompt fragment (Skills plugin instructions)', text: r.text }], skills: r.skills, omitted, notes };
    }
    case 'agentskills': {
      const failure = agentskillsListFailure(snapshot);
      if (failure) {
        return { agent: 'agentskills', ok: false, parts: [{ id: 'error', title: 'skills-ref to-prompt error (stderr, exit status 1)', text: `Error: ${failure}` }], skills: [], omitted, notes: [AGENTSKILLS_FAILURE_NOTE] };
      }
      const r = renderAgentskillsIndex(skills);
      return { agent: 'agentskills', parts: [{ id: 'index', title: 'skills-ref to-prompt output (click.echo adds one "\\n")', text: r.text }], skills: r.skills, omitted, notes: ['skills-ref prompt.py @6dcd8492 (location html-escaped)'] };
    }
    case 'eino': {
      const failure = einoListFailure(snapshot);
      if (failure) return { agent: 'eino', ok: false, parts: [einoErrorPart(failure)], skills: [], omitted, notes: [EINO_FAILURE_NOTE] };
      const r = renderEinoIndex(skills, opts.einoFormat);
      return { agent: 'eino', parts: r.parts, skills: r.skills, omitted, notes: r.notes };
    }
    case 'codex': {
      const r = renderCodexIndex(skills, opts.contextWindow);
      return { agent: 'codex', parts: [{ id: 'index', title: 'developer message section', text: r.text }], skills: r.skills, omitted: [...omitted, ...r.omitted], notes: r.notes };
    }
    case 'claude-code': {
      const r = renderClaudeIndex(skills, { maxDescChars: opts.claudeMaxDescChars, contextWindow: opts.contextWindow });
      return { agent: 'claude-code', parts: r.parts, skills: r.skills, omitted, notes: r.notes };
    }
    case 'copilot': {
      const r = renderCopilotIndex(skills);
      return { agent: 'copilot', parts: [{ id: 'index', title: 'system prompt: <skills> block of the customizations index', text: r.text }], skills: r.skills, omitted, notes: r.notes };
    }
    case 'opencode': {
      const r = renderOpencodeIndex(skills);
      return {
        agent: 'opencode',
        parts: [
          { id: 'system-prompt', title: 'system prompt entry (SystemPrompt.skills)', text: r.text },
          { id: 'tool-description', title: 'skill tool description (tool/skill.txt)', text: OPENCODE_TOOL_DESCRIPTION },
        ],
        skills: r.skills, omitted, notes: r.notes,
      };
    }
    default:
      throw new UnsupportedPreviewError(`no index renderer for ${snapshot.agent}; renderers: ${RENDER_AGENTS.join(', ')}`);
  }
}

/** What the agent's load tool returns for `name` (or its error text). */
export async function renderLoad(catalog: SkillCatalog, fs: FileSystem, name: string): Promise<ToolPreview> {
  const preview = await renderLoadOf(catalog, fs, name);
  const e = preview.ok ? await catalog.lookup(name) : undefined;
  return e ? withLinkNotes(preview, [e]) : preview;
}

/**
 * A SKILL.md that is a symbolic link to a file outside its folder: the agents read that
 * file as the skill, and so does the preview; the report says so (docs/security.md).
 */
function withLinkNotes<T extends IndexPreview | ToolPreview>(preview: T, entries: readonly CatalogEntry[]): T {
  const notes = entries.filter((e) => !within(e.realDir, e.realPath)).map((e) => `${e.name}: ${e.path} is a symbolic link to ${e.realPath}, outside its skill folder; the agent reads that file as the skill, and so does this preview`);
  return notes.length ? { ...preview, notes: [...preview.notes, ...notes] } : preview;
}

function within(dir: string, p: string): boolean {
  const r = path.relative(dir, p);
  return r !== '' && r !== '..' && !r.startsWith('..' + path.sep) && !path.isAbsolute(r);
}

async function renderLoadOf(catalog: SkillCatalog, fs: FileSystem, name: string): Promise<ToolPreview> {
  switch (catalog.agent) {
    case 'lovia':
      return renderLoviaLoad(catalog, fs, name);
    case 'eino':
      return renderEinoLoad(catalog, fs, name);
    case 'codex':
      return renderCodexLoad(catalog, fs, name);
    case 'claude-code':
      return renderClaudeLoad(catalog, fs, name);
    case 'copilot':
      return renderCopilotLoad(catalog, fs, name);
    case 'opencode':
      return renderOpencodeLoad(catalog, fs, name);
    default:
      throw new UnsupportedPreviewError(`${catalog.agent} has no skill-loading tool to preview (the model opens SKILL.md itself); load previews: ${LOAD_AGENTS.join(', ')}`);
  }
}

/**
 * What the agent's read-file tool returns (lovia `read_skill_file`). The others read a
 * skill's files with their general file tools (opencode's skill tool lists up to 10 of
 * them; Copilot's `<file>` gives the SKILL.md path only).
 */
export async function renderRead(catalog: SkillCatalog, fs: FileSystem, name: string, relpath: string): Promise<ToolPreview> {
  if (!READ_AGENTS.includes(catalog.agent)) {
    const how = getProfile(catalog.agent)?.preview?.files ?? 'it reads files with its general file tools';
    throw new UnsupportedPreviewError(`${catalog.agent} has no skill file tool to preview (${how}); read previews: ${READ_AGENTS.join(', ')}`);
  }
  return renderLoviaRead(catalog, fs, name, relpath);
}

export interface TokenReport {
  tokenizer: string;
  perSkill: { name: string; path: string; tokens: number }[];
  perPart: { id: string; tokens: number }[];
  total: number;
}

/** Token counts for a preview: each skill's fragment and each part (o200k_base). */
export function countPreviewTokens(preview: IndexPreview | ToolPreview): TokenReport {
  const perSkill = 'skills' in preview ? preview.skills.map((s) => ({ name: s.name, path: s.path, tokens: countTokens(s.text) })) : [];
  const perPart = preview.parts.map((p) => ({ id: p.id, tokens: countTokens(p.text) }));
  return { tokenizer: tokenizerName(), perSkill, perPart, total: perPart.reduce((n, p) => n + p.tokens, 0) };
}

/** The human report that goes beside a preview (stderr in the CLI): never part of the agent text. */
export function formatPreviewReport(preview: IndexPreview | ToolPreview, tokens: TokenReport, problems: CatalogSnapshot['problems'] = []): string {
  const out: string[] = [`skillmd preview: ${preview.agent}`];
  for (const p of preview.parts) out.push(`  part ${p.id}: ${p.title} (${tokens.perPart.find((t) => t.id === p.id)?.tokens ?? 0} tokens)`);
  if (tokens.perSkill.length) {
    out.push(`skills shown (${tokens.perSkill.length}):`);
    for (const s of tokens.perSkill) out.push(`  ${s.name}  ${s.tokens} tokens  ${s.path}`);
  }
  if ('omitted' in preview && preview.omitted.length) {
    out.push(`left out (${preview.omitted.length}):`);
    for (const o of preview.omitted) {
      out.push(`  [${o.reason}] ${o.name ?? '(no name)'}  ${o.path}: ${o.message}${o.winner ? ` (winner: ${o.winner})` : ''}`);
    }
  }
  for (const p of problems) out.push(`  [${p.code}] ${p.path}: ${p.message}`);
  for (const n of preview.notes) out.push(`note: ${n}`);
  out.push(`total: ${tokens.total} tokens (${tokens.tokenizer})`);
  // Names, paths and messages come from skills: one report line each, whatever they hold.
  return out.map(oneLine).join('\n') + '\n';
}

export function isRenderAgent(agent: ProfileId): boolean {
  return RENDER_AGENTS.includes(agent);
}

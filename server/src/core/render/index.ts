import type { SkillCatalog } from '../catalog/catalog';
import type { CatalogSnapshot } from '../catalog/types';
import type { ProfileId } from '../profiles/types';
import { countTokens, tokenizerName } from '../text/tokens';
import type { FileSystem } from '../workspace/fileSystem';
import { AGENTSKILLS_FAILURE_NOTE, agentskillsListFailure, renderAgentskillsIndex } from './agentskills';
import { CLAUDE_TOOL_DESCRIPTION, renderClaudeListing, renderClaudeLoad } from './claudeCode';
import { renderCodexIndex, renderCodexLoad } from './codex';
import { EINO_FAILURE_NOTE, einoErrorPart, einoListFailure, renderEinoIndex, renderEinoLoad } from './eino';
import { LOVIA_FAILURE_NOTE, loviaErrorPart, loviaListFailure, renderLoviaIndex, renderLoviaLoad, renderLoviaRead } from './lovia';
import { renderIsolated } from './isolate';
import type { IndexPreview, RenderOptions, ToolPreview } from './types';

export * from './types';

export { UnsupportedPreviewError } from './types';
import { LOAD_AGENTS, READ_AGENTS, UnsupportedPreviewError } from './types';

/** The index (skill list) an agent puts into context, with every left-out skill. Pure and linear. */
export function renderIndex(snapshot: CatalogSnapshot, opts: RenderOptions = {}): IndexPreview {
  return renderIsolated(snapshot, (s) => renderIndexOf(s, opts));
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
      const r = renderClaudeListing(skills, { maxDescChars: opts.claudeMaxDescChars, contextWindow: opts.contextWindow });
      return {
        agent: 'claude-code',
        parts: [
          { id: 'listing', title: 'skill_listing attachment (meta user message)', text: r.text },
          { id: 'tool-description', title: 'Skill tool description (v2.1.88)', text: CLAUDE_TOOL_DESCRIPTION },
        ],
        skills: r.skills, omitted, notes: r.notes,
      };
    }
    default:
      throw new UnsupportedPreviewError(`no index renderer for ${snapshot.agent}; renderers: lovia, agentskills, eino, codex, claude-code`);
  }
}

/** What the agent's load tool returns for `name` (or its error text). */
export async function renderLoad(catalog: SkillCatalog, fs: FileSystem, name: string): Promise<ToolPreview> {
  switch (catalog.agent) {
    case 'lovia':
      return renderLoviaLoad(catalog, fs, name);
    case 'eino':
      return renderEinoLoad(catalog, fs, name);
    case 'codex':
      return renderCodexLoad(catalog, fs, name);
    case 'claude-code':
      return renderClaudeLoad(catalog, fs, name);
    default:
      throw new UnsupportedPreviewError(`${catalog.agent} has no skill-loading tool to preview (the model opens SKILL.md itself); load previews: ${LOAD_AGENTS.join(', ')}`);
  }
}

/** What the agent's read-file tool returns (lovia `read_skill_file`; the others read files with their own file tools). */
export async function renderRead(catalog: SkillCatalog, fs: FileSystem, name: string, relpath: string): Promise<ToolPreview> {
  if (!READ_AGENTS.includes(catalog.agent)) {
    throw new UnsupportedPreviewError(`${catalog.agent} has no skill file tool to preview (it reads files with its general file tools); read previews: ${READ_AGENTS.join(', ')}`);
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
  return out.join('\n') + '\n';
}

export function isRenderAgent(agent: ProfileId): boolean {
  return ['lovia', 'agentskills', 'eino', 'codex', 'claude-code'].includes(agent);
}

/**
 * Claude Code — CLOSED SOURCE. The format comes from public reverse-engineering:
 * the leaked v2.1.88 sources mirrored in public repos (SkillTool/prompt.ts,
 * SkillTool.ts, loadSkillsDir.ts, commands.ts) plus the official settings docs
 * for the 1,536-character cap (`skillListingMaxDescChars`) and the 1% budget.
 * UNVERIFIED against a live binary. See /work/research/renderers.md §5.
 */
import type { SkillCatalog } from '../catalog/catalog';
import type { CatalogEntry } from '../catalog/types';
import { readSkillFile } from '../document/readSkillFile';
import { toJs, getEntry } from '../document/values';
import type { FileSystem } from '../workspace/fileSystem';
import { stringWidth } from './text';
import type { PreviewPart, PreviewSkill, ToolPreview } from './types';

export const CLAUDE_MAX_DESC_CHARS = 1536;
export const CLAUDE_UNVERIFIED = 'Claude Code is closed source: format reconstructed from public reverse-engineering (leaked v2.1.88 source) and the settings docs; UNVERIFIED.';

/** Skill tool description (v2.1.88 `getPrompt`, trailing newline). */
export const CLAUDE_TOOL_DESCRIPTION = `Execute a skill within the main conversation

When users ask you to perform tasks, check if any of the available skills match. Skills provide specialized capabilities and domain knowledge.

When users reference a "slash command" or "/<something>" (e.g., "/commit", "/review-pr"), they are referring to a skill. Use this tool to invoke it.

How to invoke:
- Use this tool with the skill name and optional arguments
- Examples:
  - \`skill: "pdf"\` - invoke the pdf skill
  - \`skill: "commit", args: "-m 'Fix bug'"\` - invoke with arguments
  - \`skill: "review-pr", args: "123"\` - invoke with arguments
  - \`skill: "ms-office-suite:pdf"\` - invoke using fully qualified name

Important:
- Available skills are listed in system-reminder messages in the conversation
- When a skill matches the user's request, this is a BLOCKING REQUIREMENT: invoke the relevant Skill tool BEFORE generating any other response about the task
- NEVER mention a skill without actually calling this tool
- Do not invoke a skill that is already running
- Do not use this tool for built-in CLI commands (like /help, /clear, etc.)
- If you see a <command-name> tag in the current conversation turn, the skill has ALREADY been loaded - follow the instructions directly instead of calling this tool again
`;

/** `getCommandDescription`: description + " - " + when_to_use, cut at the cap (UTF-16 units). */
export function claudeDescription(e: CatalogEntry, max = CLAUDE_MAX_DESC_CHARS): string {
  const desc = e.whenToUse ? `${e.description} - ${e.whenToUse}` : e.description;
  return desc.length > max ? desc.slice(0, max - 1) + '\u2026' : desc;
}

function truncateWidth(s: string, max: number): string {
  if (stringWidth(s) <= max) return s;
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = stringWidth(ch);
    if (w + cw > max - 1) break;
    out += ch;
    w += cw;
  }
  return out + '\u2026';
}

/** The `skill_listing` attachment as the model sees it (a meta user message). */
export function renderClaudeListing(skills: readonly CatalogEntry[], opts: { maxDescChars?: number; contextWindow?: number } = {}): { text: string; skills: PreviewSkill[]; notes: string[] } {
  const notes = [CLAUDE_UNVERIFIED];
  if (skills.length === 0) return { text: '', skills: [], notes: [...notes, 'no skills: no skill_listing attachment'] };
  const max = opts.maxDescChars ?? CLAUDE_MAX_DESC_CHARS;
  const budget = opts.contextWindow ? Math.floor(opts.contextWindow * 4 * 0.01) : 8000;
  const full = skills.map((e) => `- ${e.name}: ${claudeDescription(e, max)}`);
  let width = skills.length - 1;
  for (const l of full) width += stringWidth(l);
  let lines = full;
  if (width > budget) {
    const nameCost = skills.reduce((n, e) => n + stringWidth(e.name) + 4, 0) + (skills.length - 1);
    const maxDescLen = Math.floor((budget - nameCost) / skills.length);
    if (maxDescLen < 20) {
      lines = skills.map((e) => `- ${e.name}`);
      notes.push(`listing over the ${budget}-character budget: names only`);
    } else {
      lines = skills.map((e) => `- ${e.name}: ${truncateWidth(claudeDescription(e, max), maxDescLen)}`);
      notes.push(`listing over the ${budget}-character budget: descriptions cut to ${maxDescLen} columns (utils/format truncate: UNVERIFIED)`);
    }
  }
  const per = skills.map((e, i) => ({ name: e.name, path: e.path, text: lines[i] }));
  const content = `The following skills are available for use with the Skill tool:\n\n${lines.join('\n')}`;
  return { text: `<system-reminder>\n${content}\n</system-reminder>`, skills: per, notes };
}

/**
 * The index as two parts, the skill listing first (the part that depends on the
 * skills), then the Skill tool's fixed description. In the request itself the order is
 * the other way round: the tools (with this description) precede the conversation, and
 * the listing is a meta user message in it (v2.1.88 reconstruction; UNVERIFIED).
 */
export function renderClaudeIndex(skills: readonly CatalogEntry[], opts: { maxDescChars?: number; contextWindow?: number } = {}): { parts: PreviewPart[]; skills: PreviewSkill[]; notes: string[] } {
  const r = renderClaudeListing(skills, opts);
  return {
    parts: [
      { id: 'listing', title: 'skill_listing attachment (meta user message)', text: r.text },
      { id: 'tool-description', title: 'Skill tool description (v2.1.88; sent with the tools, before the conversation)', text: CLAUDE_TOOL_DESCRIPTION },
    ],
    skills: r.skills,
    notes: [...r.notes, 'order: shown listing first; in the request the tool description (tools) comes before the listing (a meta user message in the conversation)'],
  };
}

/** The Skill tool (inline mode): tool result + the meta messages it injects. */
export async function renderClaudeLoad(catalog: SkillCatalog, fs: FileSystem, name: string): Promise<ToolPreview> {
  const notes = [CLAUDE_UNVERIFIED];
  const e = await catalog.lookup(name);
  if (!e) {
    const hidden = catalog.explain(name).find((x) => x.reason === 'hidden');
    const text = hidden
      ? `Skill ${name} cannot be used with Skill tool due to disable-model-invocation`
      : `Unknown skill: ${name}`;
    return { agent: 'claude-code', ok: false, parts: [{ id: 'tool-error', title: 'Skill tool validation error (UNVERIFIED text)', text }], notes };
  }
  const read = await readSkillFile(fs, e.path);
  const doc = read.doc;
  const body = doc ? doc.text.slice(doc.bodyStart) : '';
  const userInvocable = doc ? toJs(getEntry(doc, 'user-invocable')?.value) !== false : true;
  // ${CLAUDE_SKILL_DIR} → base directory; arguments and !`cmd` interpolation are not applied.
  const prompt = `Base directory for this skill: ${e.dir}\n\n${body}`.split('${CLAUDE_SKILL_DIR}').join(e.dir);
  const meta = userInvocable
    ? `<command-message>${e.name}</command-message>\n<command-name>/${e.name}</command-name>`
    : `<command-message>${e.name}</command-message>\n<command-name>${e.name}</command-name>\n<skill-format>true</skill-format>`;
  notes.push('$ARGUMENTS, ${CLAUDE_SESSION_ID} and !`cmd` are filled in at run time and left as written here');
  if (e.context === 'fork') {
    return {
      agent: 'claude-code', ok: true,
      parts: [
        { id: 'sub-agent-input', title: 'forked sub-agent prompt', text: prompt },
        { id: 'tool-result', title: 'tool result after the fork ({result} = the sub-agent\'s answer)', text: `Skill "${e.name}" completed (forked execution).\n\nResult:\n{result}` },
      ],
      notes,
    };
  }
  return {
    agent: 'claude-code', ok: true,
    parts: [
      { id: 'tool-result', title: 'Skill tool result', text: `Launching skill: ${e.name}` },
      { id: 'command-message', title: 'user message (command metadata)', text: meta },
      { id: 'skill-prompt', title: 'meta user message with the skill', text: prompt },
    ],
    notes,
  };
}

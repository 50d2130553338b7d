/**
 * GitHub Copilot in VS Code. Sources (read, not run):
 * - the `<skills>` block: `_getInstructionsWithPatternsList` in microsoft/vscode
 *   src/vs/workbench/contrib/chat/common/promptSyntax/computeAutomaticInstructions.ts
 *   (@e06a3cee: the intro lines and the `<skill>` elements), with the newer filter that
 *   leaves out skills without a description or with `disable-model-invocation: true`
 *   (the same function in later builds, and its port in microsoft/vscode-copilot-chat).
 *   The tool reference `#tool:…readFile` reaches the model as `'read_file'`, as prompts
 *   captured from VS Code show.
 * - the skill tool: microsoft/vscode-copilot-chat src/extension/tools/node/loadSkillTool.ts
 *   @09d29579 `invokeInline`: the whole SKILL.md text in `<skill_instructions name="…">`.
 * Skills are listed in the catalog's order (roots in the profile's order, then folder
 * names); VS Code takes a folder's entries in the file system's order (UNVERIFIED).
 * Not reproduced (UNVERIFIED or off by default): the `<instructions>` wrapper around the
 * block, XML escaping of name/description (one later core build escapes, the copilot-chat
 * port does not), the skill-tool variant of the intro (`github.copilot.chat.skillTool.enabled`)
 * and its 15,000-character budget.
 */
import type { SkillCatalog } from '../catalog/catalog';
import type { CatalogEntry } from '../catalog/types';
import type { FileSystem } from '../workspace/fileSystem';
import type { PreviewSkill, ToolPreview } from './types';

export const COPILOT_SKILLS_INTRO = [
  'Here is a list of skills that contain domain specific knowledge on a variety of topics.',
  'Each skill comes with a description of the topic and a file path that contains the detailed instructions.',
  "When a user asks you to perform a task that falls within the domain of a skill, use the 'read_file' tool to acquire the full instructions from the file URI.",
];

export const COPILOT_NOTES = [
  'VS Code @e06a3cee computeAutomaticInstructions `<skills>` block (read_file variant, the default); part of the customizations index that Copilot Chat wraps in `<instructions>`',
  'name and description as written (no XML escaping; UNVERIFIED for the newest builds)',
];

/** One `<skill>` element; `<file>` is the SKILL.md path as found (URI.fsPath). */
export function copilotSkillEntry(e: CatalogEntry): string {
  const lines = ['<skill>', `<name>${e.name}</name>`];
  if (e.description) lines.push(`<description>${e.description}</description>`);
  lines.push(`<file>${e.path}</file>`, '</skill>');
  return lines.join('\n');
}

/**
 * The `<skills>` block as VS Code emits it: the entries array ends with
 * `'</skills>', '', ''` and is joined with "\n", so the block ends in a blank line.
 * No skill the model may invoke: no block at all.
 */
export function renderCopilotIndex(skills: readonly CatalogEntry[]): { text: string; skills: PreviewSkill[]; notes: string[] } {
  if (skills.length === 0) return { text: '', skills: [], notes: [...COPILOT_NOTES, 'no skill with a description that the model may invoke: VS Code adds no <skills> block'] };
  const per = skills.map((e) => ({ name: e.name, path: e.path, text: copilotSkillEntry(e) }));
  const text = ['<skills>', ...COPILOT_SKILLS_INTRO, ...per.map((p) => p.text), '</skills>', '', ''].join('\n');
  return { text, skills: per, notes: [...COPILOT_NOTES] };
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: false });

/**
 * The skill tool's inline result. The tool takes a SKILL.md path (the model copies it
 * from `<file>`); the text is the document's whole text as VS Code holds it (no BOM),
 * frontmatter included, labelled with the skill's name.
 */
export async function renderCopilotLoad(catalog: SkillCatalog, fs: FileSystem, name: string): Promise<ToolPreview> {
  const notes = [
    'vscode-copilot-chat @09d29579 loadSkillTool.ts (inline mode); the tool is on with github.copilot.chat.skillTool.enabled, otherwise the model reads SKILL.md with read_file',
  ];
  const e: CatalogEntry | undefined = await catalog.lookup(name);
  if (!e) {
    // A skill left out of the listing still loads when the model is given its path.
    const hidden = catalog.explain(name).find((x) => x.reason === 'hidden');
    if (hidden) {
      notes.push(`not in the <skills> listing (${hidden.message}): the model only loads it when given the path ${hidden.path}`);
      return copilotResult(fs, name, hidden.path, notes);
    }
    return {
      agent: 'copilot', ok: false,
      parts: [{ id: 'tool-result', title: 'no such skill in the listing: the tool is called with a SKILL.md path, so there is nothing to load', text: '' }],
      notes: [...notes, `no skill named "${name}"`],
    };
  }
  return copilotResult(fs, e.name, e.path, notes);
}

async function copilotResult(fs: FileSystem, name: string, file: string, notes: string[]): Promise<ToolPreview> {
  const content = decoder.decode(await fs.readFile(file));
  return {
    agent: 'copilot', ok: true,
    parts: [{ id: 'tool-result', title: 'skill tool result (inline)', text: `<skill_instructions name="${name}">\n${content}\n</skill_instructions>` }],
    notes,
  };
}

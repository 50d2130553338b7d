/**
 * opencode (sst/opencode, now anomalyco/opencode). Sources (read, not run):
 * - `Skill.fmt` in packages/opencode/src/skill/index.ts @a2cc772e: skills without a
 *   description are left out; sorted by `name.localeCompare`; verbose form
 *   `<available_skills>` with `<location>${escapeHtml(location)}</location>`; none:
 *   "No skills are currently available.".
 * - `SystemPrompt.skills` (packages/opencode/src/session/system.ts): two fixed lines and
 *   `Skill.fmt(list, { verbose: true })` joined with "\n", one system-prompt entry. The
 *   upstream file is not stored at that commit; the text is the same in every stored copy.
 * - the skill tool: packages/opencode/src/tool/skill.txt @12863c1d (its description,
 *   which points at the system prompt; sst/opencode tool/registry.ts @9dc1388d appends
 *   nothing to it) and tool/skill.ts @f3d530a2 (the `<skill_content>` result, the
 *   sampled `<skill_files>` list, the not-found error of `Skill.require`).
 * Not reproduced: opencode's built-in skill (`opencode` at a2cc772e, location
 * `<built-in>`, a description not in the stored sources), which it always lists; and
 * `escapeHtml` (@/util/html, not stored) is taken to escape & < > " '.
 * Older opencode (v1.0.x) listed the skills in the tool description instead.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SkillCatalog } from '../catalog/catalog';
import type { CatalogEntry } from '../catalog/types';
import { readSkillFile } from '../document/readSkillFile';
import type { FileSystem } from '../workspace/fileSystem';
import type { PreviewSkill, ToolPreview } from './types';

export const OPENCODE_SYSTEM_INTRO = 'Skills provide specialized instructions and workflows for specific tasks.\nUse the skill tool to load a skill when a task matches its description.';
export const OPENCODE_NO_SKILLS = 'No skills are currently available.';

/** tool/skill.txt @12863c1d, with the file's final newline. */
export const OPENCODE_TOOL_DESCRIPTION = `Load a specialized skill when the user explicitly asks for it, or when the task clearly matches one of the skills listed in the system prompt.

For repository- or domain-specific skills, the task must be about that repository or domain.

Do not load a skill based only on generic workflow overlap, command names, or tool names in the skill description.

Use this tool to inject the skill's instructions and resources into current conversation. The output may contain detailed workflow guidance as well as references to scripts, files, etc in the same directory as the skill.

The skill name must match one of the skills listed in your system prompt.
`;

const OPENCODE_BUILTIN_NOTE = 'opencode also lists its built-in skill (`opencode`, location `<built-in>`); it is not shown here';
/** How many supporting files the tool result lists. */
export const OPENCODE_FILE_SAMPLE = 10;

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function opencodeSkillEntry(e: CatalogEntry): string {
  return ['  <skill>', `    <name>${e.name}</name>`, `    <description>${e.description}</description>`, `    <location>${escapeHtml(e.path)}</location>`, '  </skill>'].join('\n');
}

/** The skills part of the system prompt (`SystemPrompt.skills`). */
export function renderOpencodeIndex(skills: readonly CatalogEntry[]): { text: string; skills: PreviewSkill[]; notes: string[] } {
  const notes = ['opencode @a2cc772e Skill.fmt (verbose) in SystemPrompt.skills, one entry of the system prompt', OPENCODE_BUILTIN_NOTE];
  const sorted = [...skills].sort((a, b) => a.name.localeCompare(b.name));
  const per = sorted.map((e) => ({ name: e.name, path: e.path, text: opencodeSkillEntry(e) }));
  const list = per.length ? ['<available_skills>', ...per.map((p) => p.text), '</available_skills>'].join('\n') : OPENCODE_NO_SKILLS;
  if (!per.length) notes.push('no skill with a description: the list reads "No skills are currently available."');
  return { text: `${OPENCODE_SYSTEM_INTRO}\n${list}`, skills: per, notes };
}

/**
 * Up to 10 files of the skill folder, SKILL.md excluded (any path containing
 * "SKILL.md"), as absolute paths. opencode runs `rg --files --glob=!.git/* --hidden`
 * (file/ripgrep.ts; links not followed): ripgrep's walk is parallel and unsorted, so
 * its order is taken here as path order (UNVERIFIED), and .gitignore rules are not applied.
 */
async function sampleFiles(fs: FileSystem, dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (abs: string, rel: string): Promise<void> => {
    const entries = await fs.readDirectory(abs).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (out.length >= OPENCODE_FILE_SAMPLE) return;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.type === 'directory') {
        if (!(rel === '' && e.name === '.git')) await walk(path.join(abs, e.name), r);
      }
      else if (e.type === 'file' && !r.includes('SKILL.md')) out.push(path.resolve(dir, r));
    }
  };
  await walk(dir, '');
  return out;
}

/** All names opencode holds (with or without a description), for its not-found error. */
function loadedNames(catalog: SkillCatalog): string[] {
  const snap = catalog.snapshot();
  const names = new Set([...snap.skills.map((s) => s.name), ...snap.skipped.filter((x) => x.reason === 'hidden' && x.name).map((x) => x.name!)]);
  return [...names].sort();
}

/** The skill tool's result for `name`, or the error the tool raises. */
export async function renderOpencodeLoad(catalog: SkillCatalog, fs: FileSystem, name: string): Promise<ToolPreview> {
  const notes = ['opencode tool/skill.ts @f3d530a2'];
  const e = await catalog.lookup(name);
  // A skill without a description is not listed, but the tool still loads it by name.
  const file = e?.path ?? catalog.explain(name).find((x) => x.reason === 'hidden')?.path;
  if (!file) {
    const available = loadedNames(catalog);
    return {
      agent: 'opencode', ok: false,
      parts: [{ id: 'tool-error', title: 'tool error (Skill.NotFoundError message; how the error reaches the model is UNVERIFIED)', text: `Skill "${name}" not found. Available skills: ${available.join(', ') || 'none'}` }],
      notes: [...notes, 'the available list also holds the built-in `opencode` skill in opencode; not shown here'],
    };
  }
  const read = await readSkillFile(fs, file);
  const body = read.doc ? read.doc.text.slice(read.doc.bodyStart) : '';
  const dir = path.dirname(file);
  const files = await sampleFiles(fs, dir);
  const text = [
    `<skill_content name="${name}">`,
    `# Skill: ${name}`,
    '',
    body.trim(),
    '',
    `Base directory for this skill: ${pathToFileURL(dir).href}`,
    'Relative paths in this skill (e.g., scripts/, reference/) are relative to this base directory.',
    'Note: file list is sampled.',
    '',
    '<skill_files>',
    files.map((f) => `<file>${f}</file>`).join('\n'),
    '</skill_files>',
    '</skill_content>',
  ].join('\n');
  notes.push('supporting files: the result lists up to 10 (order and .gitignore filtering UNVERIFIED); the model reads them with its read tool (opencode has no skill file tool)');
  return { agent: 'opencode', ok: true, parts: [{ id: 'tool-result', title: 'skill tool result', text }], notes };
}

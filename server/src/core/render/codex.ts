/**
 * OpenAI Codex — newest `render_skills_section` (core-skills crate, with the
 * metadata budget and the `<skills_instructions>` wrapper; stored text id
 * 51779643923). See /work/research/renderers.md §4.
 */
import type { SkillCatalog } from '../catalog/catalog';
import type { CatalogEntry, Exclusion } from '../catalog/types';
import { utf8Length } from '../text/utf8';
import type { FileSystem } from '../workspace/fileSystem';
import { cpLength } from './text';
import type { PreviewSkill, ToolPreview } from './types';

export const CODEX_INTRO = 'A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. Below is the list of skills that can be used. Each entry includes a name, description, and file path so you can open the source for full instructions when using a specific skill.';

export const CODEX_HOW_TO = `- Discovery: The list above is the skills available in this session (name + description + file path). Skill bodies live on disk at the listed paths.
- Trigger rules: If the user names a skill (with \`$SkillName\` or plain text) OR the task clearly matches a skill's description shown above, you must use that skill for that turn. Multiple mentions mean use them all. Do not carry skills across turns unless re-mentioned.
- Missing/blocked: If a named skill isn't in the list or the path can't be read, say so briefly and continue with the best fallback.
- How to use a skill (progressive disclosure):
  1) After deciding to use a skill, open its \`SKILL.md\`. Read only enough to follow the workflow.
  2) When \`SKILL.md\` references relative paths (e.g., \`scripts/foo.py\`), resolve them relative to the skill directory listed above first, and only consider other paths if needed.
  3) If \`SKILL.md\` points to extra folders such as \`references/\`, load only the specific files needed for the request; don't bulk-load everything.
  4) If \`scripts/\` exist, prefer running or patching them instead of retyping large code blocks.
  5) If \`assets/\` or templates exist, reuse them instead of recreating from scratch.
- Coordination and sequencing:
  - If multiple skills apply, choose the minimal set that covers the request and state the order you'll use them.
  - Announce which skill(s) you're using and why (one short line). If you skip an obvious skill, say why.
- Context hygiene:
  - Keep context small: summarize long sections instead of pasting them; only load extra files when needed.
  - Avoid deep reference-chasing: prefer opening only files directly linked from \`SKILL.md\` unless you're blocked.
  - When variants exist (frameworks, providers, domains), pick only the relevant reference file(s) and note that choice.
- Safety and fallback: If a skill can't be applied cleanly (missing files, unclear instructions), state the issue, pick the next-best approach, and continue.`;

export function codexLine(e: CatalogEntry): string {
  return `- ${e.name}: ${e.description} (file: ${e.realPath.replace(/\\/g, '/')})`;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Rust's `Path::cmp`: component by component, so `a/b` sorts before `a-b` (`/` is not compared as a byte). */
function pathCmp(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = cmp(x[i], y[i]);
    if (c) return c;
  }
  return x.length - y.length;
}

/**
 * The `## Skills` developer-message section, or '' (None) without skills. Budget:
 * 2% of the context window in approximate tokens (ceil(utf8 bytes / 4)) when it is
 * known, else 8,000 characters; each line costs itself plus "\n"; greedy.
 */
export function renderCodexIndex(skills: readonly CatalogEntry[], contextWindow?: number): { text: string; skills: PreviewSkill[]; omitted: Exclusion[]; notes: string[] } {
  if (skills.length === 0) return { text: '', skills: [], omitted: [], notes: ['no skills: Codex adds no skills section'] };
  const sorted = [...skills].sort((a, b) => cmp(a.name, b.name) || pathCmp(a.realPath, b.realPath));
  const tokens = contextWindow !== undefined;
  const limit = tokens ? Math.max(1, Math.floor((contextWindow! * 2) / 100)) : 8000;
  const cost = (line: string) => (tokens ? Math.ceil(utf8Length(line + '\n') / 4) : cpLength(line + '\n'));
  let used = 0;
  const per: PreviewSkill[] = [];
  const omitted: Exclusion[] = [];
  for (const e of sorted) {
    const line = codexLine(e);
    const c = cost(line);
    if (used + c <= limit) {
      used += c;
      per.push({ name: e.name, path: e.path, text: line });
    } else {
      omitted.push({ reason: 'budget', name: e.name, path: e.path, root: e.root, message: `over the skills metadata budget (${limit} ${tokens ? 'tokens' : 'characters'})` });
    }
  }
  const lines = ['## Skills', CODEX_INTRO, '### Available skills'];
  if (per.length === 0) lines.push('No skill metadata entries fit within the configured budget.');
  else for (const p of per) lines.push(p.text);
  if (omitted.length > 0) {
    const budget = `${limit} ${tokens ? 'tokens' : 'characters'}`;
    const samples = omitted.slice(0, 5).map((o) => `${o.name} (repo)`);
    if (omitted.length > 5) samples.push(`${omitted.length - 5} more`);
    lines.push(`Skills list trimmed to fit the metadata budget: showing ${per.length} of ${sorted.length} enabled skills (${budget}). Omitted skills include ${samples.join(', ') || 'some skills'}. Explicitly mention a skill by name or path if needed, or disable unused skills to reduce the list.`);
  }
  lines.push('### How to use skills', CODEX_HOW_TO);
  const notes = [
    tokens ? `budget: ${limit} tokens (2% of a ${contextWindow}-token context window)` : 'budget: 8000 characters (context window unknown)',
    'all skills are treated as repo scope; Codex places this section in a developer message',
  ];
  return { text: `<skills_instructions>\n${lines.join('\n')}\n</skills_instructions>`, skills: per, omitted, notes };
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * What Codex injects when the user mentions `$name`: the whole SKILL.md (frontmatter
 * included). Uses the older literal `<skill>\n<name>…</name>\n<path>…</path>\n…\n</skill>`;
 * the newest SKILL_FRAGMENT.wrap form was only inferred from it.
 */
export async function renderCodexLoad(catalog: SkillCatalog, fs: FileSystem, name: string): Promise<ToolPreview> {
  const e = await catalog.lookup(name);
  if (!e) return { agent: 'codex', ok: false, parts: [{ id: 'user-message', title: 'nothing is injected for an unknown $mention', text: '' }], notes: [`no skill named "${name}"`] };
  // injection.rs: a `$name` that names more than one skill injects none of them.
  const same = catalog.snapshot().skills.filter((s) => s.name === name);
  if (same.length > 1) {
    return {
      agent: 'codex', ok: false,
      parts: [{ id: 'user-message', title: 'nothing is injected for an ambiguous $mention', text: '' }],
      notes: [`${same.length} skills are named "${name}" (${same.map((s) => s.path).join(', ')}): Codex injects none of them for \`$${name}\``],
    };
  }
  const contents = strict.decode(await fs.readFile(e.path));
  return {
    agent: 'codex', ok: true,
    parts: [{ id: 'user-message', title: 'user message injected for a `$name` mention', text: `<skill>\n<name>${e.name}</name>\n<path>${e.realPath.replace(/\\/g, '/')}</path>\n${contents}\n</skill>` }],
    notes: ['newer Codex rewrites `$other-skill` mentions in the contents to links; not reproduced'],
  };
}

/**
 * lovia (cymoo/lovia) — lovia/plugins/skills/catalog.py and model.py @d49aa111
 * (the newer of the two stored commits: header paths one-lined to 500 chars).
 * Source read; see /work/research/renderers.md §1.
 */
import * as path from 'node:path';
import { thousands } from '../text/thousands';
import { loviaSplit, universalNewlines } from '../catalog/agents';
import type { SkillCatalog } from '../catalog/catalog';
import type { CatalogEntry, CatalogSnapshot } from '../catalog/types';
import type { FileSystem } from '../workspace/fileSystem';
import { loviaOneLine, pyReprStr } from './text';
import { UnsupportedPreviewError, type PreviewPart, type PreviewSkill, type ToolPreview } from './types';
import { formatBytes } from '../document/readSkillFile';

export const LOVIA_DESCRIPTION_MAX = 1024;
export const LOVIA_EXTRA_MAX = 256;
export const LOVIA_HEADER_MAX = 500;
export const LOVIA_MAX_CONTENT = 100_000;
export const LOVIA_BEGIN = '--- BEGIN SKILL CONTENT (reference material) ---';
export const LOVIA_END = '--- END SKILL CONTENT ---';

export const LOVIA_DEFAULT_USAGE_RULES = `## Using skills
Skills provide domain-specific instructions, procedures, and reference material.
Each skill listed above has a description \u2014 use it to decide which are relevant.
- Call \`load_skill(name)\` to load a skill's full instructions.
- Call \`read_skill_file(name, relpath)\` to read supplementary files
  (e.g. \`references/\u2026\`, \`scripts/\u2026\`, \`assets/\u2026\`).
- Load skills only when needed. Each one consumes context \u2014 prefer
  targeted loading over loading everything upfront.`;

export function loviaIndexLine(e: CatalogEntry): string {
  let line = `- \`${e.name}\` \u2014 ${loviaOneLine(e.description, LOVIA_DESCRIPTION_MAX)}`;
  const extra = loviaOneLine(e.extrasText, LOVIA_EXTRA_MAX);
  if (extra) line += ` [${extra}]`;
  return line;
}

/** `SkillCatalog.instructions()`: '' for no skills (the plugin then adds no instructions). */
export function renderLoviaIndex(skills: readonly CatalogEntry[], usageRules?: string | null): { text: string; skills: PreviewSkill[] } {
  if (skills.length === 0) return { text: '', skills: [] };
  const lines = ['## Skills'];
  const per: PreviewSkill[] = [];
  for (const e of skills) {
    const line = loviaIndexLine(e);
    lines.push(line);
    per.push({ name: e.name, path: e.path, text: line });
  }
  // None → default, "" → none, str → custom (skillmd's config null also means none).
  const rules = usageRules === undefined ? LOVIA_DEFAULT_USAGE_RULES : usageRules ?? '';
  if (rules) {
    lines.push('');
    lines.push(rules);
  }
  return { text: lines.join('\n'), skills: per };
}

function truncate(text: string): string {
  // Python len() counts code points: a surrogate pair is one.
  if (text.length <= LOVIA_MAX_CONTENT) return text;
  let cps = 0;
  let cut = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    if (++cps === LOVIA_MAX_CONTENT) cut = i + 1;
  }
  if (cps <= LOVIA_MAX_CONTENT) return text;
  return text.slice(0, cut) + `\n[truncated: ${cps} chars total, showing first ${LOVIA_MAX_CONTENT}]`;
}

/** Files read_skill_file previews at most: Python reads any size, a JavaScript string stops at 512 MiB. */
export const LOVIA_READ_PREVIEW_MAX_BYTES = 64 * 1024 * 1024;

function neutralize(text: string): string {
  for (const m of [LOVIA_BEGIN, LOVIA_END]) text = text.split(m).join(m.split('---').join('- -'));
  return text;
}

/** `_frame(content)`: truncate, then neutralise fake markers, then wrap. */
export function loviaFrame(content: string): string {
  return `${LOVIA_BEGIN}\n${neutralize(truncate(content))}\n${LOVIA_END}`;
}

function sortedNames(names: string[]): string[] {
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function loviaUnknown(name: string, available: string[]): string {
  return `Unknown skill: ${pyReprStr(name)}.  Available: ${sortedNames(available).join(', ') || '(none)'}`;
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const result = (ok: boolean, text: string, notes: string[] = []): ToolPreview => ({
  agent: 'lovia', ok, parts: [{ id: 'tool-result', title: ok ? 'load_skill/read_skill_file tool result' : 'tool result (error text)', text }], notes,
});

/**
 * The ValueError that ends lovia's scan: the first skill, in scan order, whose
 * frontmatter safe_load cannot construct (`released: 2024-13-45`). _scan catches
 * only OSError, UnicodeDecodeError and SkillsError, so list_skills raises.
 */
export function loviaListFailure(snapshot: CatalogSnapshot): string | undefined {
  return snapshot.skipped.find((x) => x.fatal)?.message;
}

export const LOVIA_FAILURE_NOTE =
  'The Skills plugin lists the skills in its setup (instructions() calls list_skills): an exception there stops the agent run before the model sees any index or calls load_skill / read_skill_file.';

export function loviaErrorPart(failure: string): PreviewPart {
  return { id: 'error', title: 'Python exception: the agent run fails in the Skills plugin setup (lovia lists no skill)', text: failure };
}

function failed(failure: string): ToolPreview {
  return { agent: 'lovia', ok: false, parts: [loviaErrorPart(failure)], notes: [LOVIA_FAILURE_NOTE] };
}

/** `load_skill(name)`. */
export async function renderLoviaLoad(catalog: SkillCatalog, fs: FileSystem, name: string): Promise<ToolPreview> {
  const failure = loviaListFailure(catalog.snapshot());
  if (failure) return failed(failure);
  const e = await catalog.lookup(name);
  if (!e) return result(false, loviaUnknown(name, catalog.available()));
  let raw: string;
  try {
    raw = strict.decode(await fs.readFile(e.path));
  } catch (err) {
    if (err instanceof TypeError) return result(false, `Skill ${pyReprStr(name)} SKILL.md is not UTF-8 text.  Re-save the file with UTF-8 encoding.`);
    return result(false, `Failed to read skill ${pyReprStr(name)}: ${(err as Error).message}  Check file permissions.`, ['the OS error text differs between Python and Node']);
  }
  const body = loviaSplit(raw).body;
  const location = `  path: ${loviaOneLine(e.realDir, LOVIA_HEADER_MAX)}`;
  return result(true, `[skill: ${e.name}${location}]\n${loviaFrame(body)}`);
}

/** Python `Path.resolve()` (non-strict): resolve what exists, keep the rest. */
async function pyResolve(fs: FileSystem, p: string): Promise<string> {
  // Python's Path.resolve(): component by component, each symbolic link followed before
  // the next `..` applies (path.join would drop `link/..` first, and land elsewhere).
  let cur: string = path.sep;
  for (const part of p.split(path.sep)) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      cur = path.dirname(cur);
      continue;
    }
    const next = path.join(cur, part);
    cur = await fs.realpath(next).catch(() => next);
  }
  return cur;
}

/** `read_skill_file(name, relpath)`. */
export async function renderLoviaRead(catalog: SkillCatalog, fs: FileSystem, name: string, relpath: string): Promise<ToolPreview> {
  const failure = loviaListFailure(catalog.snapshot());
  if (failure) return failed(failure);
  const e = await catalog.lookup(name);
  if (!e) return result(false, loviaUnknown(name, catalog.available()));
  const r = pyReprStr(relpath);
  const root = e.realDir;
  // `root / relpath`: joined as written, `..` kept for resolve().
  const target = await pyResolve(fs, path.isAbsolute(relpath) ? relpath : root + path.sep + relpath);
  if (!(target === root || target.startsWith(root + path.sep))) {
    return result(false, `Path ${r} escapes skill directory.  Use a relative path inside the skill directory.`);
  }
  const st = await fs.stat(target).catch(() => undefined);
  if (st?.type !== 'file') return result(false, `Skill file not found: ${r}`);
  if (st.size > LOVIA_READ_PREVIEW_MAX_BYTES) {
    throw new UnsupportedPreviewError(`${relpath} is ${formatBytes(st.size)}: skillmd previews read_skill_file for files up to ${formatBytes(LOVIA_READ_PREVIEW_MAX_BYTES)} (lovia would return its first ${thousands(LOVIA_MAX_CONTENT)} characters).`);
  }
  let content: string;
  try {
    content = universalNewlines(strict.decode(await fs.readFile(target)));
  } catch (err) {
    if (err instanceof TypeError) {
      return result(false, `Skill file ${r} is not UTF-8 text (a binary asset?).  Only text files can be read into context; reference binary assets by path instead.`);
    }
    return result(false, `Failed to read skill file ${r}: ${(err as Error).message}`, ['the OS error text differs between Python and Node']);
  }
  return result(true, `[skill: ${e.name}  file: ${loviaOneLine(relpath, LOVIA_HEADER_MAX)}]\n${loviaFrame(content)}`);
}

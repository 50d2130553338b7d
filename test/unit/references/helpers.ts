import { parseSkillDocument } from '../../../server/src/core/document/parse';
import type { SkillDocument } from '../../../server/src/core/document/model';
import { LineIndex } from '../../../server/src/core/text/lineIndex';
import type { Range, SkillDiagnostic, TextEdit } from '../../../server/src/core/types';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';
import { checkReferences } from '../../../server/src/core/references/check';
import type { CheckOptions } from '../../../server/src/core/check/checkDocument';

export const SKILL = '/w/my-skill';
export const SKILL_MD = `${SKILL}/SKILL.md`;
export const FM = '---\nname: my-skill\ndescription: Does things. Use when testing.\n---\n';

/** `l:c-l:c` */
export function r(range: Range): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}

/** A skill in memory: SKILL.md with `body` after the frontmatter, plus `files` (paths relative to the skill). */
export function skill(body: string, files: Record<string, string | Uint8Array> = {}): { fs: MemoryFileSystem; doc: SkillDocument } {
  const fs = new MemoryFileSystem();
  const text = FM + body;
  fs.writeFile(SKILL_MD, text);
  for (const [p, c] of Object.entries(files)) fs.writeFile(`${SKILL}/${p}`, c);
  return { fs, doc: parseSkillDocument(SKILL_MD, text) };
}

/** `code severity l:c-l:c` lines for SKILL.md diagnostics, `code file` for others. */
export function summary(ds: SkillDiagnostic[]): string[] {
  return ds.map((d) => `${d.code} ${d.severity} ${d.file === SKILL_MD ? r(d.range) : d.file.slice(SKILL.length + 1)}`);
}

export async function check(body: string, files: Record<string, string | Uint8Array> = {}, opts: CheckOptions = {}) {
  const s = skill(body, files);
  const result = await checkReferences(s.fs, s.doc, opts);
  return { ...s, ...result };
}

/** Applies edits to a text (end to start). */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const lines = new LineIndex(text);
  const sorted = edits.map((e) => ({ s: lines.offsetAt(e.range.start), e: lines.offsetAt(e.range.end), t: e.newText })).sort((a, b) => b.s - a.s);
  for (const e of sorted) text = text.slice(0, e.s) + e.t + text.slice(e.e);
  return text;
}

import * as path from 'node:path';
import { checkDocument } from '../../server/src/core/check/checkDocument';
import { parseSkillDocument } from '../../server/src/core/document/parse';
import type { SkillDocument } from '../../server/src/core/document/model';
import type { ProfileId } from '../../server/src/core/profiles/types';
import { LineIndex } from '../../server/src/core/text/lineIndex';
import type { Range, SkillDiagnostic, TextEdit } from '../../server/src/core/types';

export interface CheckInput {
  /** path of the SKILL.md; default `/skills/my-skill/SKILL.md` */
  path?: string;
  targets?: ProfileId[];
}

export const DEFAULT_PATH = '/skills/my-skill/SKILL.md';

export function parse(text: string, file = DEFAULT_PATH): SkillDocument {
  return parseSkillDocument(file, text);
}

/** Runs every document rule over `text`. */
export function check(text: string, opts: CheckInput = {}): SkillDiagnostic[] {
  const file = opts.path ?? DEFAULT_PATH;
  return checkDocument(parseSkillDocument(file, text), { targets: opts.targets ?? ['agentskills'] });
}

/** Diagnostics of one rule. */
export function only(code: string, text: string, opts: CheckInput = {}): SkillDiagnostic[] {
  return check(text, opts).filter((d) => d.code === code);
}

export function errors(text: string, opts: CheckInput = {}): SkillDiagnostic[] {
  return check(text, opts).filter((d) => d.severity === 'error');
}

/** `{start:[l,c], end:[l,c]}` shorthand. */
export function r(sl: number, sc: number, el: number, ec: number): Range {
  return { start: { line: sl, character: sc }, end: { line: el, character: ec } };
}

/** Compact view for assertions. */
export function view(d: SkillDiagnostic): { code: string; severity: string; message: string; range: Range } {
  return { code: d.code, severity: d.severity, message: d.message, range: d.range };
}

/** Applies LSP-style edits (non-overlapping) to `text`. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineIndex(text);
  const abs = edits.map((e) => ({ s: lines.offsetAt(e.range.start), e: lines.offsetAt(e.range.end), t: e.newText }));
  abs.sort((a, b) => b.s - a.s || b.e - a.e);
  let out = text;
  for (const a of abs) out = out.slice(0, a.s) + a.t + out.slice(a.e);
  return out;
}

/** Applies the fix titled `title` (or the first) of the diagnostic. */
export function applyFix(text: string, d: SkillDiagnostic, title?: string): string {
  const fix = title ? d.fixes?.find((f) => f.title === title) : d.fixes?.[0];
  if (!fix?.edits) throw new Error(`no fix ${title ?? ''} on ${d.code}: ${JSON.stringify(d.fixes?.map((f) => f.title))}`);
  return applyEdits(text, fix.edits);
}

/** A SKILL.md in folder `folder` (path helper). */
export function inFolder(folder: string, file = 'SKILL.md'): string {
  return path.posix.join('/skills', folder, file);
}

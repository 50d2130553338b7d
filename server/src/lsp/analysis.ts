// Parsing and checking one document within the limits of ./limits.
import { checkDocument, finish, resolveSkillSettings, type CheckOptions } from '../core/check/checkDocument';
import { applySeverities } from '../core/check/severity';
import type { SkillDocument } from '../core/document/model';
import { parseSkillDocument } from '../core/document/parse';
import { decodeSkillFile } from '../core/document/readSkillFile';
import { bodyTooLong } from '../core/rules/content/bodyTooLong';
import { documentRules } from '../core/rules/registry';
import type { Rule } from '../core/rules/types';
import type { SkillDiagnostic } from '../core/types';
import { boundedTokens, planDocument } from './limits';

/** body-too-long with a token counter that cannot go quadratic on a long word. */
const boundedBodyTooLong: Rule = {
  ...bodyTooLong,
  check(ctx) {
    bodyTooLong.check({ ...ctx, tokens: (t: string) => boundedTokens(t).tokens });
  },
};

export const editorRules: readonly Rule[] = documentRules.map((r) => (r === bodyTooLong ? boundedBodyTooLong : r));

export interface Parsed {
  /** undefined when the document is over the limits */
  doc: SkillDocument | undefined;
  /** diagnostics from the limits (too large, only the head parsed) */
  limits: SkillDiagnostic[];
}

export function parseBounded(file: string, text: string, version: number, strippedBom = false): Parsed {
  const plan = planDocument(file, text);
  if (plan.kind === 'none') return { doc: undefined, limits: plan.diagnostics };
  if (plan.kind === 'head') return { doc: parseSkillDocument(file, text.slice(0, plan.end), version, strippedBom), limits: [plan.notice] };
  return { doc: parseSkillDocument(file, text, version, strippedBom), limits: [] };
}

export function checkParsed(parsed: Parsed, opts: CheckOptions): SkillDiagnostic[] {
  // The file's own settings (the configuration's overrides included), as for every other diagnostic.
  const out = parsed.limits.length ? applySeverities(parsed.limits, resolveSkillSettings(parsed.limits[0].file, opts).rules) : parsed.limits;
  if (!parsed.doc) return out;
  // The head that was parsed holds any suppression comment: it silences a limit too.
  return [...(out.length ? finish(parsed.doc, out) : out), ...checkDocument(parsed.doc, opts, editorRules)];
}

/** Bytes of a file on disk as the text an editor would hold, or a diagnostic (the core's decoding). */
export const decodeFile = decodeSkillFile;

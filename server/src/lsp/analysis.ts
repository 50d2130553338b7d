// Parsing and checking one document within the limits of ./limits.
import { checkDocument, finish, type CheckOptions } from '../core/check/checkDocument';
import type { SkillDocument } from '../core/document/model';
import { parseSkillDocument } from '../core/document/parse';
import { decodeText, stripBom } from '../core/document/readSkillFile';
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
  const out = parsed.limits.map((d) => {
    const s = resolveSeverity(d.code, opts);
    return s === 'off' ? undefined : { ...d, severity: s ?? d.severity };
  }).filter((d): d is SkillDiagnostic => !!d);
  if (!parsed.doc) return out;
  // The head that was parsed holds any suppression comment: it silences a limit too.
  return [...(out.length ? finish(parsed.doc, out) : out), ...checkDocument(parsed.doc, opts, editorRules)];
}

function resolveSeverity(code: string, opts: CheckOptions) {
  return opts.config?.rules?.[code] ?? opts.ruleSeverities?.[code];
}

/** Bytes of a file on disk as the text an editor would hold, or a diagnostic. */
export function decodeFile(file: string, bytes: Uint8Array): { text: string; strippedBom: boolean } | { diagnostic: SkillDiagnostic } {
  const d = decodeText(bytes);
  if ('text' in d) {
    const text = stripBom(d.text);
    return { text, strippedBom: text.length !== d.text.length };
  }
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return d.problem === 'binary'
    ? { diagnostic: { code: 'file-binary', severity: 'error', file, range, message: `The skill file is binary (${d.detail}), not Markdown text.` } }
    : { diagnostic: { code: 'file-encoding', severity: 'error', file, range, message: `The skill file is not valid UTF-8 (${d.detail}); save it as UTF-8.` } };
}

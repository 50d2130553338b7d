// The code actions the server would offer for one diagnostic of a document, computed
// the way the server does (parseBounded, checkParsed, provideCodeActions).
import type { CodeAction } from 'vscode-languageserver/node';
import type { Parsed } from '../../../server/src/lsp/analysis';
import { checkParsed, parseBounded } from '../../../server/src/lsp/analysis';
import { provideCodeActions } from '../../../server/src/lsp/codeActions';
import { toLspDiagnostic } from '../../../server/src/lsp/convert';
import type { SkillDiagnostic } from '../../../server/src/core/types';
import { applyEdits } from '../helpers';

export const FILE = '/s/my-skill/SKILL.md';
export const URI = 'file:///s/my-skill/SKILL.md';

export function codeActionsFor(text: string, code: string): { actions: CodeAction[]; diagnostic: SkillDiagnostic; parsed: Parsed } {
  const parsed = parseBounded(FILE, text, 1);
  const diagnostics = checkParsed(parsed, {});
  const diagnostic = diagnostics.find((x) => x.code === code);
  if (!diagnostic) throw new Error(`no ${code} in ${JSON.stringify(diagnostics.map((d) => d.code))}`);
  const lsp = toLspDiagnostic(diagnostic, 1);
  const actions = provideCodeActions(
    { textDocument: { uri: URI }, range: lsp.range, context: { diagnostics: [lsp] } },
    { uri: URI, file: FILE, doc: parsed.doc, diagnostics, version: 1, caps: { documentChanges: false, resourceOperations: false }, versionOf: () => 1 },
  );
  return { actions, diagnostic, parsed };
}

/** The text after applying the edits of the action titled `title`. */
export function applyAction(text: string, actions: CodeAction[], title: string): string {
  const a = actions.find((x) => x.title === title);
  if (!a) throw new Error(`no action "${title}" in ${JSON.stringify(actions.map((x) => x.title))}`);
  return applyEdits(text, a.edit?.changes?.[URI] ?? []);
}

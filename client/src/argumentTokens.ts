// `$ARGUMENTS` and `$0`..`$9`, which Claude Code replaces with the arguments of
// `/name`, coloured in skill files only. A TextMate injection into Markdown cannot
// tell a SKILL.md from a README.md (where `$5` is a price), so these are semantic
// tokens for the skill documents instead of a grammar pattern.
import * as vscode from 'vscode';

export const ARGUMENT_TOKENS_LEGEND = new vscode.SemanticTokensLegend(['parameter'], []);

/** The documents the tokens are for: skill files, whatever their language id. */
const SKILL_FILES: vscode.DocumentSelector = [
  { scheme: 'file', language: 'markdown', pattern: '**/{SKILL,skill}.md' },
  { language: 'skill' },
];

const ARGUMENT = /(?<![\w$])(?:\$ARGUMENTS|\$[0-9])\b/g;

export function argumentTokens(document: vscode.TextDocument): vscode.SemanticTokens {
  const builder = new vscode.SemanticTokensBuilder(ARGUMENT_TOKENS_LEGEND);
  for (let line = 0; line < document.lineCount; line++) {
    const text = document.lineAt(line).text;
    for (const m of text.matchAll(ARGUMENT)) builder.push(line, m.index, m[0].length, 0, 0);
  }
  return builder.build();
}

export function registerArgumentTokens(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.languages.registerDocumentSemanticTokensProvider(SKILL_FILES, { provideDocumentSemanticTokens: argumentTokens }, ARGUMENT_TOKENS_LEGEND),
  );
}

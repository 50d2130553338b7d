import * as vscode from 'vscode';
import type { LanguageClient, WorkspaceEdit } from 'vscode-languageclient/node';

type Position = { line: number; character: number };

/** Where the `name` value of a SKILL.md's frontmatter starts (what F2 renames). */
function namePosition(doc: vscode.TextDocument): Position | undefined {
  if (!/^\ufeff?---[ \t]*$/.test(doc.lineAt(0).text)) return undefined;
  for (let line = 1; line < doc.lineCount; line++) {
    const text = doc.lineAt(line).text;
    if (/^(---|\.\.\.)[ \t]*$/.test(text)) return undefined;
    const m = /^name[ \t]*:[ \t]*/.exec(text);
    if (m && m[0].length < text.length) return { line, character: m[0].length };
  }
  return undefined;
}

/**
 * **skillmd: Rename Skill...** (Skills view, command palette): what F2 on `name` does
 * (the value, the folder, `/name` in other skills, one edit) for a skill that need not
 * be open. Also the way to drive the server's rename from a test: VS Code's
 * `vscode.executeDocumentRenameProvider` hands back file operations ahead of the text
 * edits, out of the order the server sends.
 */
export function registerRenameSkill(context: vscode.ExtensionContext, client: LanguageClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('skillmd.renameSkill', async (target?: vscode.Uri | { kind?: string; skill?: { uri: string } }, newNameArg?: string) => {
      const uri = target instanceof vscode.Uri ? target : target?.skill ? vscode.Uri.parse(target.skill.uri) : vscode.window.activeTextEditor?.document.uri;
      if (!uri) return undefined;
      const doc = await vscode.workspace.openTextDocument(uri);
      const position = namePosition(doc);
      if (!position) {
        void vscode.window.showWarningMessage(`skillmd: ${vscode.workspace.asRelativePath(uri)} has no \`name\` in its frontmatter to rename.`);
        return undefined;
      }
      const textDocument = { uri: doc.uri.toString() };
      const prepared = await client.sendRequest<{ placeholder?: string } | null>('textDocument/prepareRename', { textDocument, position });
      if (!prepared) return undefined;
      const newName = newNameArg ?? (await vscode.window.showInputBox({ prompt: 'New skill name (the folder is renamed too)', value: prepared.placeholder }));
      if (newName === undefined || newName === prepared.placeholder) return undefined;
      let result: WorkspaceEdit | null;
      try {
        result = await client.sendRequest<WorkspaceEdit | null>('textDocument/rename', { textDocument, position, newName });
      } catch (e) {
        void vscode.window.showErrorMessage(`skillmd: ${(e as Error).message}`);
        return undefined;
      }
      if (!result) return undefined;
      const edit = await client.protocol2CodeConverter.asWorkspaceEdit(result);
      return { applied: await vscode.workspace.applyEdit(edit), newName };
    }),
  );
}

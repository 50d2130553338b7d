import * as vscode from 'vscode';
import type { LanguageClient, WorkspaceEdit } from 'vscode-languageclient/node';

type Position = { line: number; character: number };
type Symbol = { name: string; selectionRange: { start: Position }; children?: Symbol[] };

/**
 * Where the frontmatter's `name` key is (F2 there renames the skill), as the server
 * parsed it: quoted keys, a BOM or CRLF need no second parser here.
 */
async function namePosition(client: LanguageClient, uri: string): Promise<Position | undefined> {
  const symbols = await client.sendRequest<Symbol[] | null>('textDocument/documentSymbol', { textDocument: { uri } });
  const frontmatter = symbols?.find((s) => s.name === 'frontmatter');
  return frontmatter?.children?.find((s) => s.name === 'name')?.selectionRange.start;
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
      const position = await namePosition(client, doc.uri.toString());
      const prepared = position && (await client.sendRequest<{ placeholder?: string } | null>('textDocument/prepareRename', { textDocument: { uri: doc.uri.toString() }, position }));
      if (!position || !prepared) {
        void vscode.window.showWarningMessage(`skillmd: ${vscode.workspace.asRelativePath(uri)} has no \`name\` string in its frontmatter to rename.`);
        return undefined;
      }
      const textDocument = { uri: doc.uri.toString() };
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

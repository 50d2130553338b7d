import * as vscode from 'vscode';
import type { WorkspaceEdit } from 'vscode-languageclient/node';
import type { ServerClient } from './serverClient';

type Position = { line: number; character: number };
type Symbol = { name: string; selectionRange: { start: Position }; children?: Symbol[] };

/**
 * Where the frontmatter's `name` key is (F2 there renames the skill), as the server
 * parsed it: quoted keys, a BOM or CRLF need no second parser here.
 */
async function namePosition(client: ServerClient, uri: string): Promise<Position | undefined> {
  const symbols = await client.sendRequest<Symbol[] | null>('textDocument/documentSymbol', { textDocument: { uri } });
  const frontmatter = symbols?.find((s) => s.name === 'frontmatter');
  return frontmatter?.children?.find((s) => s.name === 'name')?.selectionRange.start;
}

/**
 * **Skillmd: Rename Skill…** (Skills view, command palette): what F2 on `name` does
 * (the value, the folder, `/name` in other skills, one edit) for a skill that need not
 * be open. Also the way to drive the server's rename from a test: VS Code's
 * `vscode.executeDocumentRenameProvider` hands back file operations ahead of the text
 * edits, out of the order the server sends.
 */
export function registerRenameSkill(context: vscode.ExtensionContext, client: ServerClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('skillmd.renameSkill', async (target?: RenameTarget, newNameArg?: string) => {
      const uri = targetUri(target);
      if (!uri) {
        if (target !== undefined) void vscode.window.showWarningMessage('skillmd: Rename Skill… needs a skill of the Skills view or a SKILL.md.');
        return undefined;
      }
      const doc = await vscode.workspace.openTextDocument(uri);
      const textDocument = { uri: doc.uri.toString() };
      try {
        const position = await namePosition(client, textDocument.uri);
        const prepared = position && (await client.sendRequest<{ placeholder?: string } | null>('textDocument/prepareRename', { textDocument, position }));
        if (!position || !prepared) {
          void vscode.window.showWarningMessage(`skillmd: ${vscode.workspace.asRelativePath(uri)} has no \`name\` string in its frontmatter to rename.`);
          return undefined;
        }
        const newName = newNameArg ?? (await vscode.window.showInputBox({ prompt: 'New skill name (the folder is renamed too)', value: prepared.placeholder }));
        if (newName === undefined || newName === prepared.placeholder) return undefined;
        const result = await client.sendRequest<WorkspaceEdit | null>('textDocument/rename', { textDocument, position, newName });
        if (!result) return undefined;
        const edit = await client.protocol2CodeConverter.asWorkspaceEdit(result);
        return { applied: await vscode.workspace.applyEdit(edit), newName };
      } catch (e) {
        void vscode.window.showErrorMessage(`skillmd: ${(e as Error).message}`);
        return undefined;
      }
    }),
  );
}

type RenameTarget = vscode.Uri | { kind?: string; skill?: { uri?: string }; item?: { uri?: string } };

/**
 * The SKILL.md to rename: a Uri, a Skills view row's own file (a skill, or a
 * shadowed or skipped one), or with no argument (command palette) the active editor's.
 * A row is never taken to mean the active editor.
 */
function targetUri(target: RenameTarget | undefined): vscode.Uri | undefined {
  if (target === undefined) return vscode.window.activeTextEditor?.document.uri;
  if (target instanceof vscode.Uri) return target;
  const uri = target.kind === 'skill' ? target.skill?.uri : target.kind === 'excluded' ? target.item?.uri : undefined;
  return uri ? vscode.Uri.parse(uri) : undefined;
}

import * as vscode from 'vscode';
import type { ServerClient } from './serverClient';

interface LspLocation {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

/**
 * Explorer › "Find File References": every place in the skill's Markdown that points
 * at a file or folder (a script, an image, a reference), answered by the server's
 * textDocument/references for that file's URI, which need not be open.
 */
export function registerFileReferences(context: vscode.ExtensionContext, client: ServerClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('skillmd.findFileReferences', async (resource?: vscode.Uri) => {
      const uri = resource ?? vscode.window.activeTextEditor?.document.uri;
      if (!uri) return [];
      let found: LspLocation[] | null;
      try {
        found = await client.sendRequest<LspLocation[] | null>('textDocument/references', {
          textDocument: { uri: uri.toString() },
          position: { line: 0, character: 0 },
          context: { includeDeclaration: false },
        });
      } catch (e) {
        void vscode.window.showErrorMessage(`skillmd: ${(e as Error).message}`);
        return [];
      }
      const locations = (found ?? []).map(
        (l) => new vscode.Location(vscode.Uri.parse(l.uri), new vscode.Range(l.range.start.line, l.range.start.character, l.range.end.line, l.range.end.character)),
      );
      if (locations.length === 0) {
        void vscode.window.showInformationMessage(`skillmd: nothing in its skill refers to ${vscode.workspace.asRelativePath(uri)}.`);
      } else {
        // The references view, as for code symbols; it needs no open editor.
        void vscode.commands.executeCommand('editor.action.showReferences', uri, new vscode.Position(0, 0), locations);
      }
      return locations;
    }),
  );
}

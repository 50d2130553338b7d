import * as vscode from 'vscode';
import { ROUTE, type RouteCandidateResult, type RouteResultWire } from '../../server/src/protocol';
import { previewAgentChoice } from './catalog/catalogClient';
import type { ServerClient } from './serverClient';

function item(c: RouteCandidateResult, matched: boolean): vscode.QuickPickItem & { uri: string } {
  return {
    label: c.name,
    description: `${c.score.toFixed(3)}${matched ? `  matched: ${c.matched.join(', ')}` : ''}`,
    detail: c.terms.length ? `shared terms: ${c.terms.slice(0, 8).join(', ')}` : 'no shared terms',
    uri: c.uri,
  };
}

/**
 * **skillmd: Which Skill Handles…?**: the skills of the preview agent's catalog that
 * would take a request, as `skillmd route` lists them: those whose trigger_keywords or
 * tags match first, then the others by similarity. Picking one opens its SKILL.md.
 * A test passes the request (and the agent) and gets the server's answer back.
 */
export function registerWhichSkill(context: vscode.ExtensionContext, client: ServerClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('skillmd.whichSkill', async (requestArg?: string, agentArg?: string): Promise<RouteResultWire | undefined> => {
      const request = requestArg ?? (await vscode.window.showInputBox({ prompt: 'A user request: which skill would take it?', placeHolder: 'e.g. make a PDF report of the sales figures' }));
      if (!request?.trim()) return undefined;
      // The previews' agent: the one picked for this workspace (status bar), else the setting.
      const agent = agentArg ?? previewAgentChoice(context.workspaceState);
      let result: RouteResultWire;
      try {
        result = await client.sendRequest<RouteResultWire>(ROUTE, { request, agent });
      } catch (e) {
        void vscode.window.showErrorMessage(`skillmd: ${(e as Error).message}`);
        return undefined;
      }
      if (requestArg !== undefined) return result;
      const items: (vscode.QuickPickItem & { uri?: string })[] = [];
      if (result.candidates.length) items.push({ label: 'matched by trigger_keywords or tags', kind: vscode.QuickPickItemKind.Separator }, ...result.candidates.map((c) => item(c, true)));
      if (result.others.length) items.push({ label: 'by similarity', kind: vscode.QuickPickItemKind.Separator }, ...result.others.map((c) => item(c, false)));
      if (!items.length) {
        void vscode.window.showInformationMessage(`skillmd: no skill of ${result.agent}'s catalog shares a word with "${request}".`);
        return result;
      }
      const picked = await vscode.window.showQuickPick(items, { title: `Skills for "${request}" (${result.agent})`, matchOnDescription: true, matchOnDetail: true });
      if (picked?.uri) await vscode.window.showTextDocument(vscode.Uri.parse(picked.uri));
      return result;
    }),
  );
}

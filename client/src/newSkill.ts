// **Skillmd: New Skill…** (command palette, the Skills view's title bar, a root's
// context menu, the view's welcome button): pick a root, type a name (checked as it
// is typed by the server, with the rules of that root's targets), then the folder
// and a SKILL.md skeleton are created and opened with the description selected.
import * as vscode from 'vscode';
import { NEW_SKILL, NEW_SKILL_ROOTS, type NewSkillResult, type NewSkillRoot } from '../../server/src/protocol';
import type { ServerClient } from './serverClient';

const SEVERITY = {
  error: vscode.InputBoxValidationSeverity.Error,
  warning: vscode.InputBoxValidationSeverity.Warning,
  info: vscode.InputBoxValidationSeverity.Info,
} as const;

export interface CreatedSkill {
  uri: vscode.Uri;
  targets: string[];
}

/** The root a command argument names: a Skills view root row, a folder Uri or a path. */
function rootOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg instanceof vscode.Uri) return arg.fsPath;
  const n = arg as { kind?: string; root?: { path?: string } } | undefined;
  return n?.kind === 'root' && typeof n.root?.path === 'string' ? n.root.path : undefined;
}

async function pickRoot(client: ServerClient): Promise<string | undefined> {
  const roots = await client.sendRequest<NewSkillRoot[]>(NEW_SKILL_ROOTS);
  if (roots.length === 0) {
    void vscode.window.showWarningMessage('skillmd: New Skill… needs a workspace folder: open one first.');
    return undefined;
  }
  const items = roots.map((r) => ({
    label: vscode.workspace.asRelativePath(r.path),
    description: `checked for ${r.targets.join(', ')}`,
    detail: r.exists ? undefined : r.origin === 'config' ? 'configured in .skillmd.json; the folder will be created' : 'the folder will be created',
    root: r.path,
  }));
  return (await vscode.window.showQuickPick(items, { placeHolder: 'Where the new skill goes (the agent folders and the roots of .skillmd.json)', matchOnDescription: true }))?.root;
}

/** The first problem as VS Code shows it under the input box. */
function validation(r: NewSkillResult): vscode.InputBoxValidationMessage | undefined {
  const p = r.problems[0];
  return p && { message: p.message, severity: SEVERITY[p.severity] };
}

export function registerNewSkill(context: vscode.ExtensionContext, client: ServerClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('skillmd.newSkill', async (arg?: unknown, nameArg?: string): Promise<CreatedSkill | undefined> => {
      try {
        const root = rootOf(arg) ?? (await pickRoot(client));
        if (root === undefined) return undefined;
        const check = (name: string) => client.sendRequest<NewSkillResult>(NEW_SKILL, { root, name });
        const where = vscode.workspace.asRelativePath(root);
        const name = nameArg ?? (await vscode.window.showInputBox({
          title: 'New Skill',
          prompt: `Name of the skill in ${where}, also its folder name (checked for ${(await check('new-skill')).targets.join(', ')})`,
          placeHolder: 'my-skill',
          validateInput: async (value) => validation(await check(value)),
        }));
        if (name === undefined) return undefined;
        const r = await check(name);
        const error = r.problems.find((p) => p.severity === 'error');
        if (error) {
          void vscode.window.showErrorMessage(`skillmd: cannot create ${where}/${name}: ${error.message}`);
          return undefined;
        }
        const uri = vscode.Uri.file(r.path);
        // One undoable edit that creates the folder and the file on disk.
        const edit = new vscode.WorkspaceEdit();
        edit.createFile(uri, { contents: Buffer.from(r.text, 'utf8') });
        if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`could not create ${r.path}`);
        const editor = await vscode.window.showTextDocument(uri, { preview: false });
        const { start, end } = r.description;
        editor.selection = new vscode.Selection(start.line, start.character, end.line, end.character);
        editor.revealRange(editor.selection);
        return { uri, targets: r.targets };
      } catch (e) {
        void vscode.window.showErrorMessage(`skillmd: ${(e as Error).message}`);
        return undefined;
      }
    }),
  );
}

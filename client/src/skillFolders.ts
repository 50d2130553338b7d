// The context key `skillmd.skillFolders`: every folder inside a skill (the skill
// folder and its sub-folders), as keys of an object, so menus can say
// `resourceDirname in skillmd.skillFolders` (a file inside a skill) or
// `resourcePath in skillmd.skillFolders` (a folder of one). Used by the Explorer's
// "Find File References in Skills", which only means something there.
import * as path from 'node:path';
import * as vscode from 'vscode';

export const SKILL_FOLDERS_KEY = 'skillmd.skillFolders';
const MAX_SKILLS = 5000;
const MAX_FOLDERS = 20000;
const MAX_DEPTH = 6;
const SKIP = new Set(['node_modules', '.git']);

export class SkillFolders implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private run = 0;
  /** the folders last published */
  folders: string[] = [];

  constructor() {
    // A folder or file created or deleted anywhere may add or remove a skill's folder.
    const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    this.subscriptions.push(
      watcher,
      watcher.onDidCreate(() => this.schedule()),
      watcher.onDidDelete(() => this.schedule()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.schedule()),
    );
    void this.compute();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.compute(), 500);
  }

  /** Runs again until one run ends without a newer one started. */
  private async compute(): Promise<void> {
    const run = ++this.run;
    const skills = await vscode.workspace.findFiles('**/{SKILL,skill}.md', '**/node_modules/**', MAX_SKILLS).then((u) => u, () => []);
    const out = new Set<string>();
    const walk = async (dir: string, depth: number): Promise<void> => {
      if (out.has(dir) || out.size >= MAX_FOLDERS) return;
      out.add(dir);
      if (depth >= MAX_DEPTH) return;
      let entries: [string, vscode.FileType][] = [];
      try {
        entries = await vscode.workspace.fs.readDirectory(vscode.Uri.file(dir));
      } catch {
        return;
      }
      for (const [name, type] of entries) if (type & vscode.FileType.Directory && !SKIP.has(name)) await walk(path.join(dir, name), depth + 1);
    };
    for (const u of skills) if (u.scheme === 'file') await walk(path.dirname(u.fsPath), 0);
    if (run !== this.run) return;
    this.folders = [...out].sort();
    await vscode.commands.executeCommand('setContext', SKILL_FOLDERS_KEY, Object.fromEntries(this.folders.map((f) => [f, true])));
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
  }
}

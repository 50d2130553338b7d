// Whether the workspace holds a skill at all: the context key `skillmd.hasSkills`
// shows the Skills view (and its activity bar container) and the status bar item
// only where there is something to show. Asks VS Code's file search, not the server:
// in a workspace without skills the server does not even start.
import * as vscode from 'vscode';

export const HAS_SKILLS_KEY = 'skillmd.hasSkills';
const GLOB = '**/{SKILL,skill}.md';
const EXCLUDE = '**/node_modules/**';

export class SkillsPresence implements vscode.Disposable {
  private has: boolean | undefined;
  private readonly emitter = new vscode.EventEmitter<boolean>();
  /** fires when the answer changes */
  readonly onDidChange = this.emitter.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher(GLOB, false, true, true);
    // A folder deleted outside VS Code (rm -r, git checkout) reports only the folder,
    // which GLOB does not match: any deletion searches again, a little later.
    const deletions = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
    this.subscriptions.push(
      watcher,
      deletions,
      watcher.onDidCreate(() => this.set(true)),
      deletions.onDidDelete(() => {
        if (this.has) this.recheck();
      }),
      vscode.workspace.onDidDeleteFiles(() => this.recheck()),
      vscode.workspace.onDidRenameFiles(() => this.recheck()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.recheck()),
      vscode.workspace.onDidOpenTextDocument((d) => {
        if (/(^|[\\/])skill\.md$/i.test(d.uri.path) && d.uri.scheme === 'file') this.set(true);
      }),
    );
    void this.search();
  }

  get value(): boolean {
    return this.has === true;
  }

  /** The catalog found skills (or none): a fresher answer than the last search. */
  report(found: boolean): void {
    if (found) this.set(true);
    else this.recheck();
  }

  private set(value: boolean): void {
    if (this.has === value) return;
    this.has = value;
    void vscode.commands.executeCommand('setContext', HAS_SKILLS_KEY, value);
    this.emitter.fire(value);
  }

  private recheck(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.search(), 300);
  }

  private async search(): Promise<void> {
    let found = false;
    try {
      found = (await vscode.workspace.findFiles(GLOB, EXCLUDE, 1)).length > 0;
    } catch {
      // no search provider: keep what the events said
      return;
    }
    this.set(found);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
  }
}

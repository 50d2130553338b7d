// The "Skills" view (its own activity bar container): every skill the chosen agent
// discovers, per root, then the shadowed and skipped ones with the reason; under each
// skill its folder, SKILL.md first. Asks the server only when the view is shown
// (getChildren), and again when the catalog changes.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CatalogExclusion, CatalogResult, CatalogRoot, CatalogSkill } from '../../../server/src/protocol';
import type { CatalogClient } from './catalogClient';
import { listFolder } from './skillFiles';

export type SkillNode =
  | { kind: 'root'; root: CatalogRoot; skills: CatalogSkill[]; agent: string }
  | { kind: 'skill'; skill: CatalogSkill; agent: string }
  | { kind: 'group'; group: 'shadowed' | 'skipped' | 'problems'; result: CatalogResult }
  | { kind: 'excluded'; item: CatalogExclusion; agent: string }
  | { kind: 'problem'; problem: CatalogResult['problems'][number] }
  | FileNode
  | FolderNode;

/** Where a file or folder row belongs: the skill (or left-out skill) whose folder holds it. */
interface InSkill {
  /** the name the agent uses; undefined for a left-out skill without a readable name */
  skillName: string | undefined;
  /** its SKILL.md */
  skillPath: string;
  agent: string;
  /** the skill folder */
  dir: string;
  /** `/`-separated, relative to the skill folder */
  relpath: string;
}
export type FileNode = InSkill & { kind: 'file'; /** the skill's SKILL.md itself */ main: boolean };
export type FolderNode = InSkill & { kind: 'folder'; empty: boolean };

export { listSkillFiles } from './skillFiles';

const reasonLabel: Record<CatalogExclusion['reason'], string> = {
  invalid: 'invalid',
  shadowed: 'shadowed',
  filtered: 'filtered',
  hidden: 'hidden',
  budget: 'over budget',
  'internal-error': 'not read (skillmd bug)',
};

/** A stable id per row, so VS Code keeps selection and expansion across refreshes and agents. */
export function nodeId(node: SkillNode): string {
  switch (node.kind) {
    case 'root':
      return `root:${node.root.path}`;
    case 'skill':
      return `skill:${node.skill.root}:${node.skill.path}`;
    case 'group':
      return `group:${node.group}`;
    case 'excluded':
      return `excluded:${node.item.reason}:${node.item.root}:${node.item.path}`;
    case 'problem':
      return `problem:${node.problem.code}:${node.problem.path}:${node.problem.message}`;
    case 'file':
    case 'folder':
      return `${node.kind}:${node.skillPath}:${node.relpath}`;
  }
}

export class SkillsViewProvider implements vscode.TreeDataProvider<SkillNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<SkillNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private view: vscode.TreeView<SkillNode> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** the last catalog the view showed */
  last: CatalogResult | undefined;
  private readonly fetchedEmitter = new vscode.EventEmitter<CatalogResult>();
  /** fires after the view fetched a catalog */
  readonly onDidFetch = this.fetchedEmitter.event;
  /**
   * Rows the user expanded (true) or collapsed (false), by id. A refresh makes every
   * TreeItem anew: its state is taken from here, not from the row's default.
   */
  private readonly expanded = new Map<string, boolean>();

  /** skill and left-out skill rows last listed, by their folder: refreshed when its diagnostics change */
  private readonly skillRows = new Map<string, SkillNode>();
  private pendingDiagnostics = new Set<string>();
  /** the counts each skill row was last rendered with, by folder */
  private readonly shownProblems = new Map<string, string>();
  private diagnosticsTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly catalog: CatalogClient) {
    this.subscriptions.push(
      catalog.onDidChange(() => this.refresh()),
      vscode.languages.onDidChangeDiagnostics((e) => this.diagnosticsChanged(e.uris)),
    );
  }

  /** Re-renders the rows of the skills whose files' diagnostics changed (batched). */
  private diagnosticsChanged(uris: readonly vscode.Uri[]): void {
    for (const u of uris) if (u.scheme === 'file') this.pendingDiagnostics.add(u.fsPath);
    if (this.diagnosticsTimer || this.pendingDiagnostics.size === 0) return;
    this.diagnosticsTimer = setTimeout(() => {
      this.diagnosticsTimer = undefined;
      const files = [...this.pendingDiagnostics];
      this.pendingDiagnostics.clear();
      for (const [dir, node] of this.skillRows) {
        if (!files.some((f) => isInside(f, dir))) continue;
        // Only rows whose counts changed: a re-render while the user expands a row can undo it.
        const now = JSON.stringify(problemsIn(dir));
        if (this.shownProblems.get(dir) !== now) this.emitter.fire(node);
      }
    }, 150);
  }

  attach(view: vscode.TreeView<SkillNode>): void {
    this.view = view;
    this.subscriptions.push(
      view.onDidExpandElement((e) => this.expanded.set(nodeId(e.element), true)),
      view.onDidCollapseElement((e) => this.expanded.set(nodeId(e.element), false)),
    );
  }

  refresh(): void {
    this.emitter.fire(undefined);
  }

  /** each row's parent as last listed, by id (for reveal) */
  private readonly parents = new Map<string, SkillNode | undefined>();

  getParent(node: SkillNode): SkillNode | undefined {
    return this.parents.get(nodeId(node));
  }

  async getChildren(node?: SkillNode): Promise<SkillNode[]> {
    const children = await this.childrenOf(node);
    for (const c of children) {
      this.parents.set(nodeId(c), node);
      if (c.kind === 'skill') this.skillRows.set(c.skill.dir, c);
      else if (c.kind === 'excluded') this.skillRows.set(path.dirname(c.item.path), c);
    }
    return children;
  }

  private async childrenOf(node?: SkillNode): Promise<SkillNode[]> {
    if (!node) return this.top();
    switch (node.kind) {
      case 'root':
        return node.skills.map((skill) => ({ kind: 'skill', skill, agent: node.agent }));
      case 'group':
        if (node.group === 'problems') return node.result.problems.map((problem) => ({ kind: 'problem', problem }));
        return node.result[node.group].map((item) => ({ kind: 'excluded', item, agent: node.result.agent }));
      case 'skill':
        return this.filesOf({ skillName: node.skill.name, skillPath: node.skill.path, agent: node.agent, dir: node.skill.dir, relpath: '' });
      case 'excluded':
        return this.filesOf({ skillName: node.item.name, skillPath: node.item.path, agent: node.agent, dir: path.dirname(node.item.path), relpath: '' });
      case 'folder':
        return this.filesOf(node);
      default:
        return [];
    }
  }

  /** One folder of a skill, SKILL.md first at the top, as the Explorer lists it. */
  private async filesOf(at: InSkill): Promise<SkillNode[]> {
    const main = path.basename(at.skillPath);
    const entries = await listFolder(at.dir, at.relpath, at.relpath === '' ? main : undefined);
    const base = { skillName: at.skillName, skillPath: at.skillPath, agent: at.agent, dir: at.dir };
    return entries.map((e): SkillNode => (e.isDir
      ? { ...base, kind: 'folder', relpath: e.relpath, empty: !!e.empty }
      : { ...base, kind: 'file', relpath: e.relpath, main: at.relpath === '' && e.name === main }));
  }

  private async top(): Promise<SkillNode[]> {
    let result: CatalogResult;
    try {
      result = await this.catalog.catalog();
    } catch (e) {
      if (this.view) this.view.message = `Could not read the skills: ${(e as Error).message}`;
      return [];
    }
    this.last = result;
    this.skillRows.clear();
    this.fetchedEmitter.fire(result);
    const nodes: SkillNode[] = [];
    for (const root of result.roots) {
      const skills = result.skills.filter((s) => s.root === root.path);
      if (skills.length) nodes.push({ kind: 'root', root, skills, agent: result.agent });
    }
    if (result.shadowed.length) nodes.push({ kind: 'group', group: 'shadowed', result });
    if (result.skipped.length) nodes.push({ kind: 'group', group: 'skipped', result });
    if (result.problems.length) nodes.push({ kind: 'group', group: 'problems', result });
    if (this.view) {
      const tokens = result.indexTokens !== undefined ? `${result.indexTokens} tokens` : `${result.tokens} description tokens`;
      this.view.description = `${result.agent} · ${result.skills.length} skill${result.skills.length === 1 ? '' : 's'} · ${tokens}`;
      // Unset when empty too: VS Code shows the view's welcome content (Pick Agent) only without a message.
      this.view.message = undefined;
    }
    return nodes;
  }

  /** `defaultState`, or the state the user left the row in. */
  private state(node: SkillNode, defaultState: vscode.TreeItemCollapsibleState): vscode.TreeItemCollapsibleState {
    if (defaultState === vscode.TreeItemCollapsibleState.None) return defaultState;
    const e = this.expanded.get(nodeId(node));
    return e === undefined ? defaultState : e ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
  }

  getTreeItem(node: SkillNode): vscode.TreeItem {
    const item = this.makeItem(node);
    item.id = nodeId(node);
    if (item.collapsibleState !== undefined) item.collapsibleState = this.state(node, item.collapsibleState);
    return item;
  }

  private makeItem(node: SkillNode): vscode.TreeItem {
    const { Collapsed, Expanded, None } = vscode.TreeItemCollapsibleState;
    switch (node.kind) {
      case 'root': {
        const item = new vscode.TreeItem(vscode.workspace.asRelativePath(node.root.path), Expanded);
        item.description = `${node.skills.length} skill${node.skills.length === 1 ? '' : 's'}`;
        item.iconPath = new vscode.ThemeIcon('root-folder');
        item.tooltip = `${node.root.path} (${node.root.origin === 'config' ? 'from .skillmd.json' : 'agent skills folder'})`;
        item.resourceUri = vscode.Uri.file(node.root.path);
        item.contextValue = 'skillmd.root';
        return item;
      }
      case 'skill': {
        const s = node.skill;
        // No click command: one click expands it, as a folder in the Explorer; the
        // inline action and its SKILL.md row open it.
        const item = new vscode.TreeItem(s.name, Collapsed);
        // The Problems panel's own diagnostics for the skill's files, not a second count.
        const d = problemsIn(s.dir);
        this.shownProblems.set(s.dir, JSON.stringify(d));
        const issues = describeProblems(d);
        item.description = [`${s.indexTokens ?? s.tokens} tokens`, ...issues].join(' · ');
        item.resourceUri = vscode.Uri.file(s.dir);
        item.iconPath = d.errors
          ? new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'))
          : d.warnings
            ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'))
            : new vscode.ThemeIcon('book');
        const tip = new vscode.MarkdownString();
        tip.appendMarkdown(`**${escapeMd(s.name)}** (${node.agent})\n\n`);
        tip.appendText(s.description);
        tip.appendMarkdown(`\n\n${s.indexTokens !== undefined ? `${s.indexTokens} tokens in the index, ` : ''}${s.tokens} tokens of description${s.whenToUse !== undefined ? ' + when_to_use' : ''}`);
        if (d.codes.length) tip.appendMarkdown(`\n\n${issues.join(', ')}: ${d.codes.map((c) => `\`${c}\``).join(', ')}`);
        tip.appendMarkdown(`\n\n`);
        tip.appendText(s.path);
        item.tooltip = tip;
        item.contextValue = 'skillmd.skill';
        return item;
      }
      case 'group': {
        const list = node.group === 'problems' ? node.result.problems : node.result[node.group];
        const label = node.group === 'shadowed' ? 'Shadowed' : node.group === 'skipped' ? 'Skipped' : 'Problems';
        const item = new vscode.TreeItem(`${label} (${list.length})`, Expanded);
        item.iconPath = new vscode.ThemeIcon(node.group === 'shadowed' ? 'layers' : node.group === 'skipped' ? 'circle-slash' : 'warning');
        item.tooltip = node.group === 'shadowed'
          ? 'Skills with the name of a skill found earlier: the first one found wins.'
          : node.group === 'skipped' ? 'Skills the agent does not show: invalid, filtered or hidden.' : 'Folders that could not be read, symlink loops, missing roots.';
        item.contextValue = `skillmd.group.${node.group}`;
        return item;
      }
      case 'excluded': {
        const x = node.item;
        const item = new vscode.TreeItem(x.name ?? path.basename(path.dirname(x.path)), Collapsed);
        const why = x.reason === 'shadowed' && x.winner ? `by ${vscode.workspace.asRelativePath(x.winner)}` : x.message;
        const counts = problemsIn(path.dirname(x.path));
        this.shownProblems.set(path.dirname(x.path), JSON.stringify(counts));
        const issues = describeProblems(counts);
        item.description = [...issues, `${reasonLabel[x.reason]}: ${why}`].join(' · ');
        item.iconPath = x.reason === 'invalid'
          ? new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'))
          : x.reason === 'shadowed'
            ? new vscode.ThemeIcon('layers')
            : new vscode.ThemeIcon('eye-closed');
        const tip = new vscode.MarkdownString();
        tip.appendMarkdown(`**${escapeMd(x.name ?? '(no name)')}**: ${reasonLabel[x.reason]}\n\n`);
        tip.appendText(x.message);
        tip.appendMarkdown('\n\n');
        tip.appendText(x.path);
        if (x.winner) {
          tip.appendMarkdown('\n\nwinner: ');
          tip.appendText(x.winner);
        }
        item.tooltip = tip;
        item.contextValue = 'skillmd.skill.excluded';
        return item;
      }
      case 'problem': {
        const p = node.problem;
        const item = new vscode.TreeItem(vscode.workspace.asRelativePath(p.path), None);
        item.description = `${p.code}: ${p.message}`;
        item.tooltip = `${p.code}: ${p.message}`;
        item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
        item.contextValue = 'skillmd.problem';
        return item;
      }
      case 'folder': {
        const uri = vscode.Uri.file(path.join(node.dir, ...node.relpath.split('/')));
        const item = new vscode.TreeItem(uri, node.empty ? None : Collapsed);
        item.iconPath = vscode.ThemeIcon.Folder;
        item.contextValue = 'skillmd.skillFolder';
        return item;
      }
      case 'file': {
        const uri = vscode.Uri.file(path.join(node.dir, ...node.relpath.split('/')));
        const item = new vscode.TreeItem(uri, None);
        item.iconPath = vscode.ThemeIcon.File;
        // One click opens it as the Explorer does: in the preview editor (a second click on another file replaces it).
        item.command = { command: 'vscode.open', title: 'Open File', arguments: [uri] };
        item.contextValue = node.main ? 'skillmd.skillMain' : 'skillmd.skillFile';
        return item;
      }
    }
  }

  dispose(): void {
    if (this.diagnosticsTimer) clearTimeout(this.diagnosticsTimer);
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
    this.fetchedEmitter.dispose();
  }
}

function isInside(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

/** Errors and warnings VS Code holds (the Problems panel) for the files in `dir`. */
export function problemsIn(dir: string): { errors: number; warnings: number; codes: string[] } {
  let errors = 0;
  let warnings = 0;
  const codes = new Set<string>();
  for (const [uri, list] of vscode.languages.getDiagnostics()) {
    if (uri.scheme !== 'file' || !isInside(uri.fsPath, dir)) continue;
    for (const d of list) {
      if (d.severity === vscode.DiagnosticSeverity.Error) errors++;
      else if (d.severity === vscode.DiagnosticSeverity.Warning) warnings++;
      else continue;
      const code = typeof d.code === 'object' ? d.code.value : d.code;
      if (code !== undefined) codes.add(String(code));
    }
  }
  return { errors, warnings, codes: [...codes].sort() };
}

function describeProblems(d: { errors: number; warnings: number }): string[] {
  return [d.errors ? `${d.errors} error${d.errors === 1 ? '' : 's'}` : '', d.warnings ? `${d.warnings} warning${d.warnings === 1 ? '' : 's'}` : ''].filter(Boolean);
}

function escapeMd(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

// The "Skills" view (Explorer): every skill the chosen agent discovers, per root,
// then the shadowed and skipped ones with the reason. Asks the server only when the
// view is shown (getChildren), and again when the catalog changes.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CatalogExclusion, CatalogResult, CatalogRoot, CatalogSkill } from '../../../server/src/protocol';
import type { CatalogClient } from './catalogClient';

export type SkillNode =
  | { kind: 'root'; root: CatalogRoot; skills: CatalogSkill[]; agent: string }
  | { kind: 'skill'; skill: CatalogSkill; agent: string }
  | { kind: 'group'; group: 'shadowed' | 'skipped' | 'problems'; result: CatalogResult }
  | { kind: 'excluded'; item: CatalogExclusion; agent: string }
  | { kind: 'problem'; problem: CatalogResult['problems'][number] }
  | { kind: 'file'; skillName: string; agent: string; dir: string; relpath: string };

const MAX_FILES = 500;
const SKIP_DIRS = new Set(['node_modules', '.git']);

/** Files of a skill folder (not SKILL.md itself), as `/`-separated paths relative to it. */
export async function listSkillFiles(dir: string, max = MAX_FILES): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string, depth: number): Promise<void> => {
    if (depth > 6 || out.length >= max) return;
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(vscode.Uri.file(path.join(dir, rel)));
    } catch {
      return;
    }
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, type] of entries) {
      const r = rel ? `${rel}/${name}` : name;
      if (type & vscode.FileType.Directory) {
        if (!SKIP_DIRS.has(name)) await walk(r, depth + 1);
      } else if (!(rel === '' && /^skill\.md$/i.test(name))) {
        out.push(r);
        if (out.length >= max) return;
      }
    }
  };
  await walk('', 0);
  return out;
}

const reasonLabel: Record<CatalogExclusion['reason'], string> = {
  invalid: 'invalid',
  shadowed: 'shadowed',
  filtered: 'filtered',
  hidden: 'hidden',
  budget: 'over budget',
  'internal-error': 'not read (skillmd bug)',
};

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

  constructor(private readonly catalog: CatalogClient) {
    this.subscriptions.push(catalog.onDidChange(() => this.refresh()));
  }

  attach(view: vscode.TreeView<SkillNode>): void {
    this.view = view;
  }

  refresh(): void {
    this.emitter.fire(undefined);
  }

  async getChildren(node?: SkillNode): Promise<SkillNode[]> {
    if (!node) return this.top();
    switch (node.kind) {
      case 'root':
        return node.skills.map((skill) => ({ kind: 'skill', skill, agent: node.agent }));
      case 'group':
        if (node.group === 'problems') return node.result.problems.map((problem) => ({ kind: 'problem', problem }));
        return node.result[node.group].map((item) => ({ kind: 'excluded', item, agent: node.result.agent }));
      case 'skill':
        return (await listSkillFiles(node.skill.dir)).map((relpath) => ({ kind: 'file', skillName: node.skill.name, agent: node.agent, dir: node.skill.dir, relpath }));
      default:
        return [];
    }
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

  getTreeItem(node: SkillNode): vscode.TreeItem {
    switch (node.kind) {
      case 'root': {
        const item = new vscode.TreeItem(vscode.workspace.asRelativePath(node.root.path), vscode.TreeItemCollapsibleState.Expanded);
        item.description = `${node.skills.length} skill${node.skills.length === 1 ? '' : 's'}`;
        item.iconPath = new vscode.ThemeIcon('root-folder');
        item.tooltip = `${node.root.path} (${node.root.origin === 'config' ? 'from .skillmd.json' : 'agent skills folder'})`;
        item.contextValue = 'skillmd.root';
        item.id = `root:${node.agent}:${node.root.path}`;
        return item;
      }
      case 'skill': {
        const s = node.skill;
        const item = new vscode.TreeItem(s.name, vscode.TreeItemCollapsibleState.Collapsed);
        const d = s.diagnostics;
        const issues = [d.errors ? `${d.errors} error${d.errors === 1 ? '' : 's'}` : '', d.warnings ? `${d.warnings} warning${d.warnings === 1 ? '' : 's'}` : ''].filter(Boolean);
        item.description = [`${s.indexTokens ?? s.tokens} tokens`, ...issues].join(' · ');
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
        item.command = { command: 'vscode.open', title: 'Open SKILL.md', arguments: [vscode.Uri.file(s.path)] };
        item.contextValue = 'skillmd.skill';
        item.id = `skill:${node.agent}:${s.path}`;
        return item;
      }
      case 'group': {
        const list = node.group === 'problems' ? node.result.problems : node.result[node.group];
        const label = node.group === 'shadowed' ? 'Shadowed' : node.group === 'skipped' ? 'Skipped' : 'Problems';
        const item = new vscode.TreeItem(`${label} (${list.length})`, vscode.TreeItemCollapsibleState.Expanded);
        item.iconPath = new vscode.ThemeIcon(node.group === 'shadowed' ? 'layers' : node.group === 'skipped' ? 'circle-slash' : 'warning');
        item.tooltip = node.group === 'shadowed'
          ? 'Skills with the name of a skill found earlier: the first one found wins.'
          : node.group === 'skipped' ? 'Skills the agent does not show: invalid, filtered or hidden.' : 'Folders that could not be read, symlink loops, missing roots.';
        item.contextValue = `skillmd.group.${node.group}`;
        item.id = `group:${node.result.agent}:${node.group}`;
        return item;
      }
      case 'excluded': {
        const x = node.item;
        const item = new vscode.TreeItem(x.name ?? path.basename(path.dirname(x.path)), vscode.TreeItemCollapsibleState.None);
        const why = x.reason === 'shadowed' && x.winner ? `by ${vscode.workspace.asRelativePath(x.winner)}` : x.message;
        item.description = `${reasonLabel[x.reason]}: ${why}`;
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
        item.command = { command: 'vscode.open', title: 'Open SKILL.md', arguments: [vscode.Uri.file(x.path)] };
        item.contextValue = 'skillmd.skill.excluded';
        item.id = `excluded:${node.agent}:${x.reason}:${x.path}`;
        return item;
      }
      case 'problem': {
        const p = node.problem;
        const item = new vscode.TreeItem(vscode.workspace.asRelativePath(p.path), vscode.TreeItemCollapsibleState.None);
        item.description = `${p.code}: ${p.message}`;
        item.tooltip = `${p.code}: ${p.message}`;
        item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
        item.contextValue = 'skillmd.problem';
        return item;
      }
      case 'file': {
        const uri = vscode.Uri.file(path.join(node.dir, ...node.relpath.split('/')));
        const item = new vscode.TreeItem(node.relpath, vscode.TreeItemCollapsibleState.None);
        item.resourceUri = uri;
        item.iconPath = vscode.ThemeIcon.File;
        item.command = { command: 'vscode.open', title: 'Open File', arguments: [uri] };
        item.contextValue = 'skillmd.skillFile';
        item.id = `file:${node.agent}:${node.dir}:${node.relpath}`;
        return item;
      }
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
    this.fetchedEmitter.dispose();
  }
}

function escapeMd(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

// Skills view, preview commands and the status bar item, over the server's
// catalog requests. Nothing here asks the server before it is needed: the view when
// it is shown, the status bar when a SKILL.md is the active editor or the view is open.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ServerClient, ServerState } from '../serverClient';
import type { CatalogResult, PreviewIndexOptions } from '../../../server/src/protocol';
import { CatalogClient, PICKABLE_AGENTS, type PreviewRequest } from './catalogClient';
import { PreviewProvider, type OpenedPreview } from './previews';
import { listSkillFiles, SkillsViewProvider, type SkillNode } from './skillsView';
import { SkillsPresence } from './skillsPresence';

export { PREVIEW_SCHEME, PREVIEW_LANGUAGE } from './previews';
export type { SkillNode } from './skillsView';

/** What activate() returns: for other extensions and the extension-host tests. */
export interface SkillsApi {
  skillsView: {
    getChildren(node?: SkillNode): Promise<SkillNode[]>;
    getTreeItem(node: SkillNode): vscode.TreeItem;
    /** the view's message; undefined lets VS Code show the welcome content of an empty view */
    message(): string | undefined;
    reveal(node: SkillNode, options?: { select?: boolean; focus?: boolean; expand?: boolean | number }): Thenable<void>;
    visible(): boolean;
  };
  /** the workspace holds a SKILL.md (context key `skillmd.hasSkills`: the view and the status bar item show) */
  hasSkills(): boolean;
  /** the language server, and why its last start failed */
  serverStatus(): { state: ServerState; error?: string };
  catalog(agent?: string): Promise<CatalogResult>;
  preview(req: PreviewRequest): Promise<OpenedPreview>;
  statusBarText(): string;
}

const AGENT_LABELS: Record<string, string> = {
  lovia: 'lovia: `## Skills` index, load_skill, read_skill_file',
  agentskills: 'agentskills.io: skills-ref to-prompt `<available_skills>`',
  eino: 'CloudWeGo Eino: skill tool',
  codex: 'OpenAI Codex: `## Skills` list',
  'claude-code': 'Claude Code: skill listing + Skill tool (reverse-engineered)',
  copilot: 'GitHub Copilot in VS Code: `<skills>` listing, skill tool result',
  opencode: 'opencode: skill tool description and result',
};

const isSkillDoc = (d: vscode.TextDocument | undefined) => !!d && d.uri.scheme === 'file' && /(^|[\\/])skill\.md$/i.test(d.uri.fsPath);

/**
 * The agent pick list: a choice applies to this workspace only (workspace state);
 * each row's save button also writes it to the workspace settings.
 */
function pickAgentUi(current: string, autoNow: string | undefined): Promise<{ agent: string; save: boolean } | undefined> {
  const save: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('save'), tooltip: 'Use and save to the workspace settings (.vscode/settings.json)' };
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { agent: string }>();
  qp.title = 'Pick Preview Agent';
  qp.placeholder = 'Agent whose view of the skills to preview (for this workspace; the save button writes the setting)';
  qp.items = ['auto', ...PICKABLE_AGENTS].map((a) => ({
    agent: a, label: a, buttons: [save],
    description: a === current ? '(current)' : undefined,
    detail: a === 'auto' ? `the agents the workspace's skills target${autoNow ? ` (now ${autoNow})` : ''}` : AGENT_LABELS[a],
  }));
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: { agent: string; save: boolean } | undefined) => {
      if (done) return;
      done = true;
      resolve(v);
      qp.dispose();
    };
    qp.onDidAccept(() => finish(qp.selectedItems[0] ? { agent: qp.selectedItems[0].agent, save: false } : undefined));
    qp.onDidTriggerItemButton((e) => finish({ agent: e.item.agent, save: true }));
    qp.onDidHide(() => finish(undefined));
    qp.show();
  });
}

export function registerCatalogUi(context: vscode.ExtensionContext, client: ServerClient): SkillsApi {
  const catalog = new CatalogClient(client, context.workspaceState);
  const previews = new PreviewProvider(catalog);
  const provider = new SkillsViewProvider(catalog);
  const presence = new SkillsPresence();
  const view = vscode.window.createTreeView('skillmd.skills', { treeDataProvider: provider, showCollapseAll: true });
  provider.attach(view);

  // ---- status bar: agent and index tokens
  const status = vscode.window.createStatusBarItem('skillmd.agent', vscode.StatusBarAlignment.Right, 100);
  status.name = 'skillmd agent';
  status.command = 'skillmd.pickAgent';
  let statusLive = false;
  const showStatus = (r?: CatalogResult) => {
    const agent = r?.agent ?? catalog.currentAgent ?? 'auto';
    if (!r) {
      status.text = `$(hubot) ${agent}`;
      status.tooltip = 'skillmd: the agent whose view of the skills is previewed. Click to pick another.';
    } else {
      const tokens = r.indexTokens ?? r.tokens;
      status.text = `$(hubot) ${agent} · ${tokens.toLocaleString('en-US')} tokens`;
      status.tooltip = `skillmd: ${agent} shows ${r.skills.length} skill${r.skills.length === 1 ? '' : 's'}; its skill index is ${tokens} tokens (${r.tokenizer}).` +
        `${r.skipped.length + r.shadowed.length ? ` Left out: ${r.skipped.length} skipped, ${r.shadowed.length} shadowed.` : ''} Click to pick another agent.`;
    }
    if (presence.value) status.show();
    else status.hide();
  };
  const fetchStatus = async () => {
    statusLive = true;
    try {
      showStatus(await catalog.catalog());
    } catch {
      showStatus();
    }
  };
  showStatus();
  const maybeFetchStatus = () => {
    if (statusLive || isSkillDoc(vscode.window.activeTextEditor?.document) || view.visible) void fetchStatus();
  };

  context.subscriptions.push(
    catalog, previews, provider, view, status, presence,
    provider.onDidFetch((r) => {
      statusLive = true;
      presence.report(r.skills.length + r.skipped.length + r.shadowed.length > 0);
      showStatus(r);
    }),
    presence.onDidChange(() => {
      showStatus(catalog.cached());
      maybeFetchStatus();
    }),
    catalog.onDidChange(() => {
      showStatus();
      maybeFetchStatus();
    }),
    vscode.window.onDidChangeActiveTextEditor((e) => {
      if (!statusLive && isSkillDoc(e?.document)) void fetchStatus();
    }),
  );
  if (isSkillDoc(vscode.window.activeTextEditor?.document)) void fetchStatus();

  // ---- commands
  const fail = (e: unknown) => {
    void vscode.window.showErrorMessage(`skillmd: ${(e as Error).message ?? e}`);
    return undefined;
  };

  const pickSkill = async (placeHolder: string): Promise<string | undefined> => {
    const r = await catalog.catalog();
    const items: (vscode.QuickPickItem & { name: string })[] = r.skills.map((s) => ({
      name: s.name, label: s.name, description: `${s.tokens} tokens · ${vscode.workspace.asRelativePath(s.path)}`, detail: s.description,
    }));
    for (const x of [...r.skipped, ...r.shadowed]) {
      if (x.name) items.push({ name: x.name, label: x.name, description: `${x.reason} · ${vscode.workspace.asRelativePath(x.path)}`, detail: x.message });
    }
    const pick = await vscode.window.showQuickPick(items, { placeHolder, matchOnDescription: true, matchOnDetail: true });
    return pick?.name;
  };

  /** A skill name from a tree node, a string, `{ name }`, or a quick pick. */
  const skillNameOf = async (arg: unknown, placeHolder: string): Promise<string | undefined> => {
    if (typeof arg === 'string') return arg;
    const n = arg as SkillNode | { name?: unknown; kind?: undefined } | undefined;
    if (n?.kind === 'skill') return n.skill.name;
    if (n?.kind === 'excluded') {
      if (n.item.name !== undefined) return n.item.name;
      void vscode.window.showWarningMessage(`skillmd: ${vscode.workspace.asRelativePath(n.item.path)} has no name the agent could read (${n.item.message}), so there is nothing to preview.`);
      return undefined;
    }
    if (n?.kind === 'file' || n?.kind === 'folder') {
      if (n.skillName !== undefined) return n.skillName;
      void vscode.window.showWarningMessage(`skillmd: ${vscode.workspace.asRelativePath(n.skillPath)} has no name the agent could read, so there is nothing to preview.`);
      return undefined;
    }
    if (n && typeof n.kind !== 'string' && typeof n.name === 'string') return n.name;
    return pickSkill(placeHolder);
  };

  /** lovia's name for the skill in `dir` (a shadowed one answers as its winner does, as in lovia). */
  const loviaNameIn = async (dir: string | undefined, name: string): Promise<string | undefined> => {
    if (dir === undefined) return name;
    const r = await catalog.catalog('lovia');
    const hit = r.skills.find((s) => s.dir === dir) ?? r.shadowed.find((x) => path.dirname(x.path) === dir);
    if (hit?.name !== undefined) return hit.name;
    const skipped = r.skipped.find((x) => path.dirname(x.path) === dir);
    const where = vscode.workspace.asRelativePath(dir);
    void vscode.window.showWarningMessage(skipped ? `skillmd: lovia skips ${where} (${skipped.message}), so read_skill_file cannot reach its files.` : `skillmd: lovia does not find ${where} in its roots, so read_skill_file cannot reach its files.`);
    return undefined;
  };

  const dirOf = async (name: string): Promise<string | undefined> => {
    const r = catalog.cached() ?? (await catalog.catalog());
    return r.skills.find((s) => s.name === name)?.dir ?? [...r.skipped, ...r.shadowed].find((x) => x.name === name)?.path.replace(/[\\/][^\\/]+$/, '');
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('skillmd.previewIndex', async (opts?: { agent?: string; options?: PreviewIndexOptions }) => {
      try {
        return await previews.open({ kind: 'index', agent: opts?.agent, options: opts?.options });
      } catch (e) {
        return fail(e);
      }
    }),
    vscode.commands.registerCommand('skillmd.previewLoadSkill', async (arg?: unknown) => {
      try {
        const name = await skillNameOf(arg, 'Skill to load (what load_skill / the Skill tool returns)');
        if (name === undefined) return undefined;
        return await previews.open({ kind: 'load', name });
      } catch (e) {
        return fail(e);
      }
    }),
    vscode.commands.registerCommand('skillmd.previewReadSkillFile', async (arg?: unknown, relpathArg?: string) => {
      try {
        const node = arg as SkillNode | undefined;
        let relpath = node?.kind === 'file' ? node.relpath : relpathArg;
        const name = await skillNameOf(arg, 'Skill whose file to read (read_skill_file)');
        if (name === undefined) return undefined;
        if (relpath === undefined) {
          const dir = await dirOf(name);
          const files = dir ? await listSkillFiles(dir) : [];
          relpath = files.length
            ? (await vscode.window.showQuickPick(files, { placeHolder: `File of ${name} (relative path, as the model passes it)` }))
            : await vscode.window.showInputBox({ prompt: `Relative path inside ${name}`, placeHolder: 'references/guide.md' });
          if (relpath === undefined) return undefined;
        }
        // read_skill_file is lovia's tool: whatever agent the view shows, lovia answers,
        // for the skill in that folder under the name lovia reads (Claude Code and
        // Copilot name a skill after its folder, lovia after its `name`).
        const dir = node?.kind === 'file' ? node.dir : node?.kind === 'skill' ? node.skill.dir : node?.kind === 'excluded' ? path.dirname(node.item.path) : await dirOf(name);
        const loviaName = await loviaNameIn(dir, name);
        if (loviaName === undefined) return undefined;
        return await previews.open({ kind: 'read', agent: 'lovia', name: loviaName, path: relpath });
      } catch (e) {
        return fail(e);
      }
    }),
    vscode.commands.registerCommand('skillmd.pickAgent', async (agentArg?: string, opts?: { save?: boolean }) => {
      const picked = agentArg !== undefined ? { agent: agentArg, save: !!opts?.save } : await pickAgentUi(catalog.choice, catalog.cached()?.agent);
      if (!picked) return undefined;
      await catalog.setAgent(picked.agent, { save: picked.save });
      return picked.agent;
    }),
    vscode.commands.registerCommand('skillmd.refreshSkills', () => provider.refresh()),
    // The inline action of a skill row (a click on the row expands it).
    vscode.commands.registerCommand('skillmd.openSkill', async (arg?: unknown) => {
      const n = arg as SkillNode | undefined;
      const file = n?.kind === 'skill' ? n.skill.path : n?.kind === 'excluded' ? n.item.path : n?.kind === 'file' || n?.kind === 'folder' ? n.skillPath : undefined;
      const uri = file !== undefined ? vscode.Uri.file(file) : arg instanceof vscode.Uri ? arg : undefined;
      if (!uri) return undefined;
      return vscode.window.showTextDocument(uri, { preview: false });
    }),
  );

  return {
    skillsView: {
      getChildren: (n) => provider.getChildren(n), getTreeItem: (n) => provider.getTreeItem(n), message: () => view.message,
      reveal: (n, options) => view.reveal(n, options), visible: () => view.visible,
    },
    hasSkills: () => presence.value,
    serverStatus: () => ({ state: client.state, ...(client.startError !== undefined ? { error: client.startError } : {}) }),
    catalog: (agent) => catalog.catalog(agent),
    preview: (req) => previews.open(req),
    statusBarText: () => status.text,
  };
}

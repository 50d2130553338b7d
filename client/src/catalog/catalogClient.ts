// The client side of the catalog requests: the chosen agent (picked: workspace
// state; else the setting `skillmd.previewAgent`), the last catalog per agent, and a
// change event fed by the server's `skillmd/catalogChanged` notification.
import * as vscode from 'vscode';
import type { ServerClient } from '../serverClient';
import {
  CATALOG, CATALOG_CHANGED, PREVIEW_AGENTS, PREVIEW_INDEX, PREVIEW_LOAD, PREVIEW_READ,
  type CatalogChangedParams, type CatalogResult, type PreviewIndexOptions, type PreviewResult,
} from '../../../server/src/protocol';

export type PreviewRequest =
  | { kind: 'index'; agent?: string; options?: PreviewIndexOptions }
  | { kind: 'load'; agent?: string; name: string }
  | { kind: 'read'; agent?: string; name: string; path: string };

export const AGENT_SETTING = 'previewAgent';
/** workspace state key of the agent picked with Pick Preview Agent (not written to settings) */
export const AGENT_STATE = 'skillmd.previewAgent';

/** The preview agent chosen for this workspace: picked (workspace state), else the setting; `auto` lets the server pick. */
export function previewAgentChoice(state: vscode.Memento): string {
  return state.get<string>(AGENT_STATE) ?? vscode.workspace.getConfiguration('skillmd').get<string>(AGENT_SETTING, 'auto');
}

/** Agents the user can pick: those with previews (the server renders copilot and opencode too once it can). */
export const PICKABLE_AGENTS: readonly string[] = [...new Set<string>([...PREVIEW_AGENTS, 'copilot', 'opencode'])];

export class CatalogClient implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<{ agents?: string[] }>();
  /** fires when the server reports a changed catalog, starts or stops, the agent setting changes, or the workspace folders change */
  readonly onDidChange = this.emitter.event;
  private readonly last = new Map<string, CatalogResult>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly client: ServerClient, private readonly state: vscode.Memento) {
    this.subscriptions.push(
      client.onNotification(CATALOG_CHANGED, (p: CatalogChangedParams) => {
        for (const a of p.agents ?? []) this.last.delete(a);
        this.emitter.fire({ agents: p.agents });
      }),
      // Up, down, failed or restarted: what the views show (or the error) changes.
      client.onDidChangeState((state) => {
        if (state === 'starting') return;
        this.last.clear();
        this.emitter.fire({});
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        // The setting changed (by hand or saved from the pick): it wins over an earlier pick.
        if (e.affectsConfiguration(`skillmd.${AGENT_SETTING}`)) void this.state.update(AGENT_STATE, undefined);
        if (e.affectsConfiguration(`skillmd.${AGENT_SETTING}`) || e.affectsConfiguration('skillmd.targets')) this.emitter.fire({});
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.last.clear();
        this.emitter.fire({});
      }),
    );
  }

  /** The choice: picked for this workspace, else the setting (`auto` included). */
  get choice(): string {
    return previewAgentChoice(this.state);
  }

  /** The chosen agent; undefined for `auto` (the server picks: the agents the workspace's skills target). */
  get configuredAgent(): string | undefined {
    const v = this.choice;
    return v && v !== 'auto' && PICKABLE_AGENTS.includes(v) ? v : undefined;
  }

  /** The agent of the last catalog answered for the setting (the server's choice under `auto`). */
  get currentAgent(): string | undefined {
    return this.configuredAgent ?? this.autoAgent;
  }
  private autoAgent: string | undefined;

  /** The last catalog fetched for an agent, without asking the server. */
  cached(agent = this.configuredAgent ?? this.autoAgent): CatalogResult | undefined {
    return agent ? this.last.get(agent) : undefined;
  }

  async catalog(agent = this.configuredAgent): Promise<CatalogResult> {
    const r = await this.client.sendRequest<CatalogResult>(CATALOG, { agent });
    if (agent === undefined) this.autoAgent = r.agent;
    this.last.set(r.agent, r);
    return r;
  }

  async preview(req: PreviewRequest): Promise<PreviewResult> {
    const agent = req.agent ?? this.configuredAgent;
    switch (req.kind) {
      case 'index':
        return this.client.sendRequest<PreviewResult>(PREVIEW_INDEX, { agent, options: req.options ?? {} });
      case 'load':
        return this.client.sendRequest<PreviewResult>(PREVIEW_LOAD, { agent, name: req.name });
      case 'read':
        return this.client.sendRequest<PreviewResult>(PREVIEW_READ, { agent, name: req.name, path: req.path });
    }
  }

  /**
   * Picks the agent for this workspace (workspace state: nothing is written into the
   * project); with `save`, writes the setting instead (.vscode/settings.json, or the
   * user settings without a folder).
   */
  async setAgent(agent: string, { save = false } = {}): Promise<void> {
    if (save) {
      const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
      await vscode.workspace.getConfiguration('skillmd').update(AGENT_SETTING, agent, target);
      await this.state.update(AGENT_STATE, undefined);
      return;
    }
    if (this.choice === agent) return;
    await this.state.update(AGENT_STATE, agent);
    this.emitter.fire({});
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
  }
}

// A small LSP test client: spawns the bundled server (server/out/server.js) over
// stdio and talks to it with vscode-jsonrpc, as an editor would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IndexStatus } from '../../server/src/protocol';
import {
  CancellationTokenSource,
  createMessageConnection,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  type CancellationToken,
  type MessageConnection,
} from 'vscode-jsonrpc/node';

export const repo = join(__dirname, '..', '..');
export const serverJs = join(repo, 'server', 'out', 'server.js');

export interface Diag {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity?: number;
  code?: string | number;
  codeDescription?: { href: string };
  source?: string;
  message: string;
  data?: unknown;
  tags?: number[];
  relatedInformation?: { location: { uri: string; range: Diag['range'] }; message: string }[];
}

export interface Published {
  uri: string;
  version?: number;
  diagnostics: Diag[];
}

/** Capabilities like VS Code 1.100's (pull diagnostics) or a minimal push-only client. */
export function capabilities(kind: 'pull' | 'push'): Record<string, unknown> {
  const textDocument: Record<string, unknown> = {
    completion: { completionItem: { snippetSupport: true } },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true, dataSupport: true },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } } },
    rename: { prepareSupport: true },
  };
  const workspace: Record<string, unknown> = {
    configuration: true,
    workspaceFolders: true,
    didChangeWatchedFiles: { dynamicRegistration: true },
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
    fileOperations: { willRename: true },
  };
  if (kind === 'pull') {
    textDocument.diagnostic = { dynamicRegistration: false, relatedDocumentSupport: false };
    workspace.diagnostics = { refreshSupport: true };
  }
  return { textDocument, workspace, window: { workDoneProgress: true } };
}

/** Writes files (relative path -> content) into a fresh temp folder; returns its real path. */
export function makeWorkspace(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillmd-lsp-')));
  for (const [rel, text] of Object.entries(files)) {
    const p = join(root, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  return root;
}

/**
 * A fresh temp folder holding the bench generator's deterministic corpus (references,
 * non-ASCII text, planted problems); returns it and its SKILL.md paths in order.
 */
export async function makeGeneratedWorkspace(skills: number, seed: number): Promise<{ root: string; skillFiles: string[] }> {
  const { generateCorpus } = await import('../../scripts/bench/corpus.mjs');
  const root = makeWorkspace({});
  const skillFiles: string[] = [];
  for (const f of generateCorpus({ skills, seed }) as Iterable<{ path: string; data: string | Uint8Array }>) {
    const p = join(root, f.path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, f.data);
    if (p.endsWith('/SKILL.md')) skillFiles.push(p);
  }
  return { root, skillFiles };
}

export function uriOf(p: string): string {
  return pathToFileURL(p).href;
}

export interface StartOptions {
  root: string;
  mode?: 'pull' | 'push';
  /** the `skillmd` settings section answered to workspace/configuration */
  settings?: Record<string, unknown>;
  initializationOptions?: Record<string, unknown>;
  /** extra environment variables for the server process */
  env?: Record<string, string>;
  /** another copy of the bundled server (default: server/out/server.js) */
  serverPath?: string;
}

export class TestClient {
  readonly published = new Map<string, Published[]>();
  readonly registrations: unknown[] = [];
  readonly messages: string[] = [];
  /** answer workspace/diagnostic/refresh with an error, as a client that announces it and does not handle it */
  refreshError = false;
  /** window/showMessageRequest messages received, and how to answer them (null = dismissed) */
  readonly messageRequests: { message: string; actions?: { title: string }[] }[] = [];
  answerMessage: (p: { message: string; actions?: { title: string }[] }) => { title: string } | null = () => null;
  /** workspace/configuration requests received */
  configurationRequests = 0;
  private waiters: (() => void)[] = [];
  private versions = new Map<string, number>();
  settings: Record<string, unknown>;

  constructor(readonly conn: MessageConnection, readonly proc: ChildProcess, readonly root: string, settings: Record<string, unknown>) {
    this.settings = settings;
    conn.onNotification('textDocument/publishDiagnostics', (p: Published) => {
      const list = this.published.get(p.uri) ?? [];
      list.push(p);
      this.published.set(p.uri, list);
      this.wake();
    });
    conn.onNotification('window/logMessage', (p: { message: string }) => this.messages.push(p.message));
    conn.onNotification('window/showMessage', (p: { message: string }) => this.messages.push(p.message));
    conn.onNotification('$/progress', () => undefined);
    conn.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => {
      this.configurationRequests++;
      return p.items.map(() => this.settings);
    });
    conn.onRequest('client/registerCapability', (p: { registrations: unknown[] }) => {
      this.registrations.push(...p.registrations);
      return null;
    });
    conn.onRequest('window/workDoneProgress/create', () => null);
    conn.onRequest('window/showMessageRequest', (p: { message: string; actions?: { title: string }[] }) => {
      this.messageRequests.push(p);
      return this.answerMessage(p);
    });
    conn.onRequest('workspace/diagnostic/refresh', () => {
      this.messages.push('refresh');
      this.wake();
      if (this.refreshError) throw new ResponseError(-32601, 'Unhandled method workspace/diagnostic/refresh');
      return null;
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
  }

  /** Resolves when `fn` returns a value (checked after every notification and every 20 ms). */
  async until<T>(fn: () => T | undefined | false, what: string, timeout = 10_000): Promise<T> {
    const end = Date.now() + timeout;
    for (;;) {
      const v = fn();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 20);
      });
    }
  }

  request<R>(method: string, params?: unknown, token?: CancellationToken): Promise<R> {
    return token ? this.conn.sendRequest(method, params, token) : this.conn.sendRequest(method, params);
  }

  notify(method: string, params?: unknown): Promise<void> {
    return this.conn.sendNotification(method, params);
  }

  async open(file: string, text: string): Promise<string> {
    const uri = uriOf(file);
    this.versions.set(uri, 1);
    await this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
    return uri;
  }

  /** Replaces the whole text (as a ranged edit, like an editor's incremental sync). Returns the new version. */
  /** The version of an open document as this client last sent it. */
  versionOf(uri: string): number {
    return this.versions.get(uri) ?? 1;
  }

  async change(uri: string, edits: { range: Diag['range']; text: string }[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: edits });
    return version;
  }

  async close(uri: string): Promise<void> {
    await this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  /** The last diagnostics published for `uri` that satisfy `pred`. */
  async diagnosticsFor(uri: string, pred: (p: Published) => boolean = () => true, timeout?: number): Promise<Diag[]> {
    const p = await this.until(() => {
      const list = this.published.get(uri);
      const last = list?.[list.length - 1];
      return last && pred(last) ? last : undefined;
    }, `diagnostics for ${uri}`, timeout);
    return p.diagnostics;
  }

  /** Sends new settings the way VS Code does and waits until the server has pulled them. */
  async setSettings(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    const before = this.configurationRequests;
    await this.notify('workspace/didChangeConfiguration', { settings: null });
    await this.until(() => this.configurationRequests > before, 'workspace/configuration');
    await new Promise((r) => setTimeout(r, 50));
  }

  /**
   * Waits for the index and for the reference checks that go on after it
   * (`references: false`: the index only); `runs`: for that many complete runs.
   */
  async waitForIndex(timeout = 30_000, { references = true, runs = 1 } = {}): Promise<IndexStatus> {
    const end = Date.now() + timeout;
    for (;;) {
      const s = await this.request<IndexStatus>('skillmd/indexStatus');
      if (s.state === 'ready' && s.runs >= runs && (!references || s.references.state !== 'checking')) return s;
      if (Date.now() > end) throw new Error(`index not ready: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.request('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      await this.notify('exit');
    } catch {
      // already gone
    }
    this.conn.dispose();
    if (this.proc.exitCode === null) this.proc.kill();
  }
}

export async function startServer(opts: StartOptions): Promise<TestClient> {
  const proc = spawn(process.execPath, [opts.serverPath ?? serverJs, '--stdio'], { cwd: opts.root, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d));
  proc.on('exit', (code) => {
    if (code && code !== 0) process.stderr.write(`server exited ${code}: ${stderr}\n`);
  });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  conn.listen();
  const client = new TestClient(conn, proc, opts.root, opts.settings ?? {});
  const result = await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uriOf(opts.root),
    workspaceFolders: [{ uri: uriOf(opts.root), name: 'ws' }],
    capabilities: capabilities(opts.mode ?? 'push'),
    initializationOptions: opts.initializationOptions,
  });
  (client as { initializeResult?: unknown }).initializeResult = result;
  await conn.sendNotification('initialized', {});
  return client;
}

export function cancellable(): CancellationTokenSource {
  return new CancellationTokenSource();
}

export function removeWorkspace(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** A range literal: r(l1, c1, l2, c2). */
export function r(l1: number, c1: number, l2: number, c2: number): Diag['range'] {
  return { start: { line: l1, character: c1 }, end: { line: l2, character: c2 } };
}

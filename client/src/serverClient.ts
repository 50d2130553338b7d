// The language client behind every command and view. vscode-languageclient 9 cannot
// start a client again once its start failed (and cannot stop one that is not
// running), so a restart replaces the LanguageClient; this wrapper is what the rest
// of the extension holds on to, and it outlives the clients.
import * as vscode from 'vscode';
import { CloseAction, State, type ErrorHandler, type LanguageClient } from 'vscode-languageclient/node';

type Handler = (params: any) => void;
export type ServerState = 'starting' | 'running' | 'stopped';

const stateName = (s: State): ServerState => (s === State.Running ? 'running' : s === State.Starting ? 'starting' : 'stopped');

interface Current {
  client: LanguageClient;
  /** the first start of this client; later calls share it */
  started?: Promise<boolean>;
  /** the connection closed before the server ever ran */
  closedEarly: boolean;
  subscriptions: vscode.Disposable[];
}

export class ServerClient implements vscode.Disposable {
  private current: Current;
  private readonly handlers = new Map<string, Handler>();
  private readonly stateEmitter = new vscode.EventEmitter<ServerState>();
  /** fires when a client starts, stops or fails to start, across restarts */
  readonly onDidChangeState = this.stateEmitter.event;
  /** why the last start failed; undefined once one succeeds */
  startError: string | undefined;

  /** `create` makes a new client with the given error handler. */
  constructor(private readonly create: (errorHandler: ErrorHandler) => LanguageClient) {
    this.current = this.adopt();
  }

  private adopt(): Current {
    let ran = false;
    let fallback: ErrorHandler | undefined;
    const errorHandler: ErrorHandler = {
      error: (e, m, count) => (fallback ??= client.createDefaultErrorHandler()).error(e, m, count),
      // A server that dies before it ever ran dies again: fail the start at once
      // instead of four silent retries; Restart tries again.
      closed: () => {
        if (ran) return (fallback ??= client.createDefaultErrorHandler()).closed();
        current.closedEarly = true;
        return { action: CloseAction.DoNotRestart, handled: true };
      },
    };
    const client = this.create(errorHandler);
    const current: Current = { client, closedEarly: false, subscriptions: [] };
    current.subscriptions.push(client.onDidChangeState((e) => {
      if (e.newState === State.Running) ran = true;
      if (this.current === current) this.stateEmitter.fire(stateName(e.newState));
    }));
    for (const [method, handler] of this.handlers) current.subscriptions.push(client.onNotification(method, handler));
    return current;
  }

  get state(): ServerState {
    return stateName(this.current.client.state);
  }

  get protocol2CodeConverter(): LanguageClient['protocol2CodeConverter'] {
    return this.current.client.protocol2CodeConverter;
  }

  /**
   * Starts the server (once per client). A failure is shown, not thrown: the
   * extension stays usable and **Restart Language Server** can try again.
   */
  start(): Promise<boolean> {
    const current = this.current;
    // start() may also resolve without a running server (the connection closed first).
    return (current.started ??= current.client.start().then(() => undefined, (e: unknown) => e).then((error) => {
      if (current.client.isRunning()) {
        this.startError = undefined;
        return true;
      }
      if (this.current === current) {
        this.startError = current.closedEarly || error === undefined
          ? 'its process exited while starting'
          : error instanceof Error ? error.message : String(error);
        void vscode.window.showErrorMessage(
          `skillmd: the language server could not start (${this.startError}). Skill checks, the Skills view and the previews need it; see Output › skillmd, then run "Skillmd: Restart Language Server".`,
          'Show Output', 'Restart',
        ).then((pick) => {
          if (pick === 'Show Output') current.client.outputChannel.show(true);
          else if (pick === 'Restart') void vscode.commands.executeCommand('skillmd.restartServer');
        });
      }
      return false;
    }));
  }

  /** The client, started; a clear error when the server is not running. */
  private async ready(): Promise<LanguageClient> {
    const { client } = this.current;
    if (!this.current.started) await this.start();
    // Starting (also a restart after a crash) or running: the request waits for it.
    if (!client.needsStop()) {
      throw new Error(`the skillmd language server is not running${this.startError ? ` (${this.startError})` : ''}; run "Skillmd: Restart Language Server"`);
    }
    return client;
  }

  async sendRequest<R>(method: string, params?: unknown, token?: vscode.CancellationToken): Promise<R> {
    const client = await this.ready();
    // An explicit `undefined` token would be sent as a second parameter.
    return token ? client.sendRequest<R>(method, params, token) : client.sendRequest<R>(method, params);
  }

  /** A notification handler that stays registered on the clients a restart makes. */
  onNotification(method: string, handler: Handler): vscode.Disposable {
    this.handlers.set(method, handler);
    const d = this.current.client.onNotification(method, handler);
    this.current.subscriptions.push(d);
    return { dispose: () => {
      this.handlers.delete(method);
      d.dispose();
    } };
  }

  private restarting: Promise<boolean> | undefined;

  /** Stops the server and starts a new client (a failed or stopped one cannot start again). */
  restart(): Promise<boolean> {
    // One at a time: a second restart while one runs would leak a client.
    return (this.restarting ??= this.replaceClient().finally(() => (this.restarting = undefined)));
  }

  private async replaceClient(): Promise<boolean> {
    const old = this.current;
    this.startError = undefined;
    await retire(old);
    this.current = this.adopt();
    // The old client's events are cut off above: say it is gone, the views ask again.
    this.stateEmitter.fire('stopped');
    return this.start();
  }

  async stop(): Promise<void> {
    await retire(this.current);
  }

  dispose(): void {
    void this.stop();
    this.stateEmitter.dispose();
  }
}

/** Stops and disposes a client whatever its state; v9 throws unless it is running. */
async function retire(current: Current): Promise<void> {
  const { client } = current;
  if (client.state === State.Starting) {
    // Let a pending start settle first; a hung server is given up after 10 s.
    await Promise.race([client.start().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000))]);
  }
  for (const s of current.subscriptions.splice(0)) s.dispose();
  try {
    await client.dispose();
  } catch {
    // not running (start failed, never started): nothing to stop
  }
}

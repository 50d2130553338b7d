// Diagnostics, pulled (textDocument/diagnostic + workspace/diagnostic) when the
// client supports it and pushed (publishDiagnostics) otherwise. Open documents are
// checked from the editor's text after a quiet period; every other SKILL.md comes
// from the workspace index.
import {
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
  type PreviousResultId,
} from 'vscode-languageserver/node';
import type { SkillDiagnostic } from '../core/types';
import type { Configuration } from './configuration';
import { pathToUri, toLspDiagnostic, uriToPath } from './convert';
import type { SkillDocuments } from './documents';
import type { WorkspaceIndex } from './workspaceIndex';

export type DiagnosticMode = 'pull' | 'push';

/** How long a workspace pull with nothing new waits for a change before answering. */
const WORKSPACE_HOLD_MS = 60_000;

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
}

function convert(list: SkillDiagnostic[], version: number): Diagnostic[] {
  return list.map((d) => toLspDiagnostic(d, version));
}

export class DiagnosticsService {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** when each open document last changed (ms, performance.now) */
  private readonly changedAt = new Map<string, number>();
  /** files whose pushed diagnostics are non-empty */
  private readonly published = new Set<string>();
  /** pending workspace pulls waiting for something new */
  private holders: (() => void)[] = [];

  constructor(
    private readonly connection: Connection,
    readonly mode: DiagnosticMode,
    private readonly docs: SkillDocuments,
    private readonly index: WorkspaceIndex,
    private readonly config: Configuration,
  ) {
    index.onDidChange((files) => this.onIndexChanged(files));
  }

  // ---------------------------------------------------------------- open documents

  /** An open document changed: check it after the debounce (push) or note the time (pull). */
  documentChanged(uri: string): void {
    this.changedAt.set(uri, performance.now());
    if (this.mode === 'pull') return;
    clearTimeout(this.timers.get(uri));
    this.timers.set(uri, setTimeout(() => {
      this.timers.delete(uri);
      this.pushDocument(uri);
    }, this.config.settings.debounceMs));
  }

  /** An open document was opened: check it now (no typing to wait for). */
  documentOpened(uri: string): void {
    if (this.mode === 'push') this.pushDocument(uri);
  }

  documentClosed(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.changedAt.delete(uri);
    const file = uriToPath(uri);
    if (!file) return;
    if (this.mode === 'push') {
      // Back to the disk's diagnostics (the index re-reads the file) or none.
      if (!this.config.settings.workspaceDiagnostics) this.publish(uri, file, [], undefined);
    }
  }

  private pushDocument(uri: string): void {
    const r = this.docs.diagnostics(uri);
    const file = uriToPath(uri);
    if (!r || !file) return;
    this.publish(uri, file, convert(r.diagnostics, r.version), r.version);
  }

  private publish(uri: string, file: string, diagnostics: Diagnostic[], version: number | undefined): void {
    // Open documents always get a report (a client may wait for its version);
    // closed files only when something changes from what the client shows.
    if (diagnostics.length === 0 && !this.published.has(file) && version === undefined) return;
    if (diagnostics.length) this.published.add(file);
    else this.published.delete(file);
    void this.connection.sendDiagnostics({ uri, version, diagnostics });
  }

  /** textDocument/diagnostic: waits out the debounce, then answers for the current version. */
  async pullDocument(uri: string, previousResultId: string | undefined, token: CancellationToken): Promise<DocumentDiagnosticReport> {
    for (;;) {
      const since = performance.now() - (this.changedAt.get(uri) ?? -Infinity);
      const wait = this.config.settings.debounceMs - since;
      if (wait <= 0) break;
      await new Promise((r) => setTimeout(r, wait));
      if (token.isCancellationRequested) throw cancelled();
    }
    const r = this.docs.diagnostics(uri);
    if (!r) {
      // Not open (or not a skill): answer from the index.
      const file = uriToPath(uri);
      const entry = file ? this.index.skills.get(file) : undefined;
      return { kind: DocumentDiagnosticReportKind.Full, items: entry ? convert(entry.diagnostics, 0) : [] };
    }
    const resultId = `v${r.version}:g${this.config.generation}`;
    if (previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: convert(r.diagnostics, r.version) };
  }

  // ---------------------------------------------------------------- the workspace

  private onIndexChanged(files: string[]): void {
    if (this.mode === 'push') {
      if (!this.config.settings.workspaceDiagnostics) return;
      const open = this.docs.openPaths();
      for (const f of files) {
        if (open.has(f)) continue;
        const entry = this.index.skills.get(f);
        this.publish(pathToUri(f), f, entry ? convert(entry.diagnostics, 0) : [], undefined);
      }
      return;
    }
    this.wakeHolders();
  }

  private wakeHolders(): void {
    const h = this.holders;
    this.holders = [];
    for (const fn of h) fn();
  }

  /** Settings changed: everything may have changed. */
  refreshAll(clientRefresh: boolean): void {
    if (this.mode === 'push') {
      for (const d of this.docs.documents.all()) if (this.docs.get(d.uri)) this.pushDocument(d.uri);
      if (!this.config.settings.workspaceDiagnostics) {
        const open = this.docs.openPaths();
        for (const f of [...this.published]) if (!open.has(f)) this.publish(pathToUri(f), f, [], undefined);
      }
    } else {
      this.wakeHolders();
      if (clientRefresh) this.connection.languages.diagnostics.refresh();
    }
  }

  /**
   * workspace/diagnostic: a report for every SKILL.md that is not open, after the
   * index is ready. When nothing changed since the client's previous results the
   * request is held until something does (or it is cancelled), so clients that
   * re-pull in a loop do not spin.
   */
  async pullWorkspace(previous: PreviousResultId[], token: CancellationToken): Promise<WorkspaceDiagnosticReport> {
    await this.index.whenReady(token);
    if (token.isCancellationRequested) throw cancelled();
    if (!this.config.settings.workspaceDiagnostics) {
      await this.hold(token);
      if (token.isCancellationRequested) throw cancelled();
      return { items: [] };
    }
    const prev = new Map(previous.map((p) => [p.uri, p.value]));
    let items = this.workspaceItems(prev);
    if (items.every((i) => i.kind === DocumentDiagnosticReportKind.Unchanged) && prev.size > 0) {
      await this.hold(token);
      if (token.isCancellationRequested) throw cancelled();
      items = this.workspaceItems(prev);
    }
    return { items };
  }

  private workspaceItems(prev: Map<string, string>): WorkspaceDocumentDiagnosticReport[] {
    const open = this.docs.openPaths();
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    const gen = `g${this.config.generation}`;
    for (const [file, entry] of this.index.skills) {
      if (open.has(file)) continue;
      const uri = pathToUri(file);
      const resultId = `${entry.resultId}:${gen}`;
      if (prev.get(uri) === resultId) items.push({ kind: DocumentDiagnosticReportKind.Unchanged, uri, resultId, version: null });
      else items.push({ kind: DocumentDiagnosticReportKind.Full, uri, resultId, version: null, items: convert(entry.diagnostics, 0) });
    }
    // Skills that disappeared: an empty report clears what the client shows.
    for (const uri of prev.keys()) {
      const f = uriToPath(uri);
      if (f && !this.index.skills.has(f) && !open.has(f)) items.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, items: [] });
    }
    return items;
  }

  private hold(token: CancellationToken): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, WORKSPACE_HOLD_MS);
      const sub = token.onCancellationRequested(done);
      this.holders.push(done);
      function done() {
        clearTimeout(timer);
        sub.dispose();
        resolve();
      }
    });
  }
}

// Diagnostics, pulled (textDocument/diagnostic + workspace/diagnostic) when the
// client supports it and pushed (publishDiagnostics) otherwise. Open documents are
// checked from the editor's text after a quiet period; every other SKILL.md comes
// from the workspace index.
import {
  DiagnosticRefreshRequest,
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

/** The diagnostics a check of `file` reports on `file` itself. */
function ownOf(file: string, list: SkillDiagnostic[]): SkillDiagnostic[] {
  return list.every((d) => d.file === file) ? list : list.filter((d) => d.file === file);
}

/**
 * The list without repeats: two checks that read the same file (a SKILL.md and a skill
 * that links to it, or two skills linking one guide) often report the same problem in
 * it alike (awesome-copilot's nested qdrant skills: one escaping link three times).
 */
function distinct(list: SkillDiagnostic[]): SkillDiagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const { start, end } = d.range;
    const key = `${d.code}\0${d.severity}\0${start.line}:${start.character}-${end.line}:${end.character}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Diagnostics a SKILL.md's check reports on other files (`reference-unused-file` on
 * the unused file itself), by file and by the SKILL.md that reported them.
 */
export class ForeignDiagnostics {
  private readonly byFile = new Map<string, Map<string, SkillDiagnostic[]>>();
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly epochs = new Map<string, number>();

  /** Replaces what `owner` reports on other files; returns the files whose list changed. */
  set(owner: string, all: SkillDiagnostic[]): string[] {
    const groups = new Map<string, SkillDiagnostic[]>();
    for (const d of all) {
      if (d.file === owner) continue;
      let g = groups.get(d.file);
      if (!g) groups.set(d.file, (g = []));
      g.push(d);
    }
    const old = this.byOwner.get(owner);
    if (!old && !groups.size) return [];
    const changed: string[] = [];
    for (const f of new Set([...(old ?? []), ...groups.keys()])) {
      const perOwner = this.byFile.get(f);
      const prev = perOwner?.get(owner);
      const next = groups.get(f);
      if (prev && next && JSON.stringify(prev) === JSON.stringify(next)) continue;
      if (next) {
        if (perOwner) perOwner.set(owner, next);
        else this.byFile.set(f, new Map([[owner, next]]));
      } else if (perOwner) {
        perOwner.delete(owner);
        if (!perOwner.size) this.byFile.delete(f);
      }
      this.epochs.set(f, (this.epochs.get(f) ?? 0) + 1);
      changed.push(f);
    }
    if (groups.size) this.byOwner.set(owner, new Set(groups.keys()));
    else this.byOwner.delete(owner);
    return changed;
  }

  get(file: string): SkillDiagnostic[] {
    const m = this.byFile.get(file);
    if (!m) return [];
    return m.size === 1 ? [...m.values()][0] : distinct([...m.values()].flat());
  }

  resultId(file: string): string {
    return `f${this.epochs.get(file) ?? 0}`;
  }

  /** Files that ever had foreign diagnostics (current ones and cleared ones). */
  files(): IterableIterator<string> {
    return this.epochs.keys();
  }

  /** whether `file` ever had foreign diagnostics (its reports come from files()) */
  known(file: string): boolean {
    return this.epochs.has(file);
  }
}

export class DiagnosticsService {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** when each open document last changed (ms, performance.now) */
  private readonly changedAt = new Map<string, number>();
  /** files whose pushed diagnostics are non-empty */
  private readonly published = new Set<string>();
  /** pending workspace pulls waiting for something new */
  private holders: (() => void)[] = [];
  /**
   * Pull mode: files whose diagnostics the client may still show although they are
   * gone (deleted, renamed, moved, closed for good). The next workspace report gives
   * each an empty report, whether or not the client sent a result id for it.
   */
  private readonly vanished = new Set<string>();
  readonly foreign = new ForeignDiagnostics();

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

  /**
   * An open document was closed: back to the disk's diagnostics when the index reports
   * the file (`indexed`: it re-reads it), else none.
   */
  documentClosed(uri: string, indexed: boolean): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.changedAt.delete(uri);
    const file = uriToPath(uri);
    if (!file || indexed) return;
    if (this.mode === 'push') this.publish(uri, file, [], undefined);
    else this.vanish([file]);
    this.foreignChanged(this.foreign.set(file, []));
  }

  /** A file an open document's references depend on was created, changed or deleted. */
  dependencyChanged(uri: string): void {
    if (this.mode === 'push') {
      if (!this.timers.has(uri)) this.pushDocument(uri);
      return;
    }
    this.wakeHolders();
    this.refreshClient();
  }

  /**
   * The first index's reference checks are done: a pull client that does not keep a
   * workspace pull open would keep the first step's results.
   */
  referencesChecked(): void {
    // A held pull has heard of every change already; a refresh reaches the others.
    if (this.mode === 'pull') this.refreshClient();
  }

  /** A client may announce refresh support and still answer with an error: that is no reason to stop. */
  private sendRefresh(): void {
    this.connection.sendRequest(DiagnosticRefreshRequest.type).catch(() => undefined);
  }

  private refreshPending = false;
  /** set by the server: whether the client supports workspace/diagnostic/refresh */
  clientRefresh = false;

  private refreshClient(): void {
    if (!this.clientRefresh || this.refreshPending) return;
    this.refreshPending = true;
    setTimeout(() => {
      this.refreshPending = false;
      this.sendRefresh();
    }, 20);
  }

  private pushDocument(uri: string): void {
    void this.docs.fullDiagnostics(uri).then((r) => {
      const file = uriToPath(uri);
      // A newer check is on its way (a newer version, or a dependency changed meanwhile).
      if (!r || !file || this.docs.currentResultId(uri) !== r.resultId) return;
      this.publish(uri, file, convert(ownOf(file, r.diagnostics), r.version), r.version);
      this.foreignChanged(this.foreign.set(file, r.diagnostics));
    });
  }

  /** Publishes (push) or announces (pull) the foreign diagnostics of `files`. */
  private foreignChanged(files: string[]): void {
    if (!files.length) return;
    if (this.mode === 'pull') {
      this.wakeHolders();
      return;
    }
    for (const f of files) {
      if (this.docs.isOpenPath(f)) continue;
      this.publish(pathToUri(f), f, convert(this.closedDiagnostics(f), 0), undefined);
    }
  }

  /**
   * What a closed file shows: a skill's own check and what other skills report on it (a
   * SKILL.md another skill links to), or only the latter. One list: a pushed list replaces
   * the last one, and a pull has one report per file.
   */
  private closedDiagnostics(file: string): SkillDiagnostic[] {
    const entry = this.index.skills.get(file);
    const foreign = this.foreign.known(file) ? this.foreign.get(file) : [];
    if (!entry) return foreign;
    const own = ownOf(file, entry.diagnostics);
    return foreign.length ? distinct([...own, ...foreign]) : own;
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
    const r = await this.docs.fullDiagnostics(uri);
    if (token.isCancellationRequested) throw cancelled();
    const file = uriToPath(uri);
    if (!r || !file) {
      // Not open (or not a skill): answer from the index, or what a skill reports on it.
      return { kind: DocumentDiagnosticReportKind.Full, items: file ? convert(this.closedDiagnostics(file), 0) : [] };
    }
    if (this.foreign.set(file, r.diagnostics).length) this.wakeHolders();
    const resultId = r.resultId;
    if (previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: convert(ownOf(file, r.diagnostics), r.version) };
  }

  // ---------------------------------------------------------------- the workspace

  private onIndexChanged(files: string[]): void {
    const open = this.docs.openPaths();
    const foreign: string[] = [];
    const gone: string[] = [];
    for (const f of files) {
      if (open.has(f)) continue;
      const entry = this.index.skills.get(f);
      if (entry) this.vanished.delete(f);
      else gone.push(f);
      foreign.push(...this.foreign.set(f, entry?.diagnostics ?? []));
      if (this.mode === 'push' && this.config.settings.workspaceDiagnostics) {
        this.publish(pathToUri(f), f, convert(this.closedDiagnostics(f), 0), undefined);
      }
    }
    if (this.mode === 'push') {
      if (this.config.settings.workspaceDiagnostics) this.foreignChanged(foreign);
      return;
    }
    if (gone.length) this.vanish(gone);
    this.wakeHolders();
  }

  /** Pull mode: `files` are gone; the client hears it in the next workspace report, asked for now. */
  private vanish(files: string[]): void {
    for (const f of files) this.vanished.add(f);
    this.wakeHolders();
    // A client re-pulls its open documents and the workspace on a refresh.
    this.refreshClient();
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
      if (clientRefresh) this.sendRefresh();
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
    // Told: a vanished file's empty report is sent once (a cancelled pull sent nothing).
    for (const i of items) {
      const f = uriToPath(i.uri);
      if (f) this.vanished.delete(f);
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
      // What other skills report on it changes its report too.
      const resultId = this.foreign.known(file) ? `${entry.resultId}:${this.foreign.resultId(file)}:${gen}` : `${entry.resultId}:${gen}`;
      if (prev.get(uri) === resultId) items.push({ kind: DocumentDiagnosticReportKind.Unchanged, uri, resultId, version: null });
      else items.push({ kind: DocumentDiagnosticReportKind.Full, uri, resultId, version: null, items: convert(this.closedDiagnostics(file), 0) });
    }
    // Files a skill reports on (unused files), open or not.
    for (const file of this.foreign.files()) {
      if (this.index.skills.has(file) || open.has(file)) continue;
      const uri = pathToUri(file);
      const resultId = `${this.foreign.resultId(file)}:${gen}`;
      if (prev.get(uri) === resultId) items.push({ kind: DocumentDiagnosticReportKind.Unchanged, uri, resultId, version: null });
      else items.push({ kind: DocumentDiagnosticReportKind.Full, uri, resultId, version: null, items: convert(this.foreign.get(file), 0) });
    }
    // Skills that disappeared: an empty report clears what the client shows, for those
    // it has a result id for and for those it got from a document pull while open.
    const gone = new Set<string>();
    for (const uri of prev.keys()) {
      const f = uriToPath(uri);
      if (f && !this.index.skills.has(f) && !open.has(f) && !this.foreign.known(f)) gone.add(uri);
    }
    for (const f of this.vanished) {
      if (!this.index.skills.has(f) && !open.has(f) && !this.foreign.known(f)) gone.add(pathToUri(f));
    }
    for (const uri of gone) items.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, items: [] });
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

// Background index of every SKILL.md in the workspace folders: scanned once after
// initialize, then kept current file by file (watched-file events, closes), so an
// edit never re-reads the workspace. Work yields to the event loop every few ms so
// requests are answered while it runs, and a newer run cancels an older one.
import * as path from 'node:path';
import { finish, type CheckOptions } from '../core/check/checkDocument';
import type { SkillDocument } from '../core/document/model';
import { formatBytes, MAX_SKILL_FILE_BYTES } from '../core/document/readSkillFile';
import { getString } from '../core/document/values';
import type { CancellationToken, SkillDiagnostic } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
import { findSkillFiles } from '../core/workspace/findSkillFiles';
import { checkParsed, decodeFile, parseBounded } from './analysis';
import type { Configuration } from './configuration';

export interface IndexedSkill {
  file: string;
  /** `name` from the frontmatter, else the folder name */
  name: string;
  /** diagnostics of the file as it is on disk */
  diagnostics: SkillDiagnostic[];
  /** changes whenever the diagnostics may have changed */
  resultId: string;
}

export interface IndexStatus {
  state: 'idle' | 'indexing' | 'ready';
  /** files found by the scan (so far) */
  total: number;
  /** files checked in the current run */
  done: number;
  /** duration of the last complete run */
  durationMs?: number;
  /** completed runs */
  runs: number;
}

/** Gives the event loop a turn (lets pending JSON-RPC messages in). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const SLICE_MS = 8;
const CONCURRENCY = 16;

export class WorkspaceIndex {
  readonly skills = new Map<string, IndexedSkill>();
  /** set by the server: checks that read other files (references), run after the document rules */
  referenceCheck?: (fs: FileSystem, doc: SkillDocument, opts: CheckOptions) => Promise<SkillDiagnostic[]>;
  /** set by the server: called for every skill file that leaves the index */
  onRemoved?: (file: string) => void;
  private run = 0;
  private counter = 0;
  private waiters: (() => void)[] = [];
  private listeners: ((files: string[]) => void)[] = [];
  readonly status: IndexStatus = { state: 'idle', total: 0, done: 0, runs: 0 };

  constructor(
    private readonly fs: FileSystem,
    private readonly config: Configuration,
    /** files the editor has open: their text is the editor's, not the disk's */
    private readonly isOpen: (file: string) => boolean,
    private readonly log: (msg: string) => void = () => {},
  ) {}

  /** Called with the files whose entries changed (added, re-checked or removed). */
  onDidChange(fn: (files: string[]) => void): void {
    this.listeners.push(fn);
  }

  get ready(): boolean {
    return this.status.state === 'ready';
  }

  /** Resolves when the current run completes (or the token is cancelled). */
  whenReady(token?: { isCancellationRequested: boolean; onCancellationRequested?: (fn: () => void) => unknown }): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      token?.onCancellationRequested?.(() => resolve());
    });
  }

  /** Scans the folders and checks every skill; a newer call cancels this one. */
  async rebuild(folders: readonly string[], onProgress?: (done: number, total: number) => void): Promise<void> {
    const run = ++this.run;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    const token: CancellationToken = { get isCancellationRequested() { return run !== self.run; } };
    const t0 = performance.now();
    this.status.state = 'indexing';
    this.status.total = 0;
    this.status.done = 0;
    const files: string[] = [];
    const seen = new Set<string>();
    for (const folder of folders) {
      const scan = await findSkillFiles(this.fs, folder, { token, exclude: (p) => this.config.isIgnored(p) });
      for (const f of scan.files) if (!seen.has(f)) seen.add(f), files.push(f);
      if (token.isCancellationRequested) return;
    }
    this.status.total = files.length;
    const removed = [...this.skills.keys()].filter((f) => !seen.has(f));
    for (const f of removed) this.skills.delete(f), this.onRemoved?.(f);
    if (removed.length) this.emit(removed);

    let next = 0;
    let sliceStart = performance.now();
    let batch: string[] = [];
    const worker = async () => {
      while (next < files.length && !token.isCancellationRequested) {
        const file = files[next++];
        const entry = await this.checkFile(file);
        if (token.isCancellationRequested) return;
        this.skills.set(file, entry);
        batch.push(file);
        this.status.done++;
        if (performance.now() - sliceStart > SLICE_MS) {
          const b = batch;
          batch = [];
          this.emit(b);
          onProgress?.(this.status.done, files.length);
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    if (token.isCancellationRequested) return;
    if (batch.length) this.emit(batch);
    this.status.state = 'ready';
    this.status.runs++;
    this.status.durationMs = Math.round(performance.now() - t0);
    this.log(`indexed ${files.length} skills in ${this.status.durationMs} ms`);
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
  }

  /** Re-reads one file (created or changed on disk, or closed in the editor). */
  async update(file: string): Promise<void> {
    if (this.config.isIgnored(file)) return this.remove(file);
    const st = await this.fs.stat(file).catch(() => undefined);
    if (st?.type !== 'file') return this.remove(file);
    this.skills.set(file, await this.checkFile(file));
    this.emit([file]);
  }

  remove(file: string): void {
    const gone = this.skills.delete(file) ? [file] : [];
    // A deleted folder removes every skill under it.
    const prefix = file + path.sep;
    for (const f of [...this.skills.keys()]) if (f.startsWith(prefix)) this.skills.delete(f), gone.push(f);
    for (const f of gone) this.onRemoved?.(f);
    if (gone.length) this.emit(gone);
  }

  /** Re-checks every indexed file without rescanning (after a settings change). */
  async recheckAll(): Promise<void> {
    const run = this.run;
    let sliceStart = performance.now();
    let batch: string[] = [];
    for (const file of [...this.skills.keys()]) {
      if (run !== this.run) return;
      this.skills.set(file, await this.checkFile(file));
      batch.push(file);
      if (performance.now() - sliceStart > SLICE_MS) {
        this.emit(batch);
        batch = [];
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
    if (batch.length) this.emit(batch);
  }

  private emit(files: string[]): void {
    for (const l of this.listeners) l(files);
  }

  private async checkFile(file: string): Promise<IndexedSkill> {
    const resultId = `d${++this.counter}`;
    const name = path.basename(path.dirname(file));
    // An open document is checked from the editor's text; the disk copy may be stale.
    if (this.isOpen(file)) return { file, name, diagnostics: [], resultId };
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    let bytes: Uint8Array;
    try {
      const st = await this.fs.stat(file);
      if (st && st.size > MAX_SKILL_FILE_BYTES) {
        const message = `The skill file is ${formatBytes(st.size)}, over the ${formatBytes(MAX_SKILL_FILE_BYTES)} skillmd reads; agents would load all of it into context.`;
        return { file, name, resultId, diagnostics: [{ code: 'file-too-large', severity: 'error', file, range, message }] };
      }
      bytes = await this.fs.readFile(file);
    } catch (e) {
      return { file, name, resultId, diagnostics: [{ code: 'file-unreadable', severity: 'error', file, range, message: `The skill file cannot be read: ${(e as Error).message}` }] };
    }
    const decoded = decodeFile(file, bytes);
    if ('diagnostic' in decoded) return { file, name, resultId, diagnostics: [decoded.diagnostic] };
    const parsed = parseBounded(file, decoded.text, 0);
    const opts = this.config.optionsFor(file);
    let diagnostics = checkParsed(parsed, opts);
    if (parsed.doc && this.referenceCheck) {
      try {
        const refs = await this.referenceCheck(this.fs, parsed.doc, opts);
        if (refs.length) diagnostics = finish(parsed.doc, [...diagnostics, ...refs]);
      } catch (e) {
        this.log(`reference check of ${file} failed: ${(e as Error).message}`);
      }
    }
    const fmName = parsed.doc ? getString(parsed.doc, 'name')?.trim() : undefined;
    return { file, name: fmName || name, diagnostics, resultId };
  }
}

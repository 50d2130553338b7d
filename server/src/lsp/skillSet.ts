// The rules over the whole set of skills (duplicate names and descriptions) in the
// server: a summary per indexed skill, kept current from the index's changes, and the
// set's diagnostics merged into the index entries they concern.
import { readSkillFile } from '../core/document/readSkillFile';
import { duplicateDiagnostics, skillSetRuleInfos, summarizeSkill, type SkillSummary } from '../core/rules/skillSet/duplicates';
import type { CheckOptions } from '../core/check/checkDocument';
import type { SkillDocument } from '../core/document/model';
import type { SkillDiagnostic } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
import type { Configuration } from './configuration';
import { isSkillFile, uriToPath } from './convert';
import type { SkillDocuments } from './documents';
import { yieldToEventLoop, type WorkspaceIndex } from './workspaceIndex';

const CODES = new Set(skillSetRuleInfos.map((r) => r.code));

/** The keys duplicateDiagnostics groups a skill by: its name and its description in its group. */
function keysOf(s: SkillSummary): string[] {
  return [`n\0${s.group}\0${s.name}`, ...(s.description ? [`d\0${s.group}\0${s.description}`] : [])];
}
const SLICE_MS = 8;

export class SkillSetIndex {
  private readonly summaries = new Map<string, SkillSummary>();
  /** the set's diagnostics per file, as last merged */
  private current = new Map<string, SkillDiagnostic[]>();
  /** files this class re-announced: their change is its own */
  private echo = new Set<string>();
  private queue = Promise.resolve();
  private stamp = 0;
  /** files re-checked while an index runs: the set is computed once, when it is done */
  private deferred: Set<string> | undefined;
  private deferTimer: NodeJS.Timeout | undefined;

  constructor(private readonly index: WorkspaceIndex, private readonly fs: FileSystem, private readonly config: Configuration) {
    index.settle = () => (this.queue = this.queue.then(() => this.flushDeferred()));
    index.onDidChange((files) => {
      const fresh = files.filter((f) => !this.echo.delete(f));
      if (fresh.length) this.queue = this.queue.then(() => this.update(fresh)).catch(() => {});
    });
  }

  private async update(files: string[]): Promise<void> {
    let slice = performance.now();
    for (const f of files) {
      const entry = this.index.skills.get(f);
      // The check's own summary (index workers compute it); a file checked otherwise is read.
      const read = entry && !entry.summary ? await readSkillFile(this.fs, f).catch(() => undefined) : undefined;
      const summary = entry?.summary ?? (read?.doc ? summarizeSkill(read.doc, this.config.optionsFor(f)) : undefined);
      if (summary) this.setSummary(f, summary);
      else this.deleteSummary(f);
      if (performance.now() - slice > SLICE_MS) {
        await yieldToEventLoop();
        slice = performance.now();
      }
    }
    // Every batch of an index recomputing the whole set made it quadratic: 10,000 skills
    // arrive in hundreds of batches (on 1,000 skills, 0.67 s of the main thread's 2 s).
    if (this.indexing()) {
      for (const f of files) (this.deferred ??= new Set()).add(f);
      this.armDeferred();
      return;
    }
    this.recompute(new Set(files));
  }

  /**
   * The first index, which brings every skill: later runs (a settings change) bring
   * them again, but editor events (a close, a rename) interleave with those and must
   * see the set follow at once.
   */
  private indexing(): boolean {
    const s = this.index.status;
    // Its walk (no run counted yet), then its reference checks (counted once the walk is done).
    return (s.runs === 0 && s.state === 'indexing') || (s.runs === 1 && s.state === 'ready' && s.references.state === 'checking');
  }

  /** A run without reference checks does not settle: the deferred files are computed once it is over. */
  private armDeferred(): void {
    if (this.deferTimer) return;
    this.deferTimer = setTimeout(() => {
      this.deferTimer = undefined;
      this.queue = this.queue.then(() => (this.indexing() ? this.armDeferred() : this.flushDeferred())).catch(() => {});
    }, 250);
    this.deferTimer.unref?.();
  }

  private flushDeferred(): void {
    clearTimeout(this.deferTimer);
    this.deferTimer = undefined;
    const files = this.deferred;
    this.deferred = undefined;
    if (files) this.recompute(files);
  }

  /**
   * The set's diagnostics again, from the summaries: merged into the index entries
   * (`touched`: entries just re-checked, which lost theirs), and other open documents
   * whose share changed re-checked (their diagnostics come from their buffers).
   * `checking`: the open document being checked now, which asks for its own.
   */
  private recompute(touched: Set<string>, checking?: string, edited?: (SkillSummary | undefined)[]): void {
    const next = edited ? this.nextAround(edited, checking) : new Map<string, SkillDiagnostic[]>();
    if (!edited) for (const d of duplicateDiagnostics([...this.summaries.values()])) next.set(d.file, [...(next.get(d.file) ?? []), d]);
    const changed: string[] = [];
    const reopen: string[] = [];
    for (const f of new Set([...this.current.keys(), ...next.keys(), ...touched])) {
      const entry = this.index.skills.get(f);
      const want = next.get(f) ?? [];
      const had = this.current.get(f) ?? [];
      const same = JSON.stringify(want) === JSON.stringify(had);
      if (!same && f !== checking && this.isOpen?.(f)) reopen.push(f);
      // A re-checked entry lost the set's diagnostics; an untouched one keeps them unless they changed.
      if (!entry || (!touched.has(f) && same)) continue;
      if (touched.has(f) && !want.length) continue;
      const own = entry.diagnostics.filter((d) => !CODES.has(d.code));
      this.index.skills.set(f, { ...entry, diagnostics: [...own, ...want], resultId: `${entry.resultId}s${++this.stamp}` });
      changed.push(f);
    }
    this.current = next;
    for (const f of changed) this.echo.add(f);
    if (changed.length) this.index.notify(changed);
    if (reopen.length) this.onOpenChanged?.(reopen);
  }

  /** Files by the name and the description they share with others (the keys duplicateDiagnostics groups by). */
  private readonly byKey = new Map<string, Set<string>>();

  private setSummary(file: string, summary: SkillSummary): void {
    // Not deleted first: a skill keeps its place in the map, which orders related information.
    const old = this.summaries.get(file);
    if (old) this.unkey(file, old);
    this.summaries.set(file, summary);
    for (const k of keysOf(summary)) (this.byKey.get(k) ?? this.byKey.set(k, new Set()).get(k)!).add(file);
  }

  private deleteSummary(file: string): boolean {
    const old = this.summaries.get(file);
    if (!old) return false;
    this.summaries.delete(file);
    this.unkey(file, old);
    return true;
  }

  private unkey(file: string, old: SkillSummary): void {
    for (const k of keysOf(old)) {
      const set = this.byKey.get(k);
      set?.delete(file);
      if (set && !set.size) this.byKey.delete(k);
    }
  }

  /**
   * The set's diagnostics after one skill's summary changed (an open SKILL.md typed
   * into), from the skills that share a name or description with its old or new one:
   * a keystroke must not compare 10,000 skills (30 ms a change there). Every group a
   * file of theirs is in is whole in the subset, so their diagnostics are the full
   * computation's; every other file keeps its own.
   */
  private nextAround(edited: (SkillSummary | undefined)[], checking?: string): Map<string, SkillDiagnostic[]> {
    const affected = new Set<string>(checking ? [checking] : []);
    for (const s of edited) if (s) for (const k of keysOf(s)) for (const f of this.byKey.get(k) ?? []) affected.add(f);
    const involved = new Set(affected);
    for (const f of affected) {
      const s = this.summaries.get(f);
      if (s) for (const k of keysOf(s)) for (const g of this.byKey.get(k) ?? []) involved.add(g);
    }
    const next = new Map([...this.current].filter(([f]) => !affected.has(f)));
    // In the summaries' own order, as the full computation sees them (it orders related information).
    const subset = [...this.summaries.values()].filter((s) => involved.has(s.file));
    for (const d of duplicateDiagnostics(subset)) if (affected.has(d.file)) next.set(d.file, [...(next.get(d.file) ?? []), d]);
    return next;
  }

  /** set by the server: whether a file is open in the editor (its diagnostics come from the buffer) */
  isOpen?: (file: string) => boolean;
  /** set by the server: open documents whose duplicates changed, to be checked again */
  onOpenChanged?: (files: string[]) => void;

  /**
   * An open SKILL.md is checked: its summary follows the buffer as it is typed, the
   * other skills' diagnostics follow it, and it gets its own share (with the related
   * information pointing at the others).
   */
  openChecked(doc: SkillDocument, opts: CheckOptions): SkillDiagnostic[] {
    // A check that finishes after its document was closed: the buffer no longer counts
    // (its summary would outlive the close, and a renamed folder's old path with it).
    if (this.isOpen && !this.isOpen(doc.path)) return [];
    const summary = summarizeSkill(doc, opts);
    if (JSON.stringify(summary) !== JSON.stringify(this.summaries.get(doc.path))) {
      const before = this.summaries.get(doc.path);
      this.setSummary(doc.path, summary);
      this.recompute(new Set(), doc.path, [before, summary]);
    }
    return this.current.get(doc.path) ?? [];
  }

  /** A closed SKILL.md the index does not hold (outside the folders): the buffer counted, now nothing does. */
  closed(file: string): void {
    if (this.index.skills.has(file) || !this.deleteSummary(file)) return;
    this.recompute(new Set());
  }

  /**
   * Adds the set's diagnostics to every open SKILL.md's check, after the checks already
   * there; an open document whose share changes because another one was edited is
   * re-checked through `recheck`.
   */
  followOpenDocuments(docs: SkillDocuments, recheck: (file: string) => void): void {
    const inner = docs.referenceCheck;
    docs.referenceCheck = async (doc, opts) => [...(inner ? await inner(doc, opts) : []), ...this.openChecked(doc, opts)];
    this.isOpen = (f) => docs.isOpenPath(f);
    this.onOpenChanged = (files) => {
      for (const f of files) if (docs.invalidateReferences(f)) recheck(f);
    };
    docs.documents.onDidClose((e) => {
      const file = uriToPath(e.document.uri);
      if (file && isSkillFile(file)) this.closed(file);
    });
  }
}

// The rules over the whole set of skills (duplicate names and descriptions) in the
// server: a summary per indexed skill, kept current from the index's changes, and the
// set's diagnostics merged into the index entries they concern.
import { readSkillFile } from '../core/document/readSkillFile';
import { duplicateDiagnostics, skillSetRuleInfos, summarizeSkill, type SkillSummary } from '../core/rules/skillSet/duplicates';
import type { SkillDiagnostic } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
import type { Configuration } from './configuration';
import { yieldToEventLoop, type WorkspaceIndex } from './workspaceIndex';

const CODES = new Set(skillSetRuleInfos.map((r) => r.code));
const SLICE_MS = 8;

export class SkillSetIndex {
  private readonly summaries = new Map<string, SkillSummary>();
  /** the set's diagnostics per file, as last merged */
  private current = new Map<string, SkillDiagnostic[]>();
  /** files this class re-announced: their change is its own */
  private echo = new Set<string>();
  private queue = Promise.resolve();
  private stamp = 0;

  constructor(private readonly index: WorkspaceIndex, private readonly fs: FileSystem, private readonly config: Configuration) {
    index.settle = () => this.queue;
    index.onDidChange((files) => {
      const fresh = files.filter((f) => !this.echo.delete(f));
      if (fresh.length) this.queue = this.queue.then(() => this.update(fresh)).catch(() => {});
    });
  }

  private async update(files: string[]): Promise<void> {
    let slice = performance.now();
    for (const f of files) {
      const read = this.index.skills.has(f) ? await readSkillFile(this.fs, f).catch(() => undefined) : undefined;
      if (read?.doc) this.summaries.set(f, summarizeSkill(read.doc, this.config.optionsFor(f)));
      else this.summaries.delete(f);
      if (performance.now() - slice > SLICE_MS) {
        await yieldToEventLoop();
        slice = performance.now();
      }
    }
    const next = new Map<string, SkillDiagnostic[]>();
    for (const d of duplicateDiagnostics([...this.summaries.values()])) next.set(d.file, [...(next.get(d.file) ?? []), d]);
    const touched = new Set(files);
    const changed: string[] = [];
    for (const f of new Set([...this.current.keys(), ...next.keys(), ...touched])) {
      const entry = this.index.skills.get(f);
      const want = next.get(f) ?? [];
      const had = this.current.get(f) ?? [];
      // A re-checked entry lost the set's diagnostics; an untouched one keeps them unless they changed.
      if (!entry || (!touched.has(f) && JSON.stringify(want) === JSON.stringify(had))) continue;
      if (touched.has(f) && !want.length) continue;
      const own = entry.diagnostics.filter((d) => !CODES.has(d.code));
      this.index.skills.set(f, { ...entry, diagnostics: [...own, ...want], resultId: `${entry.resultId}s${++this.stamp}` });
      changed.push(f);
    }
    this.current = next;
    for (const f of changed) this.echo.add(f);
    if (changed.length) this.index.notify(changed);
  }
}

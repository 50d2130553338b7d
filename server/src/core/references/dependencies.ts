import * as path from 'node:path';

/**
 * Which SKILL.md files depend on which paths, so a host re-checks only the dependents
 * when a file is created, deleted, changed or renamed. Fed from
 * `checkReferences(...).dependencies` (or automatically by `enableReferenceChecks({ index })`).
 */
export class DependencyIndex {
  private readonly bySkill = new Map<string, Set<string>>();
  private readonly byTarget = new Map<string, Set<string>>();

  /** Replaces what `skillFile` depends on. */
  update(skillFile: string, targets: Iterable<string>): void {
    this.remove(skillFile);
    const set = new Set(targets);
    this.bySkill.set(skillFile, set);
    for (const t of set) {
      let s = this.byTarget.get(t);
      if (!s) this.byTarget.set(t, (s = new Set()));
      s.add(skillFile);
    }
  }

  remove(skillFile: string): void {
    const old = this.bySkill.get(skillFile);
    if (!old) return;
    this.bySkill.delete(skillFile);
    for (const t of old) {
      const s = this.byTarget.get(t);
      s?.delete(skillFile);
      if (s && !s.size) this.byTarget.delete(t);
    }
  }

  /** Paths `skillFile` depends on. */
  targetsOf(skillFile: string): string[] {
    return [...(this.bySkill.get(skillFile) ?? [])];
  }

  /**
   * SKILL.md files to re-check after `changed` (a file or folder) was created, deleted
   * or renamed: those that depend on it, on a path inside it (a folder moved), or on a
   * folder holding it; and every skill whose folder contains it (unused-file hints,
   * case and "did you mean" depend on the folder listing).
   */
  dependentsOf(changed: string): string[] {
    const out = new Set<string>();
    for (const s of this.byTarget.get(changed) ?? []) out.add(s);
    for (let p = path.dirname(changed); p !== path.dirname(p); p = path.dirname(p)) {
      for (const s of this.byTarget.get(p) ?? []) out.add(s);
    }
    const prefix = changed.endsWith(path.sep) ? changed : changed + path.sep;
    for (const [t, skills] of this.byTarget) if (t.startsWith(prefix)) for (const s of skills) out.add(s);
    for (const s of this.bySkill.keys()) {
      const dir = path.dirname(s) + path.sep;
      if (changed.startsWith(dir) || prefix === dir) out.add(s);
    }
    return [...out].sort();
  }

  get size(): number {
    return this.bySkill.size;
  }
}

import * as path from 'node:path';

/**
 * Which SKILL.md files depend on which paths, so a host re-checks only the dependents
 * when a file is created, deleted, changed or renamed. Fed from
 * `checkReferences(...).dependencies` (or automatically by `enableReferenceChecks({ index })`).
 *
 * Every lookup walks up the changed path's folders instead of scanning all targets,
 * so an event costs the same at 10 skills and at 10,000.
 */
export class DependencyIndex {
  private readonly bySkill = new Map<string, string[]>();
  private readonly byTarget: MultiMap = new Map();
  /** folder -> skills with a target somewhere below it */
  private readonly byFolderBelow: MultiMap = new Map();
  /** skill -> the folders it was filed under in byFolderBelow */
  private readonly foldersOf = new Map<string, string[]>();
  /** skill folder -> SKILL.md files in it */
  private readonly bySkillDir: MultiMap = new Map();

  /** Replaces what `skillFile` depends on. */
  update(skillFile: string, targets: Iterable<string>): void {
    this.remove(skillFile);
    const skillDir = path.dirname(skillFile);
    // A change inside the skill's own folder re-checks it anyway (bySkillDir, in
    // dependentsOf): only paths outside it are kept and filed, which spares ~100,000
    // map entries and strings at 10,000 skills.
    const outside = [...new Set(targets)].filter((t) => !(t.startsWith(skillDir) && (t.length === skillDir.length || t[skillDir.length] === path.sep)));
    this.bySkill.set(skillFile, outside);
    const folders = new Set<string>();
    for (const t of outside) {
      add(this.byTarget, t, skillFile);
      for (let p = path.dirname(t); !folders.has(p); p = path.dirname(p)) {
        folders.add(p);
        add(this.byFolderBelow, p, skillFile);
        if (p === path.dirname(p)) break;
      }
    }
    this.foldersOf.set(skillFile, [...folders]);
    add(this.bySkillDir, skillDir, skillFile);
  }

  remove(skillFile: string): void {
    const old = this.bySkill.get(skillFile);
    if (!old) return;
    this.bySkill.delete(skillFile);
    for (const t of old) drop(this.byTarget, t, skillFile);
    for (const f of this.foldersOf.get(skillFile) ?? []) drop(this.byFolderBelow, f, skillFile);
    this.foldersOf.delete(skillFile);
    drop(this.bySkillDir, path.dirname(skillFile), skillFile);
  }

  /** Whether `skillFile` was recorded (and not removed since). */
  has(skillFile: string): boolean {
    return this.bySkill.has(skillFile);
  }

  /**
   * SKILL.md files to re-check after `changed` (a file or folder) was created, deleted
   * or renamed: those that depend on it, on a path inside it (a folder moved), or on a
   * folder holding it; and every skill whose folder contains it (unused-file hints,
   * case and "did you mean" depend on the folder listing).
   */
  dependentsOf(changed: string): string[] {
    const out = new Set<string>();
    const addAll = (v: string | Set<string> | undefined) => {
      if (typeof v === 'string') out.add(v);
      else v?.forEach((x) => out.add(x));
    };
    const target = changed.length > 1 && changed.endsWith(path.sep) ? changed.slice(0, -1) : changed;
    addAll(this.byTarget.get(target));
    addAll(this.byFolderBelow.get(target));
    addAll(this.bySkillDir.get(target));
    for (let p = path.dirname(target); ; p = path.dirname(p)) {
      addAll(this.byTarget.get(p));
      addAll(this.bySkillDir.get(p));
      if (p === path.dirname(p)) break;
    }
    return [...out].sort();
  }

  get size(): number {
    return this.bySkill.size;
  }
}

/**
 * Key -> skills. Most paths have a single dependent: it is stored as is, and a Set
 * only appears with the second (10,000 skills make ~100,000 keys; a Set each costs
 * most of the index's time and memory).
 */
type MultiMap = Map<string, string | Set<string>>;

function add(map: MultiMap, key: string, value: string): void {
  const v = map.get(key);
  if (v === undefined) map.set(key, value);
  else if (typeof v === 'string') {
    if (v !== value) map.set(key, new Set([v, value]));
  } else v.add(value);
}

function drop(map: MultiMap, key: string, value: string): void {
  const v = map.get(key);
  if (v === value) map.delete(key);
  else if (typeof v === 'object') {
    v.delete(value);
    if (v.size === 1) map.set(key, v.values().next().value!);
  }
}

import * as path from 'node:path';
import { childPath, descendantPath } from '../workspace/childPath';
import { closest } from '../text/similarity';
import type { FileStat } from '../workspace/fileSystem';
import type { Listing, ReferenceContext } from './context';
import type { SkillReference } from './extract';
import { settle, SettledCache, type Pending, type Steps } from './settled';

export type Resolution =
  /** `/x`, `C:\x`: agents resolve paths against the skill folder only */
  | { status: 'absolute' }
  /** `..` leads out of the skill folder */
  | { status: 'escapes'; abs: string }
  | {
      status: 'ok';
      abs: string;
      /** skill-relative, `/`-separated ('' for the skill folder itself) */
      rel: string;
      type: 'file' | 'directory' | 'other';
      /** where a symbolic link on the way leads outside the skill folder */
      symlinkOutside?: string;
      /** the real path, when a symbolic link inside the skill was followed */
      real?: string;
    }
  | {
      status: 'case';
      /** the path as it exists on disk */
      abs: string;
      rel: string;
      type: 'file' | 'directory' | 'other';
      /** written segments (after `/` normalization) with the on-disk spelling */
      fixedSegments: string[];
    }
  | {
      status: 'missing';
      abs: string;
      rel: string;
      /** index (into the written segments) of the first segment that does not exist */
      missingIndex: number;
      /** written segments with the closest existing name in place of the missing one */
      suggestion?: string[];
      /** the path goes through a file as if it were a folder */
      throughFile?: boolean;
      /** a broken or looping symbolic link */
      brokenLink?: boolean;
      /** the path from the written file's folder to a file by that path outside the skill (the repository's root) */
      outside?: string;
    }
  | { status: 'unreadable'; abs: string; detail: string };

export function isAbsoluteRef(p: string): boolean {
  return p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p);
}

/** Folder a reference's path is relative to. */
export function baseDirOf(ref: SkillReference, file: string, skillDir: string): string {
  return ref.base === 'skill' ? skillDir : path.dirname(file);
}

/** Whether `p` is `dir` or below it. */
export function isInside(dir: string, p: string): boolean {
  const r = path.relative(dir, p);
  return r === '' || (!r.startsWith('..') && !path.isAbsolute(r));
}

/**
 * Resolves a written path against `baseDir` inside `skillDir`, segment by segment
 * through cached folder listings: exact names, case mismatches (agents run on
 * case-sensitive file systems even where the editor does not), the closest name for a
 * missing one, symbolic links leaving the skill.
 */
export function resolveReference(ctx: ReferenceContext, skillDir: string, baseDir: string, written: string): Promise<Resolution> {
  return Promise.resolve(resolveReferenceNow(ctx, skillDir, baseDir, written));
}

/** resolveReference, giving a result already settled without a promise. */
export function resolveReferenceNow(ctx: ReferenceContext, skillDir: string, baseDir: string, written: string): Pending<Resolution> {
  // The same path is often written many times in one document: resolve it once per
  // context. Results are shared, so callers treat them as read-only.
  const key = skillDir === baseDir ? skillDir : skillDir + '\0' + baseDir;
  let byPath = ctx.resolutions.get(key) as SettledCache<Resolution> | undefined;
  if (!byPath) ctx.resolutions.set(key, (byPath = new SettledCache()));
  return byPath.get(written, () => settle(resolveSteps(ctx, skillDir, baseDir, written)));
}

/**
 * Whether `written` certainly does not resolve to an existing path: its first name is
 * not in the base folder's listing, exactly (`anyCase`: in any letter case, so that a
 * name that differs only in case goes on to be resolved and reported). A tentative path
 * in code (a reference only when it exists) is dropped on that alone, without the
 * resolution's case and "did you mean" searches. False when unsure (listing pending).
 */
export function surelyAbsent(ctx: ReferenceContext, baseDir: string, written: string, anyCase = false): boolean {
  const slash = written.indexOf('/');
  const first = slash === -1 ? written : written.slice(0, slash);
  if (first === '' || first === '.' || first === '..' || written.includes('\\') || isAbsoluteRef(written)) return false;
  const listing = ctx.listingNow(baseDir);
  if (!listing || listing instanceof Promise) return false;
  return !listing.byName.has(first) && !(anyCase && listing.byLower.has(first.toLowerCase()));
}

/** The resolution of one written path; yields the listings, stats and real paths it needs. */
/** A name on the way from the skill folder, and its index in the written segments (-1: from the base folder). */
interface Step {
  name: string;
  index: number;
}

/**
 * The written path as names below the skill folder: `..` above the skill folder
 * escapes, whatever exists (so this comes first).
 */
function normalized(skillDir: string, baseDir: string, written: string, segments: string[]): { steps: Step[]; rel: string } | Resolution {
  const start = baseDir === skillDir ? [] : path.relative(skillDir, baseDir).split(path.sep).filter(Boolean);
  if (start[0] === '..') return { status: 'escapes', abs: path.resolve(baseDir, written) };
  const steps: Step[] = start.map((name) => ({ name, index: -1 }));
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s === '' || s === '.') continue;
    if (s !== '..') steps.push({ name: s, index: i });
    else if (!steps.length) return { status: 'escapes', abs: path.resolve(baseDir, segments.join('/')) };
    else steps.pop();
  }
  return { steps, rel: steps.map((x) => x.name).join('/') };
}

/**
 * The written segments with the closest existing name in place of the missing
 * `steps[k]` (in folder `cur`), when the rest of the path exists below it.
 */
function* nearSuggestion(ctx: ReferenceContext, cur: string, listing: Listing, steps: Step[], k: number, written: string[]): Steps<string[] | undefined> {
  const near = closest(steps[k].name, listing.visibleNames) ?? (k === steps.length - 1 ? otherExtension(steps[k].name, listing) : undefined);
  if (!near) return undefined;
  // Only a path that exists: the rest of it must be there below the near name.
  let dir = childPath(cur, near);
  for (let j = k + 1; j < steps.length; j++) {
    const below: Listing | undefined = yield ctx.listingNow(dir);
    const e = below?.byName.get(steps[j].name);
    if (!e) return undefined;
    dir = childPath(dir, e.name);
  }
  const index = steps[k].index;
  const suggestion = written.slice();
  suggestion[index] = near;
  if (k !== steps.length - 1) return suggestion;
  // `examples/guide/` for the file examples/guide.md: the slash goes, or the
  // suggested path would still name a folder.
  let nearType: string | undefined = listing.byName.get(near)?.type;
  if (nearType === 'symlink') {
    const st: FileStat | undefined | Error = yield ctx.statNow(childPath(cur, near));
    nearType = st && !(st instanceof Error) ? st.type : undefined;
  }
  if (nearType !== 'directory') while (suggestion.length > index + 1 && suggestion[suggestion.length - 1] === '') suggestion.pop();
  return suggestion;
}

/**
 * The one name of the folder with the written file's stem and another extension
 * (`flowchart-template.excalidraw` for `flowchart-template.json`): a near name no edit
 * distance finds. None for an extensionless name, or when two files share the stem;
 * folders do not count.
 */
function otherExtension(name: string, listing: Listing): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const stem = name.slice(0, dot + 1).toLowerCase();
  let found: string | undefined;
  for (const n of listing.visibleNames) {
    if (n.length <= stem.length || !n.toLowerCase().startsWith(stem) || n.includes('.', stem.length)) continue;
    // A file for a file: a folder (`notes.d/`) is no other spelling of `notes.json`.
    if (listing.byName.get(n)?.type === 'directory') continue;
    if (found) return undefined;
    found = n;
  }
  return found;
}

function* resolveSteps(ctx: ReferenceContext, skillDir: string, baseDir: string, written: string): Steps<Resolution> {
  if (isAbsoluteRef(written)) return { status: 'absolute' };
  const segments = written.replace(/\\/g, '/').split('/');
  const norm = normalized(skillDir, baseDir, written, segments);
  if ('status' in norm) return norm;
  const { steps, rel } = norm;
  const missing = (index: number, extra: Partial<Extract<Resolution, { status: 'missing' }>> = {}): Resolution => ({
    status: 'missing', abs: descendantPath(skillDir, rel), rel, missingIndex: index, ...extra,
  });
  let cur = skillDir;
  let type: 'file' | 'directory' | 'other' = 'directory';
  let fixed: string[] | undefined;
  let symlinkOutside: string | undefined;
  let linked = false;
  for (let k = 0; k < steps.length; k++) {
    const { name, index } = steps[k];
    if (type !== 'directory') return missing(index, { throughFile: true });
    const listing: Listing | undefined = yield ctx.listingNow(cur);
    let entry = listing?.byName.get(name);
    if (!listing) {
      // Unlistable folder: fall back to stat.
      const st: FileStat | undefined | Error = yield ctx.statNow(path.join(cur, name));
      if (st instanceof Error) return { status: 'unreadable', abs: path.join(cur, name), detail: st.message };
      if (!st) return missing(index);
      cur = path.join(cur, name);
      type = st.type;
      continue;
    }
    if (!entry) {
      const ci = listing.byLower.get(name.toLowerCase());
      if (ci) {
        fixed ??= segments.slice();
        if (index >= 0) fixed[index] = ci.name;
        entry = ci;
      } else {
        const suggestion = index >= 0 ? yield* nearSuggestion(ctx, cur, listing, steps, k, fixed ?? segments) : undefined;
        return missing(index, { suggestion });
      }
    }
    cur = childPath(cur, entry.name);
    if (entry.type === 'symlink') {
      const st: FileStat | undefined | Error = yield ctx.statNow(cur);
      if (st instanceof Error || !st) return missing(index, { brokenLink: true });
      type = st.type;
      linked = true;
      if (!symlinkOutside) {
        const real: string | undefined = yield ctx.realpathNow(cur);
        const realSkill: string | undefined = yield ctx.realpathNow(skillDir);
        if (real && realSkill && !isInside(realSkill, real)) symlinkOutside = real;
      }
    } else {
      type = entry.type === 'directory' ? 'directory' : entry.type === 'file' ? 'file' : 'other';
    }
  }
  if (written.endsWith('/') && type !== 'directory' && steps.length) {
    // The segment after the file (the empty one the slash makes) is what cannot exist.
    return { status: 'missing', abs: path.join(skillDir, rel), rel, missingIndex: steps[steps.length - 1].index + 1, throughFile: true };
  }
  if (fixed) return { status: 'case', abs: cur, rel: relOf(skillDir, cur), type, fixedSegments: fixed };
  const real: string | undefined = linked && !symlinkOutside ? yield ctx.realpathNow(cur) : undefined;
  return { status: 'ok', abs: cur, rel, type, symlinkOutside, real: real !== cur ? real : undefined };
}

function relOf(skillDir: string, abs: string): string {
  return path.relative(skillDir, abs).split(path.sep).join('/');
}

import * as path from 'node:path';
import { childPath } from './childPath';
import { undecodableName } from './undecodableName';
import { isLinkedFolder } from './linkedFolder';
import type { CancellationToken } from '../types';
import type { DirEntry, FileSystem } from './fileSystem';

export const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn']);
export const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'];

export interface ScanProblem {
  path: string;
  code: 'folder-unreadable' | 'symlink-loop' | 'symlink-outside' | 'path-not-found' | 'folder-too-deep' | 'file-unreadable' | 'path-ignored';
  message: string;
}

export interface ScanResult {
  /** absolute SKILL.md (or skill.md) paths, in walk order */
  files: string[];
  problems: ScanProblem[];
  /**
   * With `keepListings`: per skill file, the listings (readdir order) of its folder and
   * of the folders below it that the walk read (not those of a nested skill), so a
   * check can reuse them instead of listing each folder a second time.
   */
  listings?: Map<string, SkillListings>;
}

/** Folder listings of one skill, as the walk read them: [folder, entries in readdir order]. */
export type SkillListings = Array<[string, DirEntry[]]>;

export interface ScanOptions {
  /** folders nested deeper than this are not entered */
  maxDepth?: number;
  /** paths to leave out (absolute path -> true) */
  exclude?: (absPath: string) => boolean;
  token?: CancellationToken;
  /**
   * The folder the walk must stay in (a workspace folder), when `root` is one below it:
   * default `root` itself. No link leads the walk or a skill file's read out of it.
   */
  within?: string;
  /** fill `ScanResult.listings` (or, with `onFile`, hand each skill's listings to it) */
  keepListings?: boolean;
  /**
   * Called (and awaited) for each skill file as soon as it is found, before the walk
   * goes on; with `keepListings` it gets the skill's listings, which the walk still
   * fills while it is inside the skill's folder.
   */
  onFile?: (file: string, listings: SkillListings | undefined) => void | Promise<void>;
  /**
   * Called with each folder listing the walk reads (readdir order; not to be modified),
   * `linked` when a symbolic link led there: what else lies in the tree (contract files)
   * is found without a second walk.
   */
  onListing?: (dir: string, entries: readonly DirEntry[], linked: boolean) => void;
}

/**
 * Every skill file under `root`, depth first in name order. Symlinked folders are
 * followed once: a folder whose real path is already being walked is a loop.
 */
/**
 * The skill files that would make `dir` part of a skill: SKILL.md or skill.md in each
 * folder above it, up to 8 levels. A lower-case skill.md below one of them is one of
 * that skill's files (the walk and the language server both ask).
 */
export function enclosingSkillFiles(dir: string): string[] {
  const out: string[] = [];
  for (let d = path.dirname(dir), i = 0; i < 8 && d !== path.dirname(d); d = path.dirname(d), i++) {
    for (const n of SKILL_FILE_NAMES) out.push(path.join(d, n));
  }
  return out;
}

/** Whether real path `p` is `root` or below it. */
export function isWithin(root: string, p: string): boolean {
  if (p === root) return true;
  const rel = path.relative(root, p);
  return rel !== '' && !rel.startsWith('..' + path.sep) && rel !== '..' && !path.isAbsolute(rel);
}

function outside(link: string, real: string, rootReal: string, what: string): ScanProblem {
  return {
    path: link,
    code: 'symlink-outside',
    message: `${link} is a symbolic link to ${real}, outside ${rootReal}: skillmd does not follow links out of the folder it checks, so ${what} there is not checked. Check that folder by naming it.`,
  };
}

async function insideSkill(fs: FileSystem, dir: string): Promise<boolean> {
  for (const f of enclosingSkillFiles(dir)) {
    const st = await fs.stat(f).catch(() => undefined);
    if (st?.type === 'file') return true;
  }
  return false;
}

export async function findSkillFiles(fs: FileSystem, root: string, opts: ScanOptions = {}): Promise<ScanResult> {
  const result: ScanResult = { files: [], problems: [] };
  if (opts.keepListings) result.listings = new Map();
  const maxDepth = opts.maxDepth ?? 32;
  const visited = new Set<string>();
  // The real path of the folder asked for: no link leads the walk out of it.
  let rootReal = root;

  // Real paths are resolved only where a symlink is crossed: below a real folder a
  // plain child's real path is the parent's plus its name, which saves a system
  // call per folder on large trees.
  const walk = async (dir: string, knownReal: string | undefined, depth: number, ancestors: Set<string>, bucket: SkillListings | undefined, insideSkill: boolean, linked: boolean): Promise<void> => {
    if (opts.token?.isCancellationRequested) return;
    let real: string;
    try {
      real = knownReal ?? (await fs.realpath(dir));
    } catch (e) {
      result.problems.push({ path: dir, code: 'folder-unreadable', message: `cannot resolve folder: ${(e as Error).message}` });
      return;
    }
    if (ancestors.has(real)) {
      result.problems.push({ path: dir, code: 'symlink-loop', message: `symlink loop: ${dir} leads back to ${real}` });
      return;
    }
    // `ln -s / skills/evil` would walk the whole file system.
    if (!knownReal && !isWithin(rootReal, real)) {
      result.problems.push(outside(dir, real, rootReal, 'what is'));
      return;
    }
    if (visited.has(real)) return; // reached twice through links: walk it once
    visited.add(real);
    let entries;
    try {
      entries = await fs.readDirectory(dir);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // Listed a moment ago, gone now: deleted or renamed while the scan ran.
      const gone = code === 'ENOENT' || code === 'ENOTDIR' ? undecodableName(dir) ?? `${dir} was deleted or replaced while the scan ran, so nothing in it was checked; run the check again` : undefined;
      result.problems.push({ path: dir, code: 'folder-unreadable', message: gone ?? `cannot read folder: ${code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code ?? (e as Error).message}` });
      return;
    }
    const raw = entries;
    opts.onListing?.(dir, raw, linked);
    entries = opts.keepListings ? entries.slice() : entries;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    let skillEntry: DirEntry | undefined;
    for (const n of SKILL_FILE_NAMES) {
      // Inside a skill, a lower-case skill.md is one of its files (a checklist about
      // skills), not a skill: agents that read that name look one level deep only.
      if (insideSkill && n !== 'SKILL.md') continue;
      skillEntry = entries.find((e) => e.name === n);
      if (skillEntry) break;
    }
    let found: string | undefined;
    if (skillEntry && skillEntry.type !== 'file' && skillEntry.type !== 'symlink') {
      const p = childPath(dir, skillEntry.name);
      if (!opts.exclude?.(p)) {
        const what = skillEntry.type === 'directory' ? 'a folder' : 'a pipe, socket or device';
        result.problems.push({ path: p, code: 'file-unreadable', message: `${p} is ${what}, not a regular file; agents skip it.` });
      }
    }
    if (skillEntry?.type === 'symlink') {
      // A linked SKILL.md is read only where it stays inside (never /etc/passwd).
      const p = childPath(dir, skillEntry.name);
      const target = await fs.realpath(p).catch(() => undefined);
      if (target !== undefined && !isWithin(rootReal, target)) {
        if (!opts.exclude?.(p)) result.problems.push(outside(p, target, rootReal, 'the skill file'));
        skillEntry = undefined;
      }
    }
    if (skillEntry && (skillEntry.type === 'file' || skillEntry.type === 'symlink')) {
      const p = childPath(dir, skillEntry.name);
      if (!opts.exclude?.(p)) {
        found = p;
        result.files.push(p);
        if (opts.keepListings) {
          // This folder and the ones below belong to this skill (until a nested one).
          bucket = [];
          if (!opts.onFile && !result.listings!.has(p)) result.listings!.set(p, bucket);
        }
      }
    }
    bucket?.push([dir, raw]);
    if (found) await opts.onFile?.(found, bucket);
    if (depth >= maxDepth) {
      if (entries.some((e) => (e.type === 'directory' || e.type === 'symlink') && !SKIPPED_FOLDERS.has(e.name))) {
        result.problems.push({ path: dir, code: 'folder-too-deep', message: `the folders in ${dir} are not searched for skills: it is ${maxDepth} levels below ${root}.` });
      }
      return;
    }
    // The walk is sequential: one set of the folders above, grown and shrunk in step.
    ancestors.add(real);
    for (const e of entries) {
      // A linked skill file is read (and its link reported) as the skill, not walked.
      if (SKIPPED_FOLDERS.has(e.name) || (found && e === skillEntry)) continue;
      if (e.type === 'directory' || e.type === 'symlink') {
        const child = childPath(dir, e.name);
        if (opts.exclude?.(child)) continue;
        if (e.type === 'symlink' && !(await isLinkedFolder(fs, child, (p) => result.problems.push(p)))) continue;
        await walk(child, e.type === 'symlink' ? undefined : childPath(real, e.name), depth + 1, ancestors, bucket, insideSkill || !!found, linked || e.type === 'symlink');
      }
    }
    ancestors.delete(real);
  };

  const st = await fs.stat(root).catch((e: Error) => {
    result.problems.push({ path: root, code: 'folder-unreadable', message: e.message });
    return undefined;
  });
  if (!st) {
    if (result.problems.length === 0) {
      // A link that leads back to itself reads as missing: say what it is.
      const loop = await fs.realpath(root).then(() => false, (e: unknown) => (e as NodeJS.ErrnoException).code === 'ELOOP');
      if (loop) result.problems.push({ path: root, code: 'symlink-loop', message: `symlink loop: ${root} points back at itself` });
      else result.problems.push({ path: root, code: 'path-not-found', message: undecodableName(root) ?? `no such file or folder: ${root}` });
    }
    return result;
  }
  // Named on purpose yet matched by an ignore glob: say so rather than check nothing in silence.
  if (opts.exclude?.(root)) {
    result.problems.push({ path: root, code: 'path-ignored', message: `${root} matches an \`ignore\` glob of the configuration, so it is not checked.` });
    return result;
  }
  if (st.type === 'other') {
    result.problems.push({ path: root, code: 'file-unreadable', message: `${root} is a pipe, socket or device, not a skill file or folder.` });
    return result;
  }
  if (st.type === 'file') {
    result.files.push(root);
    await opts.onFile?.(root, undefined);
    return result;
  }
  let real: string;
  try {
    real = await fs.realpath(root);
    rootReal = opts.within && opts.within !== root ? await fs.realpath(opts.within) : real;
  } catch (e) {
    result.problems.push({ path: root, code: 'folder-unreadable', message: `cannot resolve folder: ${(e as Error).message}` });
    return result;
  }
  // A folder created in the workspace as a link out of it (`ln -s / skills/evil`).
  if (!isWithin(rootReal, real)) {
    result.problems.push(outside(root, real, rootReal, 'what is'));
    return result;
  }
  await walk(root, real, 0, new Set(), undefined, await insideSkill(fs, root), false);
  return result;
}

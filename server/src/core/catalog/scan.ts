import { undecodableName } from '../workspace/undecodableName';
import * as path from 'node:path';
import type { CancellationToken } from '../types';
import type { FileSystem } from '../workspace/fileSystem';
import { SKIPPED_FOLDERS } from '../workspace/findSkillFiles';
import { isLinkedFolder } from '../workspace/linkedFolder';
import type { DiscoveryRules, ScanProblemReport } from './types';

export interface FoundSkill {
  /** absolute skill folder as walked */
  dir: string;
  /** absolute SKILL.md as walked */
  file: string;
  /** the folder's real path */
  realDir: string;
  /** depth below the root (1 = direct child) */
  depth: number;
}

export interface WalkResult {
  found: FoundSkill[];
  problems: ScanProblemReport[];
}

/** The skill file in a folder listing, by the agent's names and case rule. */
export function pickSkillFile(names: Iterable<string>, rules: DiscoveryRules): string | undefined {
  const list = [...names];
  for (const want of rules.fileNames) {
    const hit = rules.caseInsensitive ? list.find((n) => n.toLowerCase() === want.toLowerCase()) : list.find((n) => n === want);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Walks `start` (at `depth` below its root) the way the agent does. Symlinked
 * folders are followed; a folder whose real path is an ancestor is a loop and is
 * reported, not entered; a folder reached twice is walked once.
 */
export async function walkForSkills(
  fs: FileSystem,
  start: string,
  depth: number,
  rules: DiscoveryRules,
  token?: CancellationToken,
  ancestors: Set<string> = new Set(),
): Promise<WalkResult> {
  const out: WalkResult = { found: [], problems: [] };
  const visited = new Set<string>();
  const walk = async (dir: string, d: number, anc: Set<string>): Promise<void> => {
    if (token?.isCancellationRequested) return;
    let real: string;
    try {
      real = await fs.realpath(dir);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') out.problems.push({ path: dir, code: 'symlink-loop', message: `symlink loop: ${dir} points back at itself` });
      else if (code === 'ENOENT' && undecodableName(dir)) out.problems.push({ path: dir, code: 'folder-unreadable', message: undecodableName(dir)! });
      else if (code !== 'ENOENT') out.problems.push({ path: dir, code: 'folder-unreadable', message: `cannot resolve folder: ${(e as Error).message}` });
      return;
    }
    if (anc.has(real)) {
      out.problems.push({ path: dir, code: 'symlink-loop', message: `symlink loop: ${dir} leads back to ${real}` });
      return;
    }
    if (visited.has(real)) return;
    visited.add(real);
    let entries;
    try {
      entries = await fs.readDirectory(dir);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const undecodable = code === 'ENOENT' ? undecodableName(dir) : undefined;
      if (undecodable) out.problems.push({ path: dir, code: 'folder-unreadable', message: undecodable });
      else if (code !== 'ENOENT' && code !== 'ENOTDIR') out.problems.push({ path: dir, code: 'folder-unreadable', message: `cannot read folder: ${code ?? (e as Error).message}` });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    let isSkill = false;
    if (d >= 1) {
      const fileName = pickSkillFile(entries.filter((e) => e.type === 'file' || (e.type === 'symlink' && !rules.skipLinkedSkillFiles)).map((e) => e.name), rules);
      if (fileName) {
        const file = path.join(dir, fileName);
        const st = await fs.stat(file).catch(() => undefined);
        if (st?.type === 'file') {
          out.found.push({ dir, file, realDir: real, depth: d });
          isSkill = true;
        }
      }
    }
    if (d >= rules.maxDepth || (isSkill && !rules.descendIntoSkills)) return;
    const next = new Set(anc).add(real);
    for (const e of entries) {
      if (e.type !== 'directory' && e.type !== 'symlink') continue;
      if (SKIPPED_FOLDERS.has(e.name) || (rules.skipHidden && e.name.startsWith('.'))) continue;
      const child = path.join(dir, e.name);
      if (e.type === 'symlink' && !(await isLinkedFolder(fs, child, (p) => out.problems.push(p)))) continue;
      await walk(child, d + 1, next);
    }
  };
  await walk(start, depth, ancestors);
  return out;
}

import * as path from 'node:path';
import type { FileSystem } from '../workspace/fileSystem';
import { SKILL_FILE_NAMES, SKIPPED_FOLDERS } from '../workspace/findSkillFiles';
import { contractFileKind } from './load';

export interface ContractFiles {
  contracts: string[];
  registries: string[];
  skillFiles: string[];
}

const MAX_DEPTH = 32;

/**
 * Every contract, registry and SKILL.md under a root (a folder or one file), in name
 * order; `node_modules` and `.git` are skipped and linked folders are not followed,
 * so the walk ends.
 */
export async function findContractFiles(fs: FileSystem, root: string, exclude?: (p: string) => boolean, into: ContractFiles = { contracts: [], registries: [], skillFiles: [] }): Promise<ContractFiles> {
  const st = await fs.stat(root).catch(() => undefined);
  if (!st) return into;
  if (st.type === 'file') {
    add(root, into);
    return into;
  }
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || exclude?.(dir)) return;
    let entries;
    try {
      entries = await fs.readDirectory(dir);
    } catch {
      return; // check reports unreadable folders
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.type === 'directory') {
        if (!SKIPPED_FOLDERS.has(e.name)) await walk(p, depth + 1);
      } else if (e.type === 'file' || e.type === 'symlink') {
        if (!exclude?.(p)) add(p, into);
      }
    }
  };
  await walk(root, 0);
  return into;
}

function add(p: string, into: ContractFiles): void {
  const kind = contractFileKind(p);
  if (kind === 'registry') {
    into.registries.push(p); // read only when it is a registry (isRegistry)
  } else if (kind) into.contracts.push(p);
  else if (SKILL_FILE_NAMES.includes(path.basename(p))) into.skillFiles.push(p);
}

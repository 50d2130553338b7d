import * as path from 'node:path';
import type { DirEntry, FileSystem } from '../workspace/fileSystem';
import { SKILL_FILE_NAMES, SKIPPED_FOLDERS } from '../workspace/findSkillFiles';
import { childPath } from '../workspace/childPath';
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
      if (e.type !== 'directory') addEntry(dir, e, exclude, into);
      else if (!SKIPPED_FOLDERS.has(e.name)) await walk(path.join(dir, e.name), depth + 1);
    }
  };
  await walk(root, 0);
  return into;
}

/**
 * The files findContractFiles would find under one root, from the listings of another
 * walk of it (the language server's index, see findSkillFiles' onListing): no second
 * walk of a large workspace. That walk follows linked folders and this one does not, so
 * a tree with a linked folder gets no result (the caller walks it itself).
 */
export class ContractFileCollector {
  private readonly files: ContractFiles = { contracts: [], registries: [], skillFiles: [] };
  private linked = false;
  private rootListed = false;

  constructor(
    private readonly exclude?: (p: string) => boolean,
    /** the walk's root, when it must have been listed for a result (the CLI: a root may be a file, or excluded) */
    private readonly root?: string,
  ) {}

  listing(dir: string, entries: readonly DirEntry[], linked: boolean): void {
    if (linked) this.linked = true;
    if (this.linked) return;
    if (dir === this.root) this.rootListed = true;
    for (const e of entries) addEntry(dir, e, this.exclude, this.files);
  }

  /** In findContractFiles' order (depth first, by name), or undefined after a linked folder (or with its root unlisted). */
  result(): ContractFiles | undefined {
    if (this.linked || (this.root !== undefined && (!this.rootListed || this.exclude?.(this.root)))) return undefined;
    for (const list of [this.files.contracts, this.files.registries, this.files.skillFiles]) sortInWalkOrder(list);
    return this.files;
  }
}

/** A depth-first walk in name order visits paths in the order of their names, folder by folder. */
function sortInWalkOrder(files: string[]): void {
  const keyed = files.map((f) => [f.split(path.sep), f] as const);
  keyed.sort(([a], [b]) => {
    for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return a.length - b.length;
  });
  for (let i = 0; i < files.length; i++) files[i] = keyed[i][1];
}

/** A folder entry that is a file (or a link: a linked contract counts) and not excluded. */
function addEntry(dir: string, e: DirEntry, exclude: ((p: string) => boolean) | undefined, into: ContractFiles): void {
  if (e.type !== 'file' && e.type !== 'symlink') return;
  // By its name first: most entries are other files, and a path costs a join. Every
  // SKILL.md passes here: its kind is not asked again of the whole path.
  const kind = contractFileKind(e.name);
  if (!kind && !SKILL_FILE_NAMES.includes(e.name)) return;
  const p = childPath(dir, e.name);
  if (!exclude?.(p)) add(p, into, kind);
}

function add(p: string, into: ContractFiles, kind = contractFileKind(p)): void {
  if (kind === 'registry') {
    into.registries.push(p); // read only when it is a registry (isRegistry)
  } else if (kind) into.contracts.push(p);
  else if (SKILL_FILE_NAMES.includes(path.basename(p))) into.skillFiles.push(p);
}

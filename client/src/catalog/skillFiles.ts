// The files of a skill folder, for the Skills view (a folder at a time, as the
// Explorer shows it) and for the read_skill_file pick list (every file, flat).
import * as path from 'node:path';
import * as vscode from 'vscode';

const MAX_FILES = 500;
/** folders no agent reads and no user wants listed */
const SKIP_DIRS = new Set(['node_modules', '.git']);

export interface FolderEntry {
  name: string;
  /** `/`-separated, relative to the skill folder */
  relpath: string;
  isDir: boolean;
  /** a folder with nothing to list under it (no expand arrow) */
  empty?: boolean;
}

async function read(dir: string): Promise<[string, vscode.FileType][]> {
  try {
    return (await vscode.workspace.fs.readDirectory(vscode.Uri.file(dir))).filter(([name, type]) => !(type & vscode.FileType.Directory && SKIP_DIRS.has(name)));
  } catch {
    return [];
  }
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One folder of a skill: `mainFile` (SKILL.md) first when listing the skill folder
 * itself, then sub-folders, then files, each by name.
 */
export async function listFolder(skillDir: string, relpath: string, mainFile?: string): Promise<FolderEntry[]> {
  const entries = await read(path.join(skillDir, ...relpath.split('/').filter(Boolean)));
  const rel = (name: string) => (relpath ? `${relpath}/${name}` : name);
  const dirs = entries.filter(([, t]) => t & vscode.FileType.Directory).map(([n]) => n).sort(byName);
  const files = entries.filter(([, t]) => !(t & vscode.FileType.Directory)).map(([n]) => n).sort(byName);
  const out: FolderEntry[] = [];
  const main = mainFile !== undefined ? files.find((f) => f === mainFile) : undefined;
  if (main !== undefined) out.push({ name: main, relpath: rel(main), isDir: false });
  for (const d of dirs) out.push({ name: d, relpath: rel(d), isDir: true, empty: (await read(path.join(skillDir, ...rel(d).split('/')))).length === 0 });
  for (const f of files) if (f !== main) out.push({ name: f, relpath: rel(f), isDir: false });
  return out;
}

/** Files of a skill folder (not SKILL.md itself), as `/`-separated paths relative to it. */
export async function listSkillFiles(dir: string, max = MAX_FILES): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string, depth: number): Promise<void> => {
    if (depth > 6 || out.length >= max) return;
    const entries = (await read(rel ? path.join(dir, ...rel.split('/')) : dir)).sort(([a], [b]) => byName(a, b));
    for (const [name, type] of entries) {
      const r = rel ? `${rel}/${name}` : name;
      if (type & vscode.FileType.Directory) await walk(r, depth + 1);
      else if (!(rel === '' && /^skill\.md$/i.test(name))) {
        out.push(r);
        if (out.length >= max) return;
      }
    }
  };
  await walk('', 0);
  return out;
}

import { childPath } from '../workspace/childPath';
import type { ReferenceContext } from './context';

/** Bounds on walking a skill folder: skills are small; a huge tree is not a skill. */
export const MAX_WALK_DEPTH = 8;
export const MAX_WALK_FILES = 5000;

const SKIP_DIRS = new Set(['node_modules', '.git', '__pycache__', '.venv', 'venv', '.mypy_cache', '.pytest_cache', 'dist', 'build']);
const SKIP_FILES = new Set(['.DS_Store', 'Thumbs.db', '.gitkeep', '.keep', '.gitignore', 'desktop.ini']);

/** Noise files that are never "unused": caches, OS droppings, placeholders, compiled bytecode. */
export function isNoiseFile(name: string): boolean {
  return SKIP_FILES.has(name) || name.startsWith('.') || /\.(pyc|pyo|class|o)$/.test(name) || name.endsWith('~');
}

/**
 * Files under `dir` (absolute paths), not following symbolic links to folders (no
 * loops), skipping VCS, caches and dependency folders; bounded in depth and count.
 */
export async function walkFiles(ctx: ReferenceContext, dir: string, filter: (file: string) => boolean = () => true, maxFiles = MAX_WALK_FILES): Promise<string[]> {
  const out: string[] = [];
  const visit = async (d: string, depth: number): Promise<void> => {
    if (depth > MAX_WALK_DEPTH || out.length >= maxFiles) return;
    const listing = await ctx.listing(d);
    if (!listing) return;
    for (const e of listing.entries) {
      if (out.length >= maxFiles) return;
      const p = childPath(d, e.name);
      if (e.type === 'directory') {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) await visit(p, depth + 1);
      } else if (e.type === 'file' || e.type === 'symlink') {
        if (isNoiseFile(e.name) || !filter(p)) continue;
        if (e.type === 'symlink') {
          const st = await ctx.stat(p);
          if (st instanceof Error || st?.type !== 'file') continue;
        }
        out.push(p);
      }
    }
  };
  await visit(dir, 0);
  return out;
}

import type { FileSystem } from './fileSystem';

export interface LoopProblem {
  path: string;
  code: 'symlink-loop';
  message: string;
}

/**
 * Whether a symlink met in a folder walk leads to a folder, so that the walk enters
 * it. A dangling link is skipped quietly; a looping one is skipped and reported
 * (stat cannot tell them apart: ELOOP surfaces as "not found", realpath says which).
 */
export async function isLinkedFolder(fs: FileSystem, link: string, report: (p: LoopProblem) => void): Promise<boolean> {
  const st = await fs.stat(link).catch(() => undefined);
  if (st) return st.type === 'directory';
  try {
    await fs.realpath(link);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') report({ path: link, code: 'symlink-loop', message: `symlink loop: ${link} points back at itself` });
  }
  return false;
}

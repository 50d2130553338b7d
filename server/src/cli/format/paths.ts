import * as path from 'node:path';

/** Paths below the working directory print relative (problem matchers resolve them). */
export function displayPath(cwd: string, p: string): string {
  const rel = path.relative(cwd, p);
  const out = rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
  return out.split(path.sep).join('/');
}

import * as path from 'node:path';

/** Paths below the working directory print relative (problem matchers resolve them). */
export function displayPath(cwd: string, p: string): string {
  // Fast path for the common case, a normalized path below cwd (what path.relative gives).
  if (path.sep === '/' && p.length > cwd.length + 1 && p.charCodeAt(cwd.length) === 47 && p.startsWith(cwd) && !cwd.endsWith('/') && path.isAbsolute(cwd)) {
    const rel = p.slice(cwd.length + 1);
    // A `.` or `..` segment starts the path or follows a `/`: the regex only where one may.
    const dotSegment = (rel.charCodeAt(0) === 46 || rel.includes('/.')) && /(^|\/)\.\.?(\/|$)/.test(rel);
    if (!rel.startsWith('..') && !rel.includes('//') && !dotSegment && !rel.endsWith('/')) return rel;
  }
  const rel = path.relative(cwd, p);
  const out = rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
  return out.split(path.sep).join('/');
}

import * as path from 'node:path';

/** `//`, or a `.`/`..` segment: what path.join would normalize away. */
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)/;

/**
 * `path.join(dir, name)` for a directory entry's name (no separator, not `.`/`..`):
 * plain concatenation when `dir` is an absolute, normalized POSIX path, which is what
 * walks and resolution pass almost always (path.join re-normalizes the whole string).
 */
export function childPath(dir: string, name: string): string {
  if (
    path.sep === '/' && dir.length > 1 && dir.charCodeAt(0) === 47 && dir.charCodeAt(dir.length - 1) !== 47 &&
    name.length > 0 && name !== '.' && name !== '..' && name.indexOf('/') === -1 && !NOT_NORMAL.test(dir)
  ) {
    return dir + '/' + name;
  }
  return path.join(dir, name);
}

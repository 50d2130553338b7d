import * as path from 'node:path';
import { FileSystemError, type DirEntry, type FileStat, type FileSystem } from './fileSystem';

type Node =
  | { kind: 'file'; data: Uint8Array; mode: number; unreadable?: boolean }
  | { kind: 'dir'; mode: number }
  | { kind: 'symlink'; target: string };

/**
 * An in-memory FileSystem for tests: POSIX paths, case-sensitive, symlinks (with
 * loop detection), permission bits, unreadable files, and counters of every call
 * so tests can assert that the core reads each file at most once.
 */
export class MemoryFileSystem implements FileSystem {
  private readonly nodes = new Map<string, Node>();
  readonly calls = { readFile: 0, readFilePrefix: 0, stat: 0, readDirectory: 0, realpath: 0 };
  /** every path passed to readFile/readFilePrefix, in order */
  readonly reads: string[] = [];

  constructor(files: Record<string, string | Uint8Array> = {}) {
    this.nodes.set('/', { kind: 'dir', mode: 0o755 });
    for (const [p, c] of Object.entries(files)) this.writeFile(p, c);
  }

  writeFile(p: string, content: string | Uint8Array, mode = 0o644): this {
    p = path.posix.resolve(p);
    this.mkdirp(path.posix.dirname(p));
    this.nodes.set(p, { kind: 'file', data: typeof content === 'string' ? new TextEncoder().encode(content) : content, mode });
    return this;
  }

  mkdirp(p: string): this {
    p = path.posix.resolve(p);
    const parts = p.split('/').filter(Boolean);
    let cur = '';
    for (const part of parts) {
      cur += '/' + part;
      if (!this.nodes.has(cur)) this.nodes.set(cur, { kind: 'dir', mode: 0o755 });
    }
    return this;
  }

  symlink(p: string, target: string): this {
    p = path.posix.resolve(p);
    this.mkdirp(path.posix.dirname(p));
    this.nodes.set(p, { kind: 'symlink', target });
    return this;
  }

  chmod(p: string, mode: number): this {
    const n = this.nodes.get(path.posix.resolve(p));
    if (n && n.kind !== 'symlink') n.mode = mode;
    return this;
  }

  /** Makes reads of the file fail as with EACCES. */
  makeUnreadable(p: string): this {
    const n = this.nodes.get(path.posix.resolve(p));
    if (n?.kind === 'file') n.unreadable = true;
    return this;
  }

  remove(p: string): this {
    p = path.posix.resolve(p);
    for (const k of [...this.nodes.keys()]) if (k === p || k.startsWith(p + '/')) this.nodes.delete(k);
    return this;
  }

  /** Follows symlinks in every segment; throws ELOOP after 40 hops, ENOENT when missing. */
  private resolve(p: string, followLast = true): string {
    let hops = 0;
    const parts = path.posix.resolve(p).split('/').filter(Boolean);
    let cur = '/';
    for (let i = 0; i < parts.length; i++) {
      let next = cur === '/' ? '/' + parts[i] : cur + '/' + parts[i];
      let n = this.nodes.get(next);
      while (n?.kind === 'symlink' && (followLast || i < parts.length - 1)) {
        if (++hops > 40) throw new FileSystemError(`ELOOP: too many symbolic links, ${p}`, 'ELOOP');
        const resolved = path.posix.resolve(cur, n.target);
        next = this.resolve(resolved, true);
        n = this.nodes.get(next);
      }
      if (!n) throw new FileSystemError(`ENOENT: no such file or directory, ${p}`, 'ENOENT');
      if (i < parts.length - 1 && n.kind !== 'dir') throw new FileSystemError(`ENOTDIR: not a directory, ${p}`, 'ENOTDIR');
      cur = next;
    }
    return cur;
  }

  private fileNode(p: string): Node & { kind: 'file' } {
    const real = this.resolve(p);
    const n = this.nodes.get(real)!;
    if (n.kind !== 'file') throw new FileSystemError(`EISDIR: illegal operation on a directory, ${p}`, 'EISDIR');
    if (n.unreadable) throw new FileSystemError(`EACCES: permission denied, ${p}`, 'EACCES');
    return n;
  }

  async readFile(p: string): Promise<Uint8Array> {
    this.calls.readFile++;
    this.reads.push(p);
    return this.fileNode(p).data;
  }

  async readFilePrefix(p: string, maxBytes: number): Promise<Uint8Array> {
    this.calls.readFilePrefix++;
    this.reads.push(p);
    return this.fileNode(p).data.subarray(0, maxBytes);
  }

  async stat(p: string): Promise<FileStat | undefined> {
    this.calls.stat++;
    let real: string;
    try {
      real = this.resolve(p);
    } catch (e) {
      const code = (e as FileSystemError).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
      throw e;
    }
    const n = this.nodes.get(real)!;
    if (n.kind === 'file') return { type: 'file', size: n.data.length, mtimeMs: 0, mode: n.mode };
    if (n.kind === 'dir') return { type: 'directory', size: 0, mtimeMs: 0, mode: n.mode };
    return { type: 'other', size: 0, mtimeMs: 0, mode: 0 };
  }

  async readDirectory(p: string): Promise<DirEntry[]> {
    this.calls.readDirectory++;
    const real = this.resolve(p);
    const n = this.nodes.get(real)!;
    if (n.kind !== 'dir') throw new FileSystemError(`ENOTDIR: not a directory, ${p}`, 'ENOTDIR');
    const prefix = real === '/' ? '/' : real + '/';
    const out: DirEntry[] = [];
    for (const [k, v] of this.nodes) {
      if (k.length <= prefix.length || !k.startsWith(prefix) || k.indexOf('/', prefix.length) !== -1) continue;
      out.push({ name: k.slice(prefix.length), type: v.kind === 'dir' ? 'directory' : v.kind });
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async realpath(p: string): Promise<string> {
    this.calls.realpath++;
    return this.resolve(p);
  }
}

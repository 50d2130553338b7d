import { promises as fsp } from 'node:fs';
import type { DirEntry, FileStat, FileSystem } from '../core/workspace/fileSystem';

/** The core's FileSystem over Node's `fs`. */
export class NodeFileSystem implements FileSystem {
  async readFile(path: string): Promise<Uint8Array> {
    return fsp.readFile(path);
  }

  async readFilePrefix(path: string, maxBytes: number): Promise<Uint8Array> {
    const fh = await fsp.open(path, 'r');
    try {
      const buf = Buffer.alloc(maxBytes);
      const { bytesRead } = await fh.read(buf, 0, maxBytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  async stat(path: string): Promise<FileStat | undefined> {
    try {
      const s = await fsp.stat(path);
      return { type: s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other', size: s.size, mtimeMs: s.mtimeMs, mode: s.mode & 0o7777 };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
      throw e;
    }
  }

  async readDirectory(path: string): Promise<DirEntry[]> {
    const entries = await fsp.readdir(path, { withFileTypes: true });
    return entries.map((d) => ({
      name: d.name,
      type: d.isSymbolicLink() ? 'symlink' : d.isDirectory() ? 'directory' : d.isFile() ? 'file' : 'other',
    }));
  }

  async realpath(path: string): Promise<string> {
    return fsp.realpath(path);
  }
}

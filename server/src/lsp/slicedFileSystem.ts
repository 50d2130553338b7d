// The core's FileSystem over Node's synchronous fs calls, giving the event loop a
// turn every few milliseconds. For the background index this is several times
// faster than fs/promises (one thread-pool round trip per open/stat/read/close)
// while requests still get answered between slices.
import * as nodeFs from 'node:fs';
import type { DirEntry, FileStat, FileSystem } from '../core/workspace/fileSystem';

const SLICE_MS = 8;

export class SlicedFileSystem implements FileSystem {
  private sliceStart = performance.now();

  /** Yields to the event loop when the current slice is used up. */
  async pause(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }

  async readFile(path: string): Promise<Uint8Array> {
    await this.pause();
    return nodeFs.readFileSync(path);
  }

  async readFilePrefix(path: string, maxBytes: number): Promise<Uint8Array> {
    await this.pause();
    const fd = nodeFs.openSync(path, 'r');
    try {
      const buf = Buffer.alloc(maxBytes);
      const n = nodeFs.readSync(fd, buf, 0, maxBytes, 0);
      return buf.subarray(0, n);
    } finally {
      nodeFs.closeSync(fd);
    }
  }

  async stat(path: string): Promise<FileStat | undefined> {
    await this.pause();
    const s = nodeFs.statSync(path, { throwIfNoEntry: false });
    if (!s) return undefined;
    return { type: s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other', size: s.size, mtimeMs: s.mtimeMs, mode: s.mode & 0o7777 };
  }

  async readDirectory(path: string): Promise<DirEntry[]> {
    await this.pause();
    return nodeFs.readdirSync(path, { withFileTypes: true }).map((d) => ({
      name: d.name,
      type: d.isSymbolicLink() ? 'symlink' : d.isDirectory() ? 'directory' : d.isFile() ? 'file' : 'other',
    }));
  }

  async realpath(path: string): Promise<string> {
    await this.pause();
    return nodeFs.realpathSync.native(path);
  }
}

// The core's FileSystem over Node's synchronous fs calls, giving the event loop a
// turn every few milliseconds. For the background index this is several times
// faster than fs/promises (one thread-pool round trip per open/stat/read/close)
// while requests still get answered between slices.
import type { DirEntry, FileStat, FileSystem, WithinRead } from '../core/workspace/fileSystem';
import { NodeFileSystem } from '../node/nodeFileSystem';

const SLICE_MS = 8;

export class SlicedFileSystem implements FileSystem {
  private sliceStart = performance.now();
  private readonly sync = new NodeFileSystem({ sync: true });

  /** Yields to the event loop when the current slice is used up. */
  async pause(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }

  async readFile(path: string): Promise<Uint8Array> {
    await this.pause();
    return this.sync.readFile(path);
  }

  async readFilePrefix(path: string, maxBytes: number): Promise<Uint8Array> {
    await this.pause();
    return this.sync.readFilePrefix(path, maxBytes);
  }

  /** One open + fstat + read instead of a stat and a read. */
  async readFileWithin(path: string, maxBytes: number): Promise<WithinRead> {
    await this.pause();
    return this.sync.readFileWithin(path, maxBytes);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    await this.pause();
    return this.sync.stat(path);
  }

  async readDirectory(path: string): Promise<DirEntry[]> {
    await this.pause();
    return this.sync.readDirectory(path);
  }

  async realpath(path: string): Promise<string> {
    await this.pause();
    return this.sync.realpath(path);
  }
}

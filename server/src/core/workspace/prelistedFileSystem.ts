import type { DirEntry, FileStat, FileSystem } from './fileSystem';

/**
 * A FileSystem that answers `readDirectory` from listings already read (by the walk
 * that found the skill) and passes everything else through. Each listing is served
 * once and then forgotten, so nothing outlives the check that uses it; a second ask
 * reads the folder again. Listings are returned as is: callers must not modify them.
 */
export class PrelistedFileSystem implements FileSystem {
  private readonly listings = new Map<string, DirEntry[]>();
  readonly readFilePrefix?: (path: string, maxBytes: number) => Promise<Uint8Array>;
  readonly readFileWithin?: (path: string, maxBytes: number) => Promise<{ bytes: Uint8Array } | { size: number; notFile?: boolean }>;

  constructor(private readonly base: FileSystem, listings: Iterable<readonly [string, DirEntry[]]>) {
    for (const [dir, entries] of listings) this.listings.set(dir, entries);
    if (base.readFilePrefix) this.readFilePrefix = (p, n) => base.readFilePrefix!(p, n);
    if (base.readFileWithin) this.readFileWithin = (p, n) => base.readFileWithin!(p, n);
  }

  readDirectory(path: string): Promise<DirEntry[]> {
    const hit = this.listings.get(path);
    if (hit) {
      this.listings.delete(path);
      return Promise.resolve(hit);
    }
    return this.base.readDirectory(path);
  }

  readFile(path: string): Promise<Uint8Array> {
    return this.base.readFile(path);
  }

  stat(path: string): Promise<FileStat | undefined> {
    return this.base.stat(path);
  }

  realpath(path: string): Promise<string> {
    return this.base.realpath(path);
  }
}

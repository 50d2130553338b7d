import type { DirEntry, FileStat, FileSystem, WithinRead } from './fileSystem';

/**
 * A FileSystem that answers `readDirectory` from listings already read (by the walk
 * that found the skill), and reads from file contents already read whole (by the thread
 * that walked), and passes everything else through. Each listing is served once and
 * then forgotten, so nothing outlives the check that uses it; a second ask reads the
 * folder again. Listings and contents are returned as is: callers must not modify them.
 */
export class PrelistedFileSystem implements FileSystem {
  private readonly listings = new Map<string, DirEntry[]>();
  readonly readFilePrefix?: (path: string, maxBytes: number) => Promise<Uint8Array>;
  readonly readFileWithin?: (path: string, maxBytes: number) => Promise<WithinRead>;

  constructor(
    private readonly base: FileSystem,
    listings: Iterable<readonly [string, DirEntry[]]>,
    /** whole contents of files read ahead (path → bytes) */
    private readonly contents?: ReadonlyMap<string, Uint8Array>,
  ) {
    for (const [dir, entries] of listings) this.listings.set(dir, entries);
    if (base.readFilePrefix) {
      this.readFilePrefix = (p, n) => {
        const hit = this.contents?.get(p);
        return hit ? Promise.resolve(hit.length > n ? hit.subarray(0, n) : hit) : base.readFilePrefix!(p, n);
      };
    }
    if (base.readFileWithin) {
      this.readFileWithin = (p, n) => {
        const hit = this.contents?.get(p);
        return hit && hit.length <= n ? Promise.resolve({ bytes: hit }) : base.readFileWithin!(p, n);
      };
    }
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
    const hit = this.contents?.get(path);
    return hit ? Promise.resolve(hit) : this.base.readFile(path);
  }

  stat(path: string): Promise<FileStat | undefined> {
    return this.base.stat(path);
  }

  realpath(path: string): Promise<string> {
    return this.base.realpath(path);
  }
}

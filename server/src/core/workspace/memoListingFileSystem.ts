import type { DirEntry, FileStat, FileSystem, WithinRead } from './fileSystem';

/**
 * A FileSystem that lists each folder once and answers later `readDirectory` calls for
 * it from memory (a copy each time: callers sort them). For one `check` run, where the
 * walk that finds the skills, the contract pass's walk and the cache's replays would
 * otherwise list every folder two or three times (~100 ms of system calls on 2,921
 * skills). Not for a long-lived host: it never sees a folder change. With `stats`, it
 * keeps each path's stat too (a batch of the server's index: its skills ask the same
 * questions of their repository's root, `.git` and listing, once per skill).
 */
export class MemoListingFileSystem implements FileSystem {
  private readonly listings = new Map<string, DirEntry[]>();
  private readonly stats: Map<string, Promise<FileStat | undefined>> | undefined;
  readonly readFilePrefix?: (path: string, maxBytes: number) => Promise<Uint8Array>;
  readonly readFileWithin?: (path: string, maxBytes: number) => Promise<WithinRead>;

  constructor(private readonly base: FileSystem, opts: { stats?: boolean } = {}) {
    if (opts.stats) this.stats = new Map();
    if (base.readFilePrefix) this.readFilePrefix = (p, n) => base.readFilePrefix!(p, n);
    if (base.readFileWithin) this.readFileWithin = (p, n) => base.readFileWithin!(p, n);
  }

  readDirectory(path: string): Promise<DirEntry[]> {
    const hit = this.listings.get(path);
    if (hit) return Promise.resolve(hit.slice());
    let read: Promise<DirEntry[]>;
    try {
      read = this.base.readDirectory(path);
    } catch (e) {
      // A base that throws at once still fails through the promise, as an async method would.
      return Promise.reject(e);
    }
    // Errors are not kept: a folder that could not be listed is asked again.
    return read.then((entries) => {
      this.listings.set(path, entries);
      return entries.slice();
    });
  }

  readFile(path: string): Promise<Uint8Array> {
    return this.base.readFile(path);
  }

  stat(path: string): Promise<FileStat | undefined> {
    if (!this.stats) return this.base.stat(path);
    let hit = this.stats.get(path);
    if (!hit) {
      this.stats.set(path, (hit = this.base.stat(path)));
      // As with listings, an error is not kept.
      hit.catch(() => this.stats!.delete(path));
    }
    return hit;
  }

  realpath(path: string): Promise<string> {
    return this.base.realpath(path);
  }
}

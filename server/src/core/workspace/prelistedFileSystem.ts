import * as path from 'node:path';
import { hasDotSegment } from './childPath';
import { FileSystemError, type DirEntry, type FileStat, type FileSystem, type WithinRead } from './fileSystem';

/**
 * A FileSystem that answers `readDirectory` from listings already read (by the walk
 * that found the skill), and reads from file contents already read whole (by the thread
 * that walked), and passes everything else through; a file it reads whole itself
 * (readFileWithin) is kept for a second read in the same check. Each listing is served
 * once and then forgotten, so nothing outlives the check that uses it; a second ask
 * reads the folder again. Listings and contents are returned as is: callers must not modify them.
 * A file its folder's listing does not show is missing without a system call: checks
 * look for many files that are not there (a script the instructions name, not yet written).
 */
export class PrelistedFileSystem implements FileSystem {
  private readonly listings = new Map<string, DirEntry[]>();
  /** every listing given, for the names in it (lower case: a file system may ignore case) */
  private readonly given = new Map<string, DirEntry[] | Set<string>>();
  /** files this check read whole through readFileWithin (see keep) */
  private kept?: Map<string, WithinRead & { bytes: Uint8Array }>;
  readonly readFilePrefix?: (path: string, maxBytes: number) => Promise<Uint8Array>;
  readonly readFileWithin?: (path: string, maxBytes: number) => Promise<WithinRead>;

  constructor(
    private readonly base: FileSystem,
    listings: Iterable<readonly [string, DirEntry[]]>,
    /** whole contents of files read ahead (path → bytes) */
    private readonly contents?: ReadonlyMap<string, Uint8Array>,
    /** the stamps of those files, taken before they were read (for a cache: WithinRead.stamp) */
    private readonly stamps?: ReadonlyMap<string, string>,
  ) {
    for (const [dir, entries] of listings) {
      this.listings.set(dir, entries);
      this.given.set(dir, entries);
    }
    if (base.readFilePrefix) {
      this.readFilePrefix = (p, n) => {
        const hit = this.contents?.get(p);
        return hit ? Promise.resolve(hit.length > n ? hit.subarray(0, n) : hit) : this.absent(p) ? missing(p) : base.readFilePrefix!(p, n);
      };
    }
    if (base.readFileWithin) {
      this.readFileWithin = (p, n) => {
        const hit = this.contents?.get(p);
        if (hit && hit.length <= n) {
          const stamp = this.stamps?.get(p);
          return Promise.resolve(stamp === undefined ? { bytes: hit } : { bytes: hit, stamp });
        }
        const kept = this.kept?.get(p);
        if (kept && kept.bytes.length <= n) return Promise.resolve(kept);
        return this.absent(p) ? missing(p) : base.readFileWithin!(p, n).then((r) => this.keep(p, r));
      };
    }
  }

  /**
   * A file read whole, for a second read in the same check: the script rules read the
   * scripts a SKILL.md names, and the reference checks read the used ones again to see
   * what they name (3,800 files read twice in a check of the 10,000-skill bench corpus).
   */
  private keep(p: string, r: WithinRead): WithinRead {
    if ('bytes' in r) (this.kept ??= new Map()).set(p, r);
    return r;
  }

  /**
   * Whether a given listing shows the path missing: its folder's listing has no such
   * name in any letter case, or the listing of a folder above has no folder on the way
   * (`scripts/run.py` in a skill with no `scripts/`).
   */
  private absent(p: string): boolean {
    // `a/../b` is not below `a`: only a plain path is looked up by its folders.
    if (hasDotSegment(p)) return false;
    for (let child = p, dir = path.dirname(p); dir !== child; child = dir, dir = path.dirname(dir)) {
      let names = this.given.get(dir);
      if (!names) continue;
      const name = path.basename(child);
      // Most names asked are there as written: a short listing is scanned for that first,
      // before any name is folded (2 µs a call folded, over ~31,000 calls per 10,000 skills).
      if (Array.isArray(names) && names.length <= 32) {
        for (const e of names) if (e.name === name) return false;
      }
      if (Array.isArray(names)) this.given.set(dir, (names = new Set(names.map((e) => foldName(e.name)))));
      return !names.has(foldName(name));
    }
    return false;
  }

  overlaid(path: string): boolean {
    return !!this.base.overlaid?.(path);
  }

  knownAbsent(path: string): boolean {
    return this.absent(path);
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
    return hit ? Promise.resolve(hit) : this.absent(path) ? missing(path) : this.base.readFile(path);
  }

  stat(path: string): Promise<FileStat | undefined> {
    return this.absent(path) ? Promise.resolve(undefined) : this.base.stat(path);
  }

  realpath(path: string): Promise<string> {
    return this.base.realpath(path);
  }
}

/** Lower case, and composed: a file system may ignore either (macOS ignores both). */
function foldName(name: string): string {
  const lower = name.toLowerCase();
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFC');
}

function missing(p: string): Promise<never> {
  // No stack trace: nobody reads it (the callers catch ENOENT), and capturing one cost
  // 0.4 of the index worker's CPU-s on the 10,000-skill bench corpus.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return Promise.reject(new FileSystemError(`ENOENT: no such file or directory, open '${p}'`, 'ENOENT'));
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * The file system as the core sees it: injected by each host (Node for the CLI and
 * server, an in-memory one for tests), so the core never touches `fs` itself.
 */
export type EntryType = 'file' | 'directory' | 'symlink' | 'other';

export interface FileStat {
  /** type after following symlinks */
  type: 'file' | 'directory' | 'other';
  size: number;
  mtimeMs: number;
  /** POSIX permission bits (0 where the host has none) */
  mode: number;
}

export interface DirEntry {
  name: string;
  /** type of the entry itself (a symlink is reported as 'symlink') */
  type: EntryType;
}

/**
 * What `readFileWithin` gives: the bytes, or the size of a file too large (or not a
 * regular file). `stamp`, when the host gives one, identifies this version of the file
 * (size, times, inode) as the host saw it before reading: a cache may trust an
 * unchanged stamp instead of reading the file again (node/cacheRecords.ts).
 */
export type WithinRead = ({ bytes: Uint8Array } | { size: number; notFile?: boolean }) & { stamp?: string };

export interface FileSystem {
  readFile(path: string): Promise<Uint8Array>;
  /** Reads at most `maxBytes` from the start of the file. */
  readFilePrefix?(path: string, maxBytes: number): Promise<Uint8Array>;
  /**
   * Reads a regular file unless it is larger than `maxBytes` (then only its size
   * is returned): one open instead of a stat and a read on hot paths.
   */
  readFileWithin?(path: string, maxBytes: number): Promise<WithinRead>;
  /** undefined when the path does not exist */
  stat(path: string): Promise<FileStat | undefined>;
  readDirectory(path: string): Promise<DirEntry[]>;
  realpath(path: string): Promise<string>;
  /** True when listings this file system already holds show `path` missing: no disk access either way. */
  knownAbsent?(path: string): boolean;
  /** True when `path`'s contents and size come from elsewhere than the disk (an editor's unsaved buffer): the disk's stamp does not vouch for them. */
  overlaid?(path: string): boolean;
}

export class FileSystemError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

import * as fs from 'node:fs';
import type { DirEntry, FileStat, FileSystem, WithinRead } from '../core/workspace/fileSystem';
import { readWhole } from './readWhole';

function toStat(s: fs.Stats): FileStat {
  return { type: s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other', size: s.size, mtimeMs: s.mtimeMs, mode: s.mode & 0o7777 };
}

/**
 * A version of a file as its metadata tells it: size, modification and change times,
 * inode and device (a link retargeted to another disk may meet the same inode). Any write changes the change time (no program can set it back), so an equal
 * stamp means the same contents unless the file changed within the times' resolution
 * of when the stamp was taken (see stampTrusted in cacheRecords.ts).
 */
export function fileStamp(st: fs.Stats): string {
  return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.dev}`;
}

/** stampOf's answer for a path that does not exist (ENOENT). */
export const ABSENT_STAMP = '-';

/** The stamp of `path` now, ABSENT_STAMP when it does not exist, undefined when it cannot be stat-ed otherwise. */
export function stampOf(path: string): string | undefined {
  try {
    const st = fs.statSync(path, { throwIfNoEntry: false });
    return st ? fileStamp(st) : ABSENT_STAMP;
  } catch {
    return undefined;
  }
}

/** Reused by every read of a small file on this thread: its bytes are copied out. */
let scratch: Uint8Array<ArrayBuffer> | undefined;

/**
 * A regular file's bytes without an fstat (~3 µs a file here; the CLI reads ~37,000
 * on the 10,000-skill bench corpus). Undefined when only fstat can tell: nothing read
 * (an empty file, or a FIFO or device with nothing to give), more than `maxBytes`, or
 * a read that fails (EISDIR; EAGAIN, a FIFO).
 */
function readSmallFile(fd: number, maxBytes: number): Buffer | undefined {
  let whole;
  try {
    whole = readWhole(fd, (scratch ??= new Uint8Array(64 * 1024)), 0, maxBytes);
  } catch (e) {
    // A system error (EISDIR, EAGAIN…): fstat tells the caller what the path is.
    if ((e as NodeJS.ErrnoException).code) return undefined;
    throw e;
  }
  if (!whole || whole.end === 0) return undefined;
  if (whole.buffer !== scratch) return Buffer.from(whole.buffer.buffer, 0, whole.end);
  const out = Buffer.allocUnsafe(whole.end);
  out.set(scratch.subarray(0, whole.end));
  return out;
}

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}

function toEntries(entries: fs.Dirent[]): DirEntry[] {
  return entries.map((d) => ({
    name: d.name,
    type: d.isSymbolicLink() ? 'symlink' : d.isDirectory() ? 'directory' : d.isFile() ? 'file' : 'other',
  }));
}

/**
 * The core's FileSystem over Node's `fs`. `sync: true` suits a batch run (the CLI):
 * many small synchronous reads beat thousands of promise round trips on two cores.
 * The language server uses the asynchronous default so it stays responsive.
 */
export class NodeFileSystem implements FileSystem {
  /** `stamps`: readFileWithin gives each file's stamp (taken before its bytes are read), for `check --cache` */
  constructor(private readonly options: { sync?: boolean; stamps?: boolean } = {}) {}

  async readFile(path: string): Promise<Uint8Array> {
    return this.options.sync ? fs.readFileSync(path) : fs.promises.readFile(path);
  }

  async readFilePrefix(path: string, maxBytes: number): Promise<Uint8Array> {
    if (this.options.sync) {
      const fd = fs.openSync(path, 'r');
      try {
        const buf = Buffer.alloc(maxBytes);
        return buf.subarray(0, fs.readSync(fd, buf, 0, maxBytes, 0));
      } finally {
        fs.closeSync(fd);
      }
    }
    const fh = await fs.promises.open(path, 'r');
    try {
      const buf = Buffer.alloc(maxBytes);
      const { bytesRead } = await fh.read(buf, 0, maxBytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  async readFileWithin(path: string, maxBytes: number): Promise<WithinRead> {
    if (!this.options.sync) {
      const st = await fs.promises.stat(path);
      if (!st.isFile()) return this.stamped({ size: st.size, notFile: true }, st);
      if (st.size > maxBytes) return this.stamped({ size: st.size }, st);
      return this.stamped({ bytes: await fs.promises.readFile(path) }, st);
    }
    // O_NONBLOCK: opening a FIFO named SKILL.md must not hang the run.
    const fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    try {
      if (!this.options.stamps) {
        const bytes = readSmallFile(fd, maxBytes);
        if (bytes) return { bytes };
      }
      const st = fs.fstatSync(fd);
      if (!st.isFile()) return this.stamped({ size: st.size, notFile: true }, st);
      if (st.size > maxBytes) return this.stamped({ size: st.size }, st);
      const buf = Buffer.allocUnsafe(st.size);
      let n = 0;
      while (n < st.size) {
        const r = fs.readSync(fd, buf, n, st.size - n, n);
        if (r === 0) break;
        n += r;
      }
      return this.stamped({ bytes: buf.subarray(0, n) }, st);
    } finally {
      fs.closeSync(fd);
    }
  }

  /** `r` with the file's stamp (taken before its bytes were read) when asked for stamps. */
  private stamped(r: WithinRead, st: fs.Stats): WithinRead {
    if (this.options.stamps) r.stamp = fileStamp(st);
    return r;
  }

  async stat(path: string): Promise<FileStat | undefined> {
    try {
      if (this.options.sync) {
        // No exception for a missing path (ENOENT; ENOTDIR still throws): most stats
        // of a check ask for files that are not there, and an exception has a stack.
        const st = fs.statSync(path, { throwIfNoEntry: false });
        return st && toStat(st);
      }
      return toStat(await fs.promises.stat(path));
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw e;
    }
  }

  async readDirectory(path: string): Promise<DirEntry[]> {
    return toEntries(this.options.sync ? fs.readdirSync(path, { withFileTypes: true }) : await fs.promises.readdir(path, { withFileTypes: true }));
  }

  async realpath(path: string): Promise<string> {
    // The native realpath is one libc call; the JS one lstat()s every path component.
    return this.options.sync ? fs.realpathSync.native(path) : fs.promises.realpath(path);
  }
}

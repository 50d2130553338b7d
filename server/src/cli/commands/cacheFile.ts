// The container of `check --cache` (checkCache.ts): the skills' rendered parts, then
// the index, then a trailer that says where the index lies. A run that re-checked a
// few skills appends their parts and a new index where the old index began, instead
// of writing the whole file again (the report of a large repository: ~80 MB).
//
//   MAGIC | parts … | index (ASCII JSON: asciiJson) | "\n" trailer "\n"
//   trailer: `${TRAILER} ${indexAt} ${indexLength} ${checkedFrom} ${crc}`
//
// A warm run reads the head, the trailer and the index; the parts it reuses are
// copied from the file to the report in chunks (CacheParts), never read as a whole.
//
// Bytes before the old index are never written again in place, so a reader that reads
// while a writer appends gets the old parts as they were; what it read from the old
// index on may be torn, which the trailer's CRC over [checkedFrom, index end) tells.
// A whole write goes through a temporary file and a rename, as before.
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { contentHash, writeFileAtomic } from '../../node/cacheRecords';
import { fileStamp } from '../../node/nodeFileSystem';
import { RunError } from '../args';

const TRAILER = 'skillmd-index';
/** The trailer is one short line: the read of the file's end that finds it. */
const TAIL_BYTES = 256;
/**
 * Parts are copied through a buffer of this size, used again for the next chunk. On
 * this project's machines memory a process touches for the first time costs ~2.7 ms
 * a MB (the hypervisor backs each page on its first fault): reading an 85 MB cache
 * file into a buffer of its own took 0.31 s of a 1.2 s warm run.
 */
const CHUNK = 1 << 20;

/**
 * The parts of the file read, open for the run: read on demand, never as a whole.
 * Safe to read while another run appends (an append only writes from the old index
 * on) or replaces the file (through a rename: this descriptor keeps the old one).
 */
export class CacheParts {
  private chunk: Buffer | undefined;

  constructor(private fd: number | undefined, readonly end: number, private readonly file = '') {}

  /** Bytes [at, at + length) of the file in a buffer of their own. */
  read(at: number, length: number): Buffer {
    const out = Buffer.allocUnsafe(length);
    this.readInto(out, 0, length, at);
    return out;
  }

  /**
   * Hands bytes [at, at + length) to `write` in chunks; `write` returns true when it
   * keeps the chunk (a stream that queued it): the next chunk gets a buffer of its own.
   */
  copy(at: number, length: number, write: (chunk: Uint8Array) => boolean): void {
    for (let done = 0; done < length; ) {
      const n = Math.min(CHUNK, length - done);
      const buf = (this.chunk ??= Buffer.allocUnsafeSlow(CHUNK));
      this.readInto(buf, 0, n, at + done);
      if (write(buf.subarray(0, n))) this.chunk = undefined;
      done += n;
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.chunk = undefined;
  }

  private readInto(buf: Buffer, offset: number, length: number, at: number): void {
    if (this.fd === undefined || at + length > this.end) throw new Error('read past the parts of the cache file');
    // Only another program could cut it (skillmd's own runs append past the old index or
    // replace the file): part of the report is written, so the run stops and says so.
    if (!readExact(this.fd, buf, offset, length, at)) throw new RunError(`the cache file ${this.file} was cut short while this run read it, so the report above is incomplete; run the check again`);
  }
}

/** What a read of the file found. */
export interface CacheFileRead {
  /** the parts, read from the open file on demand */
  parts: CacheParts;
  /** the index's bytes (the caller decodes what it needs) */
  index: Buffer;
  /** where the parts end (and the index began): an append writes from here */
  partsEnd: number;
  /** the file's stamp when it was read: an append needs the same file */
  stamp: string;
}

type Crc32 = (data: Uint8Array, value?: number) => number;

/** Node's CRC-32 (20.15 and later), which goes on from an earlier value; else undefined. */
function crc32(): Crc32 | undefined {
  // Required here: node:zlib costs every run (a check without --cache too) ~2 ms to load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('node:zlib') as { crc32?: Crc32 }).crc32;
}

/** CRC-32 of `pieces` end to end where Node has it, else a digest: it only has to tell a torn write. */
function checksum(pieces: readonly Uint8Array[]): string {
  const crc = crc32();
  if (!crc) return contentHash(Buffer.concat(pieces));
  let value = 0;
  for (const p of pieces) value = crc(p, value);
  return value.toString(16);
}

function byteLength(pieces: readonly Uint8Array[]): number {
  let n = 0;
  for (const p of pieces) n += p.length;
  return n;
}

/** The checksum of [from, to) of the file followed by `then`, read in chunks. */
function checksumOfFile(fd: number, from: number, to: number, then: Uint8Array): string | undefined {
  const crc = crc32();
  if (!crc) {
    const all = Buffer.allocUnsafe(to - from + then.length);
    if (!readExact(fd, all, 0, to - from, from)) return undefined;
    all.set(then, to - from);
    return contentHash(all);
  }
  let value = 0;
  const buf = Buffer.allocUnsafe(Math.min(CHUNK, to - from));
  for (let at = from; at < to; ) {
    const n = Math.min(buf.length, to - at);
    if (!readExact(fd, buf, 0, n, at)) return undefined;
    value = crc(buf.subarray(0, n), value);
    at += n;
  }
  return crc(then, value).toString(16);
}

/** Reads exactly `length` bytes at `at`; false when the file ends first. */
function readExact(fd: number, buf: Uint8Array, offset: number, length: number, at: number): boolean {
  for (let done = 0; done < length; ) {
    const n = readSync(fd, buf, offset + done, length - done, at + done);
    if (n === 0) return false;
    done += n;
  }
  return true;
}

/** `checked`: the bytes from `checkedFrom` to the index's end, in pieces. */
function trailer(indexAt: number, indexLength: number, checkedFrom: number, checked: readonly Uint8Array[]): Buffer {
  return Buffer.from(`\n${TRAILER} ${indexAt} ${indexLength} ${checkedFrom} ${checksum(checked)}\n`, 'latin1');
}

/**
 * Reads the head, the trailer and the index, and checks them; undefined when the file
 * is missing, of another format, torn or damaged. The parts stay on disk (CacheParts):
 * the caller closes them.
 */
export function readCacheFile(file: string, magic: string): CacheFileRead | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  let read: CacheFileRead | undefined;
  try {
    read = readOpen(fd, file, magic);
  } finally {
    if (!read) closeSync(fd);
  }
  return read;
}

function readOpen(fd: number, file: string, magic: string): CacheFileRead | undefined {
  const st = fstatSync(fd);
  const head = Buffer.alloc(magic.length);
  if (st.size < magic.length + 2 || !readExact(fd, head, 0, magic.length, 0) || head.toString('latin1') !== magic) return undefined;
  const tailAt = Math.max(magic.length, st.size - TAIL_BYTES);
  const tail = Buffer.alloc(st.size - tailAt);
  if (!readExact(fd, tail, 0, tail.length, tailAt)) return undefined;
  const lineStart = tailAt + tail.lastIndexOf(10, tail.length - 2);
  if (tail[tail.length - 1] !== 10 || lineStart < tailAt) return undefined;
  const [name, ...nums] = tail.toString('latin1', lineStart + 1 - tailAt, tail.length - 1).split(' ');
  const crc = nums.pop();
  const [indexAt, indexLength, checkedFrom] = nums.map(Number);
  if (name !== TRAILER || nums.length !== 3 || !(magic.length <= checkedFrom && checkedFrom <= indexAt) || indexAt + indexLength !== lineStart) return undefined;
  const index = Buffer.allocUnsafe(indexLength);
  if (!readExact(fd, index, 0, indexLength, indexAt)) return undefined;
  if (checksumOfFile(fd, checkedFrom, indexAt, index) !== crc) return undefined;
  return { parts: new CacheParts(fd, indexAt, file), index, partsEnd: indexAt, stamp: fileStamp(st) };
}

/** Where each part of a whole write lies: `MAGIC` first, then the parts in order. */
export const FIRST_PART_AT = (magic: string) => Buffer.byteLength(magic, 'latin1');

/**
 * Writes the whole file (parts already laid out from FIRST_PART_AT); returns why it
 * could not. The index comes in pieces, written as they are: joining its megabytes
 * first cost a run with one changed skill ~13 ms, twice (append).
 */
export function writeCacheFile(file: string, magic: string, parts: readonly Uint8Array[], index: readonly Uint8Array[]): string | undefined {
  const at = FIRST_PART_AT(magic) + byteLength(parts);
  return writeFileAtomic(file, [Buffer.from(magic, 'latin1'), ...parts, ...index, trailer(at, byteLength(index), at, index)]);
}

/**
 * Appends `parts` (laid out from `from`) and a new index: by default in place of the old
 * index; from the old index's end, when the new one is a delta on it (cacheIndex.ts).
 * Returns 'changed' when the file is no longer the one read (another run wrote it): the
 * caller writes the whole file instead.
 */
export function appendCacheFile(file: string, read: CacheFileRead, parts: readonly Uint8Array[], index: readonly Uint8Array[], from = read.partsEnd): string | 'changed' | undefined {
  // Never into the parts read (entries name them), never past the index read.
  if (from < read.partsEnd || from > read.partsEnd + read.index.length) return `${file}: an append from byte ${from} would not follow the parts read`;
  let fd: number;
  try {
    fd = openSync(file, 'r+');
  } catch {
    return 'changed';
  }
  try {
    // The open file is checked, not the path: a rename after this changes nothing here.
    if (fileStamp(fstatSync(fd)) !== read.stamp) return 'changed';
    const appended = [...parts, ...index];
    const indexAt = from + byteLength(parts);
    const tail = [...appended, trailer(indexAt, byteLength(index), from, appended)];
    ftruncateSync(fd, from);
    let at = from;
    for (const piece of tail) {
      for (let off = 0; off < piece.length; ) off += writeSync(fd, piece, off, piece.length - off, at + off);
      at += piece.length;
    }
    return undefined;
  } catch (e) {
    return `${file}: ${(e as Error).message}`;
  } finally {
    closeSync(fd);
  }
}

// The container of `check --cache` (checkCache.ts): the skills' rendered parts, then
// the index, then a trailer that says where the index lies. A run that re-checked a
// few skills appends their parts and a new index where the old index began, instead
// of writing the whole file again (the report of a large repository: ~80 MB).
//
//   MAGIC | parts … | index (JSON) | "\n" trailer "\n"
//   trailer: `${TRAILER} ${indexAt} ${indexLength} ${checkedFrom} ${crc}`
//
// Bytes before the old index are never written again in place, so a reader that reads
// while a writer appends gets the old parts as they were; what it read from the old
// index on may be torn, which the trailer's CRC over [checkedFrom, index end) tells.
// A whole write goes through a temporary file and a rename, as before.
import { closeSync, fstatSync, ftruncateSync, openSync, readFileSync, writeSync, type Stats } from 'node:fs';
import { contentHash, writeFileAtomic } from '../../node/cacheRecords';
import { fileStamp } from '../../node/nodeFileSystem';

const TRAILER = 'skillmd-index';

/** What a read of the file found. */
export interface CacheFileRead {
  /** the whole file: parts are sliced from it without a copy */
  buf: Buffer;
  index: string;
  /** where the parts end (and the index began): an append writes from here */
  partsEnd: number;
  /** the file's stamp when it was read: an append needs the same file */
  stamp: string;
}

/** CRC-32 where Node has it (20.15 and later), else a digest: it only has to tell a torn write. */
function checksum(bytes: Uint8Array): string {
  // Required here: node:zlib costs every run (a check without --cache too) ~2 ms to load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zlib = require('node:zlib') as typeof import('node:zlib');
  const crc = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  return crc ? crc(bytes).toString(16) : contentHash(bytes);
}

function trailer(indexAt: number, indexLength: number, checkedFrom: number, bytes: Uint8Array): Buffer {
  return Buffer.from(`\n${TRAILER} ${indexAt} ${indexLength} ${checkedFrom} ${checksum(bytes)}\n`, 'latin1');
}

/** Reads and checks the file; undefined when it is missing, of another format, torn or damaged. */
export function readCacheFile(file: string, magic: string): CacheFileRead | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  let buf: Buffer, st: Stats;
  try {
    st = fstatSync(fd);
    buf = readFileSync(fd);
  } finally {
    closeSync(fd);
  }
  if (buf.length !== st.size || buf.toString('latin1', 0, magic.length) !== magic) return undefined;
  const lineStart = buf.lastIndexOf(10, buf.length - 2);
  if (buf[buf.length - 1] !== 10 || lineStart < magic.length) return undefined;
  const [name, ...nums] = buf.toString('latin1', lineStart + 1, buf.length - 1).split(' ');
  const crc = nums.pop();
  const [indexAt, indexLength, checkedFrom] = nums.map(Number);
  if (name !== TRAILER || nums.length !== 3 || !(magic.length <= checkedFrom && checkedFrom <= indexAt) || indexAt + indexLength !== lineStart) return undefined;
  if (checksum(buf.subarray(checkedFrom, lineStart)) !== crc) return undefined;
  return { buf, index: buf.toString('utf8', indexAt, indexAt + indexLength), partsEnd: indexAt, stamp: fileStamp(st) };
}

/** Where each part of a whole write lies: `MAGIC` first, then the parts in order. */
export const FIRST_PART_AT = (magic: string) => Buffer.byteLength(magic, 'latin1');

/** Writes the whole file (parts already laid out from FIRST_PART_AT); returns why it could not. */
export function writeCacheFile(file: string, magic: string, parts: readonly Uint8Array[], index: Buffer): string | undefined {
  let at = FIRST_PART_AT(magic);
  for (const p of parts) at += p.length;
  return writeFileAtomic(file, [Buffer.from(magic, 'latin1'), ...parts, index, trailer(at, index.length, at, index)]);
}

/**
 * Appends `parts` (laid out from `read.partsEnd`) and a new index in place of the old
 * one. Returns 'changed' when the file is no longer the one read (another run wrote
 * it): the caller writes the whole file instead.
 */
export function appendCacheFile(file: string, read: CacheFileRead, parts: readonly Uint8Array[], index: Buffer): string | 'changed' | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r+');
  } catch {
    return 'changed';
  }
  try {
    // The open file is checked, not the path: a rename after this changes nothing here.
    if (fileStamp(fstatSync(fd)) !== read.stamp) return 'changed';
    const appended = Buffer.concat([...parts, index]);
    const indexAt = read.partsEnd + appended.length - index.length;
    const tail = Buffer.concat([appended, trailer(indexAt, index.length, read.partsEnd, appended)]);
    ftruncateSync(fd, read.partsEnd);
    for (let off = 0; off < tail.length; ) off += writeSync(fd, tail, off, tail.length - off, read.partsEnd + off);
    return undefined;
  } catch (e) {
    return `${file}: ${(e as Error).message}`;
  } finally {
    closeSync(fd);
  }
}

import * as fs from 'node:fs';

/** Room a read asks for at least: a buffer with less left grows first. */
const MIN_ROOM = 16 * 1024;

/**
 * Reads an open file from its current position to its end into `buffer` from `start`,
 * growing it (a copy) when it fills. No fstat: that is one system call of four per
 * small file, each costly on this project's machines. Returns the buffer now holding
 * the bytes (`buffer` or its grown copy) and where they end; undefined when the file
 * has more than `maxBytes`. Throws what the read throws (EISDIR; EAGAIN for a FIFO).
 */
export function readWhole(fd: number, buffer: Uint8Array<ArrayBuffer>, start: number, maxBytes: number): { buffer: Uint8Array<ArrayBuffer>; end: number } | undefined {
  let used = start;
  for (;;) {
    if (buffer.length - used < MIN_ROOM) {
      const grown = new Uint8Array(Math.max(buffer.length * 2, used + MIN_ROOM));
      grown.set(buffer.subarray(0, used));
      buffer = grown;
    }
    const want = Math.min(buffer.length - used, start + maxBytes + 1 - used);
    const n = fs.readSync(fd, buffer, used, want, null);
    used += n;
    if (used - start > maxBytes) return undefined;
    // A regular file read short has reached its end (local and network file systems
    // fill a read up to the end of file): no second read just to be told so. That
    // read was an eighth of the server's read-ahead system calls.
    if (n < want) return { buffer, end: used };
  }
}

/** Bytes of the buffer parts are encoded into: a few batches' worth. */
const SIZE = 1 << 20;

/**
 * Writes report parts (text) as UTF-8 through one buffer used again for every write:
 * on these machines memory touched for the first time costs ~2.7 ms a MB, and the
 * report of the 10,000-skill bench corpus is 87 MB (renderBatch). `kept` tells whether
 * the last write kept its chunk (a stream that queued it): the next gets a new buffer.
 */
export function textsWriter(write: (bytes: Uint8Array) => void, kept: () => boolean, size = SIZE): (texts: readonly string[], sep: string) => void {
  let buf: Buffer | undefined;
  let used = 0;
  const drain = () => {
    if (!used) return;
    write(buf!.subarray(0, used));
    if (kept()) buf = undefined;
    used = 0;
  };
  const put = (s: string) => {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    if (s.length * 3 > size - used) {
      drain();
      if (s.length * 3 > size) return write(Buffer.from(s, 'utf8'));
    }
    buf ??= Buffer.allocUnsafeSlow(size);
    used += buf.write(s, used, 'utf8');
  };
  return (texts, sep) => {
    for (let i = 0; i < texts.length; i++) {
      if (i && sep) put(sep);
      put(texts[i]);
    }
    drain();
  };
}

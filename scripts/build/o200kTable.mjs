// Builds server/out/o200k_base.bin, the o200k_base ranks as a hash table the
// tokenizer (server/src/core/text/bpe.ts) reads without parsing anything: a process
// maps ~4 MB instead of building a 200,000-entry Map (~200 ms per process or worker).
//
// Layout (little-endian, every section 4-byte aligned):
//   u32 MAGIC, u32 tokens N, u32 log2 of the table size, u32 bytes in the blob
//   u32 offsets[N + 1]   token r is blob[offsets[r] .. offsets[r + 1])
//   i32 table[2^bits]    rank or -1, open addressing (linear probing) by FNV-1a of the bytes
//   u8  blob[...]
// The format and the hash must match bpe.ts; test/unit/text/bpe.test.ts compares
// counts with gpt-tokenizer's.
export const MAGIC = 0x6b32306f; // 'o02k'

export function fnv1a(bytes, start, end) {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

/** ranks: gpt-tokenizer's o200k_base array (index = rank; a string, or the bytes of a token that is not UTF-8). */
export function buildTable(ranks) {
  const enc = new TextEncoder();
  const tokens = ranks.map((v) => (typeof v === 'string' ? enc.encode(v) : Uint8Array.from(v)));
  const n = tokens.length;
  const blobLength = tokens.reduce((s, t) => s + t.length, 0);
  let bits = 1;
  while (1 << bits < n * 2) bits++;
  const size = 1 << bits;
  const mask = size - 1;
  const headerBytes = 16;
  const offsetsBytes = (n + 1) * 4;
  const tableBytes = size * 4;
  const out = new Uint8Array(headerBytes + offsetsBytes + tableBytes + blobLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, n, true);
  view.setUint32(8, bits, true);
  view.setUint32(12, blobLength, true);
  const blobAt = headerBytes + offsetsBytes + tableBytes;
  let at = 0;
  for (let r = 0; r < n; r++) {
    view.setUint32(headerBytes + r * 4, at, true);
    out.set(tokens[r], blobAt + at);
    at += tokens[r].length;
  }
  view.setUint32(headerBytes + n * 4, at, true);
  const tableAt = headerBytes + offsetsBytes;
  for (let i = 0; i < size; i++) view.setInt32(tableAt + i * 4, -1, true);
  // gpt-tokenizer keeps tokens that are not text as bytes and looks byte ranges that
  // are valid UTF-8 up as text: the nine ranks stored as bytes that are valid UTF-8
  // (a byte order mark and what follows) are never found there, so not here either.
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const reachable = (r) => {
    if (typeof ranks[r] === 'string') return true;
    try {
      strict.decode(tokens[r]);
      return false;
    } catch {
      return true;
    }
  };
  for (let r = 0; r < n; r++) {
    if (!reachable(r)) continue;
    let i = fnv1a(tokens[r], 0, tokens[r].length) & mask;
    while (view.getInt32(tableAt + i * 4, true) !== -1) i = (i + 1) & mask;
    view.setInt32(tableAt + i * 4, r, true);
  }
  return out;
}

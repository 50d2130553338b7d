// Digests for the caches of check results (`check --cache`, the server's index cache).

/**
 * 128 bits of SHA-1, in base64: it tells changed contents apart (no one forges a
 * collision to make a linter reuse a result) at about half of SHA-256's cost, which a
 * warm run pays for every file it compares.
 */
export function contentHash(bytes: Uint8Array | string): string {
  // Required here: node:crypto costs a check without a cache ~10 ms to load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha1').update(bytes).digest('base64').slice(0, 22);
}

/** A question a host answers itself: whether `dir` holds a `name` folder (see core/profiles/targets). */
export function probeQuestion(dir: string, name: string): string {
  return `probe\0${dir}\0${name}`;
}

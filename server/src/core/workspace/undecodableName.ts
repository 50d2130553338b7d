/**
 * Node reads a file name that is not valid UTF-8 with U+FFFD in place of the bad
 * bytes, and then cannot open the path it made: it reports ENOENT for a folder that
 * exists. The message says what is really wrong.
 */
export function undecodableName(p: string): string | undefined {
  return p.includes('\ufffd') ? 'its name is not valid UTF-8, which skillmd cannot open (Node reads the bad bytes as U+FFFD); rename it' : undefined;
}

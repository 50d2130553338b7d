/**
 * A copy of `s` that does not keep a larger string alive. Values read from a document
 * are slices of its text, and V8 keeps the whole text for as long as a slice lives:
 * a name kept per skill would hold every SKILL.md of a workspace in memory.
 */
export function detach(s: string): string {
  // Concatenating and slicing again makes V8 copy the characters into a new string
  // (the slice then points into that copy only, one character longer than `s`).
  return (' ' + s).slice(1);
}

/**
 * Each distinct string once, referred to by its number: the index workers' batches
 * (lsp/indexWire.ts) and both cache files (their questions, the diagnostics' strings).
 */
export class StringTable {
  readonly strings: string[] = [];
  private readonly at = new Map<string, number>();

  /** A table that begins with `strings` (numbered as they are there; each once). */
  static of(strings: readonly string[]): StringTable {
    const t = new StringTable();
    for (const s of strings) t.ref(s);
    return t;
  }

  ref(s: string): number {
    let i = this.at.get(s);
    if (i === undefined) this.at.set(s, (i = this.strings.push(s) - 1));
    return i;
  }
}

// Non-overlapping text edits, kept sorted, so "fix all" over tens of thousands of
// diagnostics checks each new edit against its neighbours (a binary search) instead
// of against every edit taken so far.
import type { TextEdit } from 'vscode-languageserver/node';

type Position = TextEdit['range']['start'];
/** A position as one number; lines and characters both stay far below 2^26. */
const at = (p: Position) => p.line * 2 ** 26 + p.character;

export class EditSet {
  /** accepted edits sorted by (start, end); each ends at or before the next one starts */
  private readonly sorted: { start: number; end: number; edit: TextEdit }[] = [];

  /**
   * Takes all of `edits` when none overlaps an edit taken before (touching ranges and
   * two inserts at one point do not overlap), else none of them. Returns whether it did.
   */
  addAll(edits: readonly TextEdit[]): boolean {
    const spans = edits.map((edit) => ({ start: at(edit.range.start), end: at(edit.range.end), edit }));
    if (spans.some((s) => this.overlaps(s.start, s.end))) return false;
    for (const s of spans) this.sorted.splice(this.insertionIndex(s.start, s.end), 0, s);
    return true;
  }

  edits(): TextEdit[] {
    return this.sorted.map((s) => s.edit);
  }

  get size(): number {
    return this.sorted.length;
  }

  private overlaps(start: number, end: number): boolean {
    // Sorted and disjoint, each accepted edit ends at or before the next one starts:
    // only the two neighbours of the insertion point can overlap.
    const i = this.insertionIndex(start, end);
    const hit = (k: number) => {
      const m = this.sorted[k];
      return !!m && m.end > start && end > m.start;
    };
    return hit(i - 1) || hit(i);
  }

  /** index of the first edit sorting after (start, end) */
  private insertionIndex(start: number, end: number): number {
    const list = this.sorted;
    const after = (m: { start: number; end: number }) => m.start > start || (m.start === start && m.end > end);
    // Diagnostics come in document order: most edits go at the end.
    if (!list.length || !after(list[list.length - 1])) return list.length;
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (after(list[mid])) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

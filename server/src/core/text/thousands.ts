/**
 * `12,345`: what `n.toLocaleString('en-US')` writes for a whole number, without it.
 * The first `toLocaleString` of a process loads ICU's number formatting (~40 ms),
 * which a rule title computed at start-up made every `skillmd check` pay.
 */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

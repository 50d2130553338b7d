// Formatting helpers shared by bench sections.

export function fmtSeconds(ms) {
  return ms === undefined ? 'n/a' : ms < 1000 ? `${(ms / 1000).toFixed(3)} s` : `${(ms / 1000).toFixed(2)} s`;
}
export function fmtMiB(kib) {
  return kib === undefined ? 'n/a' : `${(kib / 1024).toFixed(0)} MiB`;
}
export function fmtInt(n) {
  return n === undefined ? '?' : n.toLocaleString('en-US');
}
export function fmtRatio(x) {
  return x === undefined || !Number.isFinite(x) ? 'n/a' : `${x.toFixed(2)}×`;
}

/** Plain-text table; first row is the header. Right-aligns cells that look numeric. */
export function table(rows) {
  const widths = [];
  for (const r of rows) r.forEach((c, i) => { widths[i] = Math.max(widths[i] ?? 0, String(c).length); });
  const numeric = (s) => /^[\d.,]+( ?[a-zA-Z×%/]+)?$/.test(s);
  const line = (r, isHeader) => r.map((c, i) => {
    const s = String(c);
    return !isHeader && numeric(s) ? s.padStart(widths[i]) : s.padEnd(widths[i]);
  }).join('  ').trimEnd();
  const out = [line(rows[0], true), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const r of rows.slice(1)) out.push(line(r, false));
  return out.join('\n');
}

/**
 * A target check. `value` undefined => MISS with `why` (no data is not a pass).
 * Returns {label, value, goal, pass, why}.
 */
export function target(label, value, goal, pass, why) {
  return { label, value, goal, pass: value === undefined ? false : pass, why: value === undefined ? why : undefined };
}

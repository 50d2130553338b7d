// The one rule for fenced code blocks (CommonMark 4.5), shared by every Markdown scanner
// (references, anchors, folding, document symbols), so that they agree on where code is:
// "```js``` is inline" on a line of its own opens no fence for any of them.

export interface FenceOpen {
  /** '`' or '~' */
  char: string;
  /** length of the opening run */
  len: number;
  /** the info string's first word (the language), as written */
  info: string;
  /** offset of the run in the line */
  at: number;
}

const OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`{]*)/;
const CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** Whether a fence can start the line at all: `` ` `` or `~` after at most three spaces (most lines are not, and need no regex). */
function mayBeFence(line: string): boolean {
  let k = 0;
  while (k < 3 && line.charCodeAt(k) === 32) k++;
  const c = line.charCodeAt(k);
  return c === 96 || c === 126;
}

/** The fence a line opens, if any: a backtick fence's info string holds no backtick. */
export function fenceOpen(line: string): FenceOpen | undefined {
  if (!mayBeFence(line)) return undefined;
  const m = OPEN.exec(line);
  if (!m) return undefined;
  if (m[1][0] === '`' && line.indexOf('`', m.index + m[0].length) !== -1) return undefined;
  return { char: m[1][0], len: m[1].length, info: m[2], at: m[0].indexOf(m[1]) };
}

/** Whether `line` closes `open`: the same character, at least as many, nothing after. */
export function fenceCloses(line: string, open: { char: string; len: number }): boolean {
  if (!mayBeFence(line)) return false;
  const m = CLOSE.exec(line);
  return !!m && m[1][0] === open.char && m[1].length >= open.len;
}

// Extractor: a shell command line split into words (inline code, fenced shell blocks):
// command starts, redirections, output flags, interpreters, `cd`.
import { isInterpreter, isOutputFlag } from '../certainty';
import { codeToken } from './codePaths';
import { type Builder, isQuote, startsWithVariable } from './model';

export const COMMAND_PREFIXES = new Set(['sudo', 'exec', 'time', 'nohup', 'env', 'command', 'xargs', 'watch']);

/** `word.replace(/^["']|["']$/g, '')` without a regex when there are no quotes at the ends. */
export function unquoteEnds(word: string): string {
  const qa = isQuote(word.charCodeAt(0));
  const qz = isQuote(word.charCodeAt(word.length - 1));
  if (!qa && !qz) return word;
  return word.replace(/^["']|["']$/g, '');
}

/** `console` blocks: only prompt lines are commands. (A line break stops every part.) */
export const CONSOLE_PROMPT = /[ \t]*(?:\(\S+\)[ \t]*)?(?:[\w.@~:/-]*[$#%>])[ \t]+/y;

/** `$ cmd` in a shell block, within a line's first 16 characters (the loop skips further blanks). */
export const SHELL_PROMPT = /[ \t]*\$[ \t]/y;

export const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** A command line's scan state: what the next word is to the command. */
interface ShellLine {
  b: Builder;
  kind: 'code' | 'shell';
  text: string;
  commandStart: boolean;
  /**
   * The next word is written, not read (`> out.txt`, `-o out.png`), or every word is
   * (`mkdir -p x`): a file the command creates need not exist yet, so such paths are tentative.
   */
  writesNext: boolean;
  creating: boolean;
  /** the word after `](`: a Markdown link shown in code (a template, an example), a file only if it exists */
  linkDestination: boolean;
  /** after an interpreter (`python`, `uv run`): its first argument that is no flag is the script it runs */
  interpreting: boolean;
}

/** Splits a shell command line into words, marking words at a command start. */
export function shellWords(b: Builder, kind: 'code' | 'shell', from: number, to: number, console: boolean): void {
  const text = b.doc.text;
  if (!mayMatter(text, from, to, kind === 'shell' && !b.cwdChanged)) return;
  let i = promptEnd(text, kind, from, to, console);
  if (i === -1) return;
  // One scan object per document, reset per line (as scanLine's).
  const s = (b.shellLine ??= { b, kind, text, commandStart: true, writesNext: false, creating: false, linkDestination: false, interpreting: false }) as ShellLine;
  s.kind = kind;
  s.commandStart = true;
  s.writesNext = s.creating = s.linkDestination = s.interpreting = false;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) i++;
    else if (c === 35 /* # */ && kind === 'shell') return; // comment
    else if (c === 59 /* ; */ || c === 124 /* | */ || c === 38 /* & */ || c === 40 /* ( */ || c === 41 /* ) */ || c === 96 /* ` */) {
      // `(cmd)` starts a command; `](` in a Markdown link inside code does not.
      s.commandStart = c === 40 ? i === from || /[\s$(;|&]/.test(text[i - 1]) : c !== 41;
      s.linkDestination = c === 40 && text.charCodeAt(i - 1) === 93; /* ] */
      s.creating = false;
      i++;
    } else if (c === 60 /* < */ || c === 62 /* > */) {
      // Redirections: the next word is a file, not a command.
      i++;
      if (text.charCodeAt(i) === 62 /* > */ || text.charCodeAt(i) === 38 /* & */) i++;
      s.writesNext = c === 62 && text.charCodeAt(i - 1) !== 38;
      s.commandStart = false;
    } else {
      const j = wordEnd(text, i, to);
      if (j === i) i++;
      else i = word(s, i, j);
    }
  }
}

/** Whether a word of `from`–`to` holds a character a path needs: `/` or `.` (an agent variable or an installed location has a `/`). */
export function hasPathChar(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 47 /* / */ || c === 46 /* . */) return true;
  }
  return false;
}

/**
 * Whether splitting the line into words can find a path or change what later lines
 * mean: it has a `/` or a `.` (hasPathChar), or, in a shell block whose folder has not
 * changed yet, a `cd` or a `pushd` (the only state a line leaves to the next ones).
 * Most lines of most blocks (`npm install`, `git status`) have neither.
 */
function mayMatter(text: string, from: number, to: number, cd: boolean): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 47 /* / */ || c === 46 /* . */) return true;
    // `cd` and `pushd`, quoted or not, hold `cd` or `hd`.
    if (cd && c === 100 /* d */ && k > from && (text.charCodeAt(k - 1) === 99 /* c */ || text.charCodeAt(k - 1) === 104) /* h */) return true;
  }
  return false;
}

/** Where the command starts: after a prompt (`$ `; in `console` blocks only prompt lines are commands, -1 for others). */
function promptEnd(text: string, kind: 'code' | 'shell', from: number, to: number, console: boolean): number {
  if (console) {
    CONSOLE_PROMPT.lastIndex = from;
    return CONSOLE_PROMPT.test(text) ? CONSOLE_PROMPT.lastIndex : -1;
  }
  if (kind !== 'shell') return from;
  // Most lines start with no `$`: no regex for them.
  let k = from;
  while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9) k++;
  if (text.charCodeAt(k) !== 36 /* $ */) return from;
  SHELL_PROMPT.lastIndex = from;
  return SHELL_PROMPT.test(text) && SHELL_PROMPT.lastIndex <= Math.min(to, from + 16) ? SHELL_PROMPT.lastIndex : from;
}

/** One word at `i`–`j`: its path, if any, as read, written or run; returns `j`. */
function word(s: ShellLine, i: number, j: number): number {
  const { b, kind, text } = s;
  // Only words at a command start need their text: `cd`, `sudo`, `X=1`; and flags (`-o`).
  const flag = text.charCodeAt(i) === 45; /* - */
  const bare: string = s.commandStart || (s.interpreting && !flag) || (flag && mayBeOutputFlag(text, i)) ? unquoteEnds(text.slice(i, j)) : '';
  const output = flag && isOutputFlag(bare);
  const role = s.commandStart ? commandRole(bare) : 0;
  // After `cd elsewhere` relative paths name files there, not in the skill.
  if (role & CHANGES_FOLDER && kind === 'shell') b.cwdChanged = true;
  if (role & CREATES) s.creating = true;
  // `--output=out/x.png` is written; `-o out/x.png` writes the next word.
  const written = s.writesNext || (s.creating && !s.commandStart) || s.linkDestination || (output && bare.includes('='));
  s.writesNext = output && !bare.includes('=');
  s.linkDestination = false;
  const before = b.out.length;
  if (hasPathChar(text, i, j) && (!b.cwdChanged || startsWithVariable(b, isQuote(text.charCodeAt(i)) ? i + 1 : i, j))) codeToken(b, kind, i, j, s.commandStart);
  if (s.interpreting && !flag) {
    for (let k = before; k < b.out.length; k++) b.out[k].interpreted = true;
    s.interpreting = isInterpreter(bare) || bare === 'run';
  } else if (s.commandStart && isInterpreter(bare)) s.interpreting = true;
  if (written) keepWritten(b, before);
  s.commandStart = s.commandStart && ((role & PREFIX) !== 0 || (bare.indexOf('=') > 0 && ASSIGNMENT.test(bare)));
  return j;
}

/** `-o…`, `--o…`, `--d…`, `--s…`: what every output flag (isOutputFlag) starts with; most flags do not. */
function mayBeOutputFlag(text: string, i: number): boolean {
  const c = text.charCodeAt(i + 1);
  if (c === 111 /* o */) return true;
  const d = text.charCodeAt(i + 2);
  return c === 45 /* - */ && (d === 111 /* o */ || d === 100 /* d */ || d === 115) /* s */;
}

/**
 * Paths a command writes, from `before` on: kept when the file exists (a link, a rename
 * follows it), dropped when it does not yet. An output outside the skill
 * (`> ../out/report.md`) is no file the skill needs.
 */
function keepWritten(b: Builder, before: number): void {
  let keep = before;
  for (let k = before; k < b.out.length; k++) {
    if (b.out[k].path.startsWith('../')) continue;
    b.out[k].tentative = true;
    b.out[keep++] = b.out[k];
  }
  b.out.length = keep;
}

/** Commands whose arguments are files or folders they create (or write). */
export const CREATING_COMMANDS = new Set(['mkdir', 'touch', 'tee']);

const CHANGES_FOLDER = 1;
const CREATES = 2;
const PREFIX = 4;

/** What the words above do at a command's start, in one look-up (a word at a command start needed three). */
const COMMAND_ROLES = new Map<string, number>([
  ['cd', CHANGES_FOLDER],
  ['pushd', CHANGES_FOLDER],
  ...[...CREATING_COMMANDS].map((w): [string, number] => [w, CREATES]),
  ...[...COMMAND_PREFIXES].map((w): [string, number] => [w, PREFIX]),
]);

/** CHANGES_FOLDER, CREATES or PREFIX for the word at a command's start; 0: none of them. */
function commandRole(word: string): number {
  return COMMAND_ROLES.get(word) ?? 0;
}

/**
 * End of the shell word at `i`: quotes keep spaces and operators inside it. (Character
 * tests written out: a call per character into model.ts costs an export getter each
 * under tsx, which the tests run.)
 */
export function wordEnd(text: string, i: number, to: number): number {
  let j = i;
  let quote = 0;
  while (j < to) {
    const d = text.charCodeAt(j);
    if (quote) {
      if (d === quote) quote = 0;
    } else if (d === 34 /* " */ || d === 39 /* ' */) {
      quote = d;
    } else if (d === 32 || d === 9 || d === 59 /* ; */ || d === 124 /* | */ || d === 38 /* & */ || d === 60 /* < */ || d === 62 /* > */) break;
    else if (d === 40 /* ( */ || d === 41 /* ) */) {
      // `$(…)` and `{{…}}` keep their brackets inside the word.
      if (!(d === 40 && text.charCodeAt(j - 1) === 36 /* $ */)) break;
    }
    j++;
  }
  return j;
}

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

/** Splits a shell command line into words, marking words at a command start. */
export function shellWords(b: Builder, kind: 'code' | 'shell', from: number, to: number, console: boolean): void {
  const text = b.doc.text;
  let i = from;
  if (console) {
    CONSOLE_PROMPT.lastIndex = from;
    if (!CONSOLE_PROMPT.test(text)) return;
    i = CONSOLE_PROMPT.lastIndex;
  } else if (kind === 'shell') {
    SHELL_PROMPT.lastIndex = from;
    if (SHELL_PROMPT.test(text) && SHELL_PROMPT.lastIndex <= Math.min(to, from + 16)) i = SHELL_PROMPT.lastIndex;
  }
  let commandStart = true;
  // The next word is written, not read (`> out.txt`), or every word is (`mkdir -p x`):
  // a file the command creates need not exist yet, so such paths are tentative.
  let writesNext = false;
  let creating = false;
  // The word after `](`: a Markdown link shown in code (a template, an example), which
  // names a file only if it exists.
  let linkDestination = false;
  // After an interpreter (`python`, `uv run`): its first argument that is no flag is the script it runs.
  let interpreting = false;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      i++;
      continue;
    }
    if (c === 35 /* # */ && kind === 'shell') return; // comment
    if (c === 59 /* ; */ || c === 124 /* | */ || c === 38 /* & */ || c === 40 /* ( */ || c === 41 /* ) */ || c === 96 /* ` */) {
      // `(cmd)` starts a command; `](` in a Markdown link inside code does not.
      commandStart = c === 40 ? i === from || /[\s$(;|&]/.test(text[i - 1]) : c !== 41;
      linkDestination = c === 40 && text.charCodeAt(i - 1) === 93; /* ] */
      creating = false;
      i++;
      continue;
    }
    if (c === 60 /* < */ || c === 62 /* > */) {
      // Redirections: the next word is a file, not a command.
      i++;
      if (text.charCodeAt(i) === 62 /* > */ || text.charCodeAt(i) === 38 /* & */) i++;
      writesNext = c === 62 && text.charCodeAt(i - 1) !== 38;
      commandStart = false;
      continue;
    }
    const j = wordEnd(text, i, to);
    if (j === i) {
      i++;
      continue;
    }
    // Only words at a command start need their text: `cd`, `sudo`, `X=1`; and flags (`-o`).
    const flag = text.charCodeAt(i) === 45; /* - */
    const bare: string = commandStart || interpreting || flag ? unquoteEnds(text.slice(i, j)) : '';
    const output = flag && isOutputFlag(bare);
    if (commandStart && (bare === 'cd' || bare === 'pushd') && kind === 'shell') {
      // After `cd elsewhere` relative paths name files there, not in the skill.
      b.cwdChanged = true;
    }
    if (commandStart && CREATING_COMMANDS.has(bare)) creating = true;
    // `--output=out/x.png` is written; `-o out/x.png` writes the next word.
    const written = writesNext || (creating && !commandStart) || linkDestination || (output && bare.includes('='));
    writesNext = output && !bare.includes('=');
    linkDestination = false;
    const before = b.out.length;
    if (!b.cwdChanged || startsWithVariable(b, isQuote(c) ? i + 1 : i, j)) codeToken(b, kind, i, j, commandStart);
    if (interpreting && !flag) {
      for (let k = before; k < b.out.length; k++) b.out[k].interpreted = true;
      interpreting = isInterpreter(bare) || bare === 'run';
    } else if (commandStart && isInterpreter(bare)) interpreting = true;
    // Kept when the file exists (a link, a rename follows it), dropped when it does not yet.
    // An output outside the skill (`> ../out/report.md`) is no file the skill needs.
    if (written) {
      let keep = before;
      for (let k = before; k < b.out.length; k++) {
        if (b.out[k].path.startsWith('../')) continue;
        b.out[k].tentative = true;
        b.out[keep++] = b.out[k];
      }
      b.out.length = keep;
    }
    commandStart = commandStart && (COMMAND_PREFIXES.has(bare) || (bare.indexOf('=') > 0 && ASSIGNMENT.test(bare)));
    i = j;
  }
}

/** Commands whose arguments are files or folders they create (or write). */
export const CREATING_COMMANDS = new Set(['mkdir', 'touch', 'tee']);

/** End of the shell word at `i`: quotes keep spaces and operators inside it. */
export function wordEnd(text: string, i: number, to: number): number {
  let j = i;
  let quote = 0;
  while (j < to) {
    const d = text.charCodeAt(j);
    if (quote) {
      if (d === quote) quote = 0;
    } else if (isQuote(d)) {
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

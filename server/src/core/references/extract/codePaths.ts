// Extractor: one word of code (inline code or a shell block) that may name a file of the
// skill: an agent variable, a known folder prefix, or tentatively anything file-like.
import { projectSkillPrefix } from '../installedPath';
import { type Builder, KNOWN, KNOWN_FOLDERS, indexIn, isAsciiLetter, isClosing, isDigit, isQuote, push, skillPrefixLength, startsWithVariable } from './model';

/**
 * A word in code that may name a file of the skill: an agent path variable, a known
 * folder prefix (`scripts/x.py`, `./references/`), or — tentatively — anything with a
 * folder or an extension.
 */
export function codeToken(b: Builder, kind: 'code' | 'shell', start: number, end: number, commandStart: boolean): void {
  const text = b.doc.text;
  // Quotes and `--flag=` around the path.
  while (start < end && (isQuote(text.charCodeAt(start)) || text.charCodeAt(start) === 40 /* ( */)) start++;
  while (end > start && isClosing(text.charCodeAt(end - 1))) end--;
  const eq = indexIn(text, 61 /* = */, start, end);
  if (eq > start && !startsWithVariable(b, start, end) && indexIn(text, 47 /* / */, start, eq) === -1) {
    start = eq + 1;
    while (start < end && isQuote(text.charCodeAt(start))) start++;
    commandStart = false;
  }
  if (start === end) return;
  // Only an agent variable or an installed location starts with `{`, `$` or `~`.
  const c0 = text.charCodeAt(start);
  if (c0 === 123 /* { */ || c0 === 36 /* $ */ || c0 === 126 /* ~ */) variableToken(b, kind, start, end, commandStart);
  else pathToken(b, kind, start, end, commandStart);
}

/** `{{.BaseDirectory}}/x`, `${CLAUDE_SKILL_DIR}/x`, `~/.claude/skills/<skill>/x`: a file of the skill, unless a pattern. */
export function variableToken(b: Builder, kind: 'code' | 'shell', start: number, end: number, commandStart: boolean): void {
  const word = b.doc.text.slice(start, end);
  const prefix = skillPrefixLength(b, word);
  if (!prefix) return;
  const rest = word.slice(prefix);
  if (!rest || /[*?$`{}<>|]/.test(rest)) return;
  push(b, kind, start, end, word, { decode: false, base: 'skill', executed: commandStart && runnable(word) });
}

/** A relative path in code: a file of the skill under a known folder, else tentative. */
export function pathToken(b: Builder, kind: 'code' | 'shell' | 'prose', start: number, end: number, commandStart: boolean): void {
  const text = b.doc.text;
  // (Wildcards, `://`, a leading `-`, `/`, `~` or `@` all fail the path-word test.)
  const slash = pathWordSlash(text, start, end);
  if (slash === NOT_A_PATH_WORD) return;
  // A reference needs a `/` or a `.` (a folder, `./`, an extension).
  if (slash === -1 && indexIn(text, 46 /* . */, start, end) === -1) return;
  const dot = end - start > 1 && text.charCodeAt(start) === 46 /* . */;
  if (dot && text.charCodeAt(start + 1) === 46 /* . */) {
    // `../other-skill/references/x.md`: a file next to the skill, which is not installed
    // with it. A reference only if that file exists (the check then says it escapes).
    if (kind !== 'prose' && text.charCodeAt(start + 2) === 47 /* / */ && slash !== -1 && end - start > 3) push(b, kind, start, end, text.slice(start, end), { decode: false, base: 'skill', tentative: true });
    return;
  }
  const dotSlash = dot && text.charCodeAt(start + 1) === 47 /* / */;
  // `.github/skills/<this skill>/scripts/x.ps1`: written from the project's root, a file of the skill.
  if (dot && slash !== -1 && (kind === 'code' || kind === 'shell')) {
    const own = projectPrefixLength(b, start, end);
    if (own) {
      const rest = text.slice(start + own, end);
      if (!rest || /[*?$`{}<>|]/.test(rest)) return;
      // The rest counts as a path written from the skill folder would (`scripts/x.sh`:
      // the skill's; `out.json`: only if it exists, an output may be meant).
      const restSlash = indexIn(text, 47 /* / */, start + own, end);
      const known = restSlash !== -1 && isKnownFolder(text, start + own, restSlash);
      push(b, kind, start, end, text.slice(start, end), { decode: false, base: 'skill', prefix: own, tentative: !known, executed: commandStart && known && runnable(rest) });
      return;
    }
  }
  const folderStart = dotSlash ? start + 2 : start;
  const folderEnd = dotSlash ? indexIn(text, 47 /* / */, folderStart, end) : slash;
  const known = folderEnd !== -1 && isKnownFolder(text, folderStart, folderEnd);
  if (!known) {
    // `./x` is a path; otherwise it needs a folder or an extension to look like a file.
    if (!dotSlash && folderEnd === -1 && !hasExtension(text, start, end)) return;
    if (isNumberLike(text, start, end)) return; // versions, numbers
  }
  const executed = commandStart && (known || dotSlash) && runnable(text.slice(start, end));
  // `assets/` alone names the kind of folder (`store them in `assets/``), not this skill's.
  const folderOnly = known && folderEnd === end - 1;
  const n = b.out.length;
  push(b, kind, start, end, text.slice(start, end), { decode: false, base: 'skill', tentative: !known || folderOnly, executed });
  // `resources/list`, `scripts/azd`, `examples/policies/`: a folder or a name without an
  // extension, often a protocol method or another tool's folder (certainty.ts).
  if (known && kind !== 'prose' && b.out.length > n && !hasExtension(text, start, end)) b.out[n].mention = true;
}

/** Length of `[./]<the skill folder from the project's root>/` at `start`; 0: none. */
export function projectPrefixLength(b: Builder, start: number, end: number): number {
  const prefix = (b.projectPrefix ??= projectSkillPrefix(b.doc.path, b.skillDir));
  if (!prefix) return 0;
  const text = b.doc.text;
  const at = text.startsWith('./', start) ? start + 2 : start;
  return at + prefix.length < end && text.startsWith(prefix, at) ? at + prefix.length - start : 0;
}

/** Extensions of files run as commands; a path without one may be a program too. */
export const RUNNABLE = /(?:^|\/)[^/.]+$|\.(?:sh|bash|zsh|ksh|fish|py|pyw|js|mjs|cjs|ts|mts|rb|pl|php|lua|r|jl|swift|ps1|bat|cmd|exe|bin|run|command|appimage)$/i;

/**
 * Whether a path written at a command's start names something that runs: `./run.sh`
 * and `./deploy` do; `./guide.md` at the start of a list item's code is a mention.
 */
export function runnable(path: string): boolean {
  return RUNNABLE.test(path.charCodeAt(path.length - 1) === 47 /* / */ ? path.replace(/\/+$/, '') : path);
}

/** `KNOWN.has(text.slice(from, to).toLowerCase())`, comparing ASCII in place. */
export function isKnownFolder(text: string, from: number, to: number): boolean {
  for (const name of KNOWN_FOLDERS) {
    if (to - from !== name.length) continue;
    let k = 0;
    // `| 32` lowercases an ASCII letter, and only a letter becomes one of the name's.
    while (k < name.length && (text.charCodeAt(from + k) | 32) === name.charCodeAt(k)) k++;
    if (k === name.length) return true;
    if (text.charCodeAt(from + k) >= 128) return KNOWN.has(text.slice(from, to).toLowerCase());
  }
  return false;
}

export const PATH_WORD = /^[\p{L}\p{N}_.][\p{L}\p{N}_.+\-/]*$/u;

export const NOT_A_PATH_WORD = -2;

/**
 * Whether the word matches PATH_WORD and where its first `/` is: its offset, -1 when
 * it has none, NOT_A_PATH_WORD. Plain ASCII words need no regex.
 */
export function pathWordSlash(text: string, start: number, end: number): number {
  let slash = -1;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return PATH_WORD.test(text.slice(start, end)) ? indexIn(text, 47 /* / */, start, end) : NOT_A_PATH_WORD;
    // A digit, a letter (`| 32` lowercases it), `_` or `.` (written out: see wordEnd).
    if ((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95 /* _ */ || c === 46 /* . */) continue;
    if (i > start && (c === 43 /* + */ || c === 45 /* - */)) continue;
    if (i > start && c === 47 /* / */) {
      if (slash === -1) slash = i;
      continue;
    }
    // Any other ASCII character fails, unless a later non-ASCII one needs the regex (it fails too).
    return NOT_A_PATH_WORD;
  }
  return slash;
}

/** `/\.[A-Za-z][A-Za-z0-9]{0,7}$/`: the extension is the run of letters and digits at the end. */
export function hasExtension(text: string, start: number, end: number): boolean {
  let k = end;
  while (k > start && (isAsciiLetter(text.charCodeAt(k - 1)) || isDigit(text.charCodeAt(k - 1)))) k--;
  return k - 1 >= start && text.charCodeAt(k - 1) === 46 /* . */ && end - k >= 1 && end - k <= 8 && isAsciiLetter(text.charCodeAt(k));
}

/** `/^[\d.]+[a-z]*$/i`: versions and numbers (`1.2.3`, `2.5x`), not files. */
export function isNumberLike(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && (isDigit(text.charCodeAt(i)) || text.charCodeAt(i) === 46 /* . */)) i++;
  if (i === start) return false;
  while (i < end && isAsciiLetter(text.charCodeAt(i))) i++;
  return i === end;
}

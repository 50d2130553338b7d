import { likelyBodyStart } from '../document/likelyBodyStart';
import type { SkillDocument } from '../document/model';
import { getEntry, resolveNode } from '../document/values';
import type { LineIndex } from '../text/lineIndex';
import { installedPrefixLength, installNames, projectSkillPrefix } from './installedPath';
import type { Range } from '../types';
import { fenceCloses, fenceOpen } from '../markdown/fence';
import { introducesTemplate, isInterpreter, isOutputFlag, isOutputLead, isPlaceholder } from './certainty';

/**
 * Every place a SKILL.md (or another Markdown file of a skill) points at a file, found
 * in one pass over the body with exact offsets. Nothing here touches the file system:
 * `tentative` references (paths in code without a known folder prefix) only count once
 * the resolver finds the file.
 */
export type ReferenceKind =
  /** `[t](path)` */
  | 'link'
  /** `![alt](path)` */
  | 'image'
  /** `[id]: path` */
  | 'definition'
  /** `[t][id]`, `[id][]`, `[id]`: carries its definition's target; checked at the definition */
  | 'reflink'
  /** `href="…"` / `src="…"` in an HTML tag */
  | 'html'
  /** a path in inline code */
  | 'code'
  /** a path in a fenced shell block */
  | 'shell'
  /** a file named in prose (`read FORMS.md`, `see @guide.md`): a reference only if it exists */
  | 'prose';

export interface SkillReference {
  kind: ReferenceKind;
  /** the target as written (inside `<…>`, without a title), fragment included */
  raw: string;
  /** the path part decoded (percent-decoding for links), `''` for a `#local` link */
  path: string;
  /** text after `#`, decoded; undefined when there is no `#` */
  fragment?: string;
  /** offsets of `raw` in the document text, and its range */
  start: number;
  end: number;
  range: Range;
  /** offsets and range of the path part only (before `#`; after an agent path variable) */
  pathStart: number;
  pathEnd: number;
  pathRange: Range;
  /** `{{.BaseDirectory}}` or `${CLAUDE_SKILL_DIR}` in front of the path, when present */
  variable?: string;
  /**
   * What the path is relative to: Markdown and HTML links to the file that holds them,
   * paths in code and after an agent variable to the skill folder.
   */
  base: 'file' | 'skill';
  /** a path in code without a known folder prefix: a reference only if the file exists */
  tentative: boolean;
  /** run directly as a command (`scripts/x.sh`, `./scripts/x.sh` at a command start) */
  executed: boolean;
  /** the path was written with a leading `./` */
  dotSlash: boolean;
  /** the path was written with `%XX` escapes */
  percentEncoded: boolean;
  /** reference-style links: the normalized label */
  label?: string;
  /**
   * Merely mentioned, not followed (a folder or an extensionless name in code:
   * `resources/list`, `scripts/azd`, `examples/policies/`): a missing target is
   * reported only on strong evidence, a near name that exists (certainty.ts).
   */
  mention?: boolean;
  /** the script an interpreter runs (`python check.py`): a bare name is looked for in the skill */
  interpreted?: boolean;
}

/** A cached search position not computed yet (-1 means "none left"). */
const NOT_YET = -2;

/** Folders whose paths in code are taken as files of the skill even when missing. */
export const KNOWN_FOLDERS = ['references', 'reference', 'scripts', 'assets', 'templates', 'examples', 'resources'];
const KNOWN = new Set(KNOWN_FOLDERS);

export const SHELL_LANGUAGES = new Set(['', 'bash', 'sh', 'shell', 'zsh', 'console', 'shellsession', 'shell-session', 'terminal', 'ksh', 'fish']);

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const VARIABLE = /^(?:\{\{\s*\.BaseDirectory\s*\}\}|\$\{CLAUDE_SKILL_DIR\}|\$CLAUDE_SKILL_DIR)\//;
const VARIABLE_ANYWHERE = /(?:\{\{\s*\.BaseDirectory\s*\}\}|\$\{CLAUDE_SKILL_DIR\}|\$CLAUDE_SKILL_DIR)\//g;
const DEFINITION = /^ {0,3}\[((?:[^\]\\]|\\.){1,999})\]:[ \t]*(?:<([^<>\n\r]*)>|(\S+))/;
/** A list item's marker and the spaces after it (at most four count; more start code). */
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?: {1,4}(?! )|[ \t]*$)/;

/** `#` to `######` at `k`, then a blank or the line's end: an ATX heading (not `#tag`). */
function isAtxHeading(text: string, k: number, to: number): boolean {
  let n = 0;
  while (k + n < to && text.charCodeAt(k + n) === 35 /* # */) n++;
  const c = text.charCodeAt(k + n);
  return n <= 6 && (k + n >= to || c === 32 || c === 9);
}

/**
 * A line of a drawn folder tree: it starts (after its indentation) with a box-drawing
 * character (`├── x`, `│   └── y`) or with `|--`, `` `-- ``, `+--`.
 */
function isTreeLine(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  if (c >= 0x2500 && c <= 0x257f) return true;
  return (c === 124 /* | */ || c === 96 /* ` */ || c === 43) /* + */ && text.charCodeAt(k + 1) === 45 && text.charCodeAt(k + 2) === 45;
}

/** `- * +` or a digit: the only first characters of a LIST_ITEM (most lines start otherwise). */
function mayStartListItem(c: number): boolean {
  return c === 45 || c === 42 || c === 43 || (c >= 48 && c <= 57);
}

/** What may follow a definition's destination on its line: nothing, or a title (CommonMark 4.7). */
const DEFINITION_TAIL = /^(?:[ \t]*|[ \t]+(?:"[^"]*"|'[^']*'|\([^()]*\))[ \t]*|[ \t]+["'(].*)$/;
/** Lines that end a paragraph (a definition cannot interrupt one): headings, breaks, fences, blank. */
const NOT_PARAGRAPH = /^(?:[ \t]*$| {0,3}#{1,6}(?:[ \t]|$)| {0,3}(?:[-*_][ \t]*){3,}$| {0,3}(?:`{3,}|~{3,})| {0,3}(?:=+|-+)[ \t]*$)/;
const HTML_ATTR = /\s(href|src)\s*=\s*(?:"([^"\r\n]*)"|'([^'\r\n]*)'|([^\s"'>]+))/gi;
const COMMAND_PREFIXES = new Set(['sudo', 'exec', 'time', 'nohup', 'env', 'command', 'xargs', 'watch']);

/** `[Foo  Bar]` and `[foo bar]` are the same label (CommonMark). */
export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

function safeDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Markdown backslash escapes (`\(` → `(`); a backslash before a letter stays (a Windows separator). */
function unescapeMarkdown(s: string): string {
  return s.includes('\\') ? s.replace(/\\([!-/:-@[-`{-~])/g, '$1') : s;
}

const ENTITY = /&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Entity references in a link destination are decoded (CommonMark 6.2): `a&amp;b.md` is `a&b.md`. */
function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (m, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name];
    const cp = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : m;
  });
}

export function isUrl(target: string): boolean {
  if (target.startsWith('//')) return true;
  const m = SCHEME.exec(target);
  // `C:\x` and `C:/x` are Windows paths, not a scheme.
  return !!m && !(m[0].length === 2 && /^[A-Za-z]:[\\/]/.test(target));
}

interface Builder {
  doc: SkillDocument;
  out: Reference[];
  /** a `cd` in the current shell block: later relative paths are not the skill's */
  cwdChanged?: boolean;
  /** the next PROSE_MARK match at or after where proseWords last looked (-1: none) */
  nextMark: number;
  /** the line is a heading: a title, whose file names are no instructions */
  noProse?: boolean;
  /** the skill's folder, when the caller knows it */
  skillDir?: string;
  /** folder names the skill may be installed under (installedPath.ts), once asked */
  names?: string[];
  /** the skill folder as written from its project's root (installedPath.ts), once asked */
  projectPrefix?: string;
}

/**
 * Length of the prefix of `raw` that stands for the skill folder with its `/`: an agent
 * variable (`${CLAUDE_SKILL_DIR}/`) or an installed location (`~/.claude/skills/pdf/`); 0: none.
 */
function skillPrefixLength(b: Builder, raw: string): number {
  const r0 = raw.charCodeAt(0);
  if (r0 !== 123 /* { */ && r0 !== 36 /* $ */ && r0 !== 126 /* ~ */) return 0;
  const v = r0 === 126 ? null : VARIABLE.exec(raw);
  return v ? v[0].length : installedPrefixLength(raw, (b.names ??= installNames(b.doc.path, b.skillDir)));
}

/**
 * A reference whose ranges are computed on first read: most references never get a
 * diagnostic, and two eager ranges cost four line look-ups and six objects each.
 */
class Reference implements SkillReference {
  #lines: LineIndex;
  #range: Range | undefined;
  #pathRange: Range | undefined;

  constructor(
    lines: LineIndex,
    public kind: ReferenceKind,
    public raw: string,
    public path: string,
    public fragment: string | undefined,
    public start: number,
    public end: number,
    public pathStart: number,
    public pathEnd: number,
    public variable: string | undefined,
    public base: 'file' | 'skill',
    public tentative: boolean,
    public executed: boolean,
    public dotSlash: boolean,
    public percentEncoded: boolean,
    public label: string | undefined,
  ) {
    this.#lines = lines;
  }

  mention = false;
  interpreted = false;

  get range(): Range {
    return (this.#range ??= this.#lines.range(this.start, this.end));
  }

  get pathRange(): Range {
    return (this.#pathRange ??= this.#lines.range(this.pathStart, this.pathEnd));
  }

  /** A reference-style link at `start`..`end` that uses this definition's target. */
  usedAt(start: number, end: number, label: string): Reference {
    const { raw, path, fragment, pathStart, pathEnd, variable, base, tentative, executed, dotSlash, percentEncoded } = this;
    const used = new Reference(this.#lines, 'reflink', raw, path, fragment, start, end, pathStart, pathEnd, variable, base, tentative, executed, dotSlash, percentEncoded, label);
    used.mention = this.mention;
    return used;
  }
}

interface PushOptions {
  decode: boolean;
  base: 'file' | 'skill';
  tentative?: boolean;
  executed?: boolean;
  label?: string;
  /** length of a prefix that stands for the skill folder, found by the caller */
  prefix?: number;
}

/** Adds the reference at `start`–`end`; `raw` is that span of the text. */
function push(b: Builder, kind: ReferenceKind, start: number, end: number, raw: string, opts: PushOptions): void {
  let pathStart = start;
  let variable: string | undefined;
  let base = opts.base;
  const prefix = opts.prefix ?? skillPrefixLength(b, raw);
  if (prefix) {
    variable = raw.slice(0, prefix - 1);
    pathStart += prefix;
    base = 'skill';
  }
  const hash = raw.indexOf('#', pathStart - start);
  // A link's query (`guide.md?raw=1`) is not part of the file's name, as on GitHub.
  const query = opts.decode ? raw.indexOf('?', pathStart - start) : -1;
  const pathEnd = query !== -1 && (hash === -1 || query < hash) ? start + query : hash === -1 ? end : start + hash;
  // Usually the whole of `raw`, which slice then returns as is.
  let pathText = raw.slice(pathStart - start, pathEnd - start);
  if (opts.decode) pathText = decodeEntities(unescapeMarkdown(pathText));
  const percentEncoded = opts.decode && pathText.includes('%') && /%[0-9A-Fa-f]{2}/.test(pathText);
  const path = opts.decode ? safeDecode(pathText) : pathText;
  const fragment = hash === -1 ? undefined : opts.decode ? safeDecode(raw.slice(hash + 1)) : raw.slice(hash + 1);
  if (!path && fragment === undefined) return;
  const dotSlash = path.startsWith('./');
  // `references/<name>.md`, `references/filename.md`: a pattern to fill in, a file only if one is there.
  const tentative = (opts.tentative ?? false) || isPlaceholder(path);
  b.out.push(new Reference(b.doc.lines, kind, raw, path, fragment, start, end, pathStart, pathEnd, variable, base, tentative, opts.executed ?? false, dotSlash, percentEncoded, opts.label));
}

/** A link destination (Markdown or HTML): URLs, templates and empty targets are not files. */
function linkTarget(b: Builder, kind: ReferenceKind, start: number, end: number, label?: string): void {
  const raw = b.doc.text.slice(start, end);
  if (!raw || raw === '#' || isUrl(raw)) return;
  if ((raw.includes('{{') || raw.includes('${') || raw.includes('{%')) && !skillPrefixLength(b, raw)) return;
  push(b, kind, start, end, raw, { decode: true, base: 'file', label });
}

// Words in code are scanned by char code, and most are rejected before any string is made.

/** Index of the UTF-16 unit `code` in `text` from `from`, before `to`; -1 if absent. */
function indexIn(text: string, code: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

function isQuote(c: number): boolean {
  return c === 34 /* " */ || c === 39 /* ' */;
}

/** `"`, `'`, `)`, `,`, `;`, `:` or `.`: punctuation that ends a word in code but not its path. */
function isClosing(c: number): boolean {
  return isQuote(c) || c === 41 || c === 44 || c === 59 || c === 58 || c === 46;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Whether the word starts with the skill folder's variable or installed location (only `{`, `$` or `~` can start one). */
function startsWithVariable(b: Builder, start: number, end: number): boolean {
  const c = b.doc.text.charCodeAt(start);
  return (c === 123 /* { */ || c === 36 /* $ */ || c === 126) /* ~ */ && skillPrefixLength(b, b.doc.text.slice(start, end)) > 0;
}

/**
 * A word in code that may name a file of the skill: an agent path variable, a known
 * folder prefix (`scripts/x.py`, `./references/`), or — tentatively — anything with a
 * folder or an extension.
 */
function codeToken(b: Builder, kind: 'code' | 'shell', start: number, end: number, commandStart: boolean): void {
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
function variableToken(b: Builder, kind: 'code' | 'shell', start: number, end: number, commandStart: boolean): void {
  const word = b.doc.text.slice(start, end);
  const prefix = skillPrefixLength(b, word);
  if (!prefix) return;
  const rest = word.slice(prefix);
  if (!rest || /[*?$`{}<>|]/.test(rest)) return;
  push(b, kind, start, end, word, { decode: false, base: 'skill', executed: commandStart && runnable(word) });
}

/** A relative path in code: a file of the skill under a known folder, else tentative. */
function pathToken(b: Builder, kind: 'code' | 'shell' | 'prose', start: number, end: number, commandStart: boolean): void {
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
function projectPrefixLength(b: Builder, start: number, end: number): number {
  const prefix = (b.projectPrefix ??= projectSkillPrefix(b.doc.path, b.skillDir));
  if (!prefix) return 0;
  const text = b.doc.text;
  const at = text.startsWith('./', start) ? start + 2 : start;
  return at + prefix.length < end && text.startsWith(prefix, at) ? at + prefix.length - start : 0;
}

/** Extensions of files run as commands; a path without one may be a program too. */
const RUNNABLE = /(?:^|\/)[^/.]+$|\.(?:sh|bash|zsh|ksh|fish|py|pyw|js|mjs|cjs|ts|mts|rb|pl|php|lua|r|jl|swift|ps1|bat|cmd|exe|bin|run|command|appimage)$/i;

/**
 * Whether a path written at a command's start names something that runs: `./run.sh`
 * and `./deploy` do; `./guide.md` at the start of a list item's code is a mention.
 */
function runnable(path: string): boolean {
  return RUNNABLE.test(path.replace(/\/+$/, ''));
}

/** `KNOWN.has(text.slice(from, to).toLowerCase())`, comparing ASCII in place. */
function isKnownFolder(text: string, from: number, to: number): boolean {
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

const PATH_WORD = /^[\p{L}\p{N}_.][\p{L}\p{N}_.+\-/]*$/u;
const NOT_A_PATH_WORD = -2;

/**
 * Whether the word matches PATH_WORD and where its first `/` is: its offset, -1 when
 * it has none, NOT_A_PATH_WORD. Plain ASCII words need no regex.
 */
function pathWordSlash(text: string, start: number, end: number): number {
  let slash = -1;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return PATH_WORD.test(text.slice(start, end)) ? indexIn(text, 47 /* / */, start, end) : NOT_A_PATH_WORD;
    if (isDigit(c) || isAsciiLetter(c) || c === 95 /* _ */ || c === 46 /* . */) continue;
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
function hasExtension(text: string, start: number, end: number): boolean {
  let k = end;
  while (k > start && (isAsciiLetter(text.charCodeAt(k - 1)) || isDigit(text.charCodeAt(k - 1)))) k--;
  return k - 1 >= start && text.charCodeAt(k - 1) === 46 /* . */ && end - k >= 1 && end - k <= 8 && isAsciiLetter(text.charCodeAt(k));
}

/** `/^[\d.]+[a-z]*$/i`: versions and numbers (`1.2.3`, `2.5x`), not files. */
function isNumberLike(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && (isDigit(text.charCodeAt(i)) || text.charCodeAt(i) === 46 /* . */)) i++;
  if (i === start) return false;
  while (i < end && isAsciiLetter(text.charCodeAt(i))) i++;
  return i === end;
}

/** `word.replace(/^["']|["']$/g, '')` without a regex when there are no quotes at the ends. */
function unquoteEnds(word: string): string {
  const qa = isQuote(word.charCodeAt(0));
  const qz = isQuote(word.charCodeAt(word.length - 1));
  if (!qa && !qz) return word;
  return word.replace(/^["']|["']$/g, '');
}

/** A character that may be part of a file name in prose (not white space, quotes, brackets, `*`). */
function isProseWordChar(c: number): boolean {
  return c > 32 && c !== 34 && c !== 39 && c !== 40 && c !== 41 && c !== 42 && c !== 60 && c !== 62 && c !== 91 && c !== 93 && c !== 96 && c !== 0xa0;
}

/** A name character, then `.` or `/`, then a name character (or `.`, `/`): `FORMS.md`, not a sentence's end. */
const PROSE_MARK = /[\w\u00c0-\uffff][./][\w./\u00c0-\uffff]/g;

/** Where the first PROSE_MARK at or after `from` starts (the character before its mark); -1 if none. */
function nextProseMark(text: string, from: number): number {
  PROSE_MARK.lastIndex = from;
  const m = PROSE_MARK.exec(text);
  return m ? m.index : -1;
}

/**
 * Files named in prose: agents follow `read FORMS.md` as they follow a link. Such a
 * word is a reference only when the file exists (tentative), so prose never produces
 * a "missing file"; a name that differs from the file's only in letter case does.
 * Candidates come from one regex search each (PROSE_MARK), not from splitting words.
 */
function proseWords(b: Builder, from: number, to: number): void {
  if (b.noProse) return;
  const text = b.doc.text;
  // Matches only move forward: one regex search finds the next candidate past every
  // sentence's end, and serves the runs before it.
  if (b.nextMark === NOT_YET || (b.nextMark !== -1 && b.nextMark < from)) b.nextMark = nextProseMark(text, from);
  while (b.nextMark !== -1 && b.nextMark + 1 < to) {
    const at = b.nextMark;
    let start = at;
    while (start > from && isProseWordChar(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < to && isProseWordChar(text.charCodeAt(end))) end++;
    b.nextMark = nextProseMark(text, end);
    // `@guide.md` (a mention), `_FORMS.md_` (emphasis), `see x.md.` and `x.md!`.
    while (start < end && (text.charCodeAt(start) === 64 /* @ */ || text.charCodeAt(start) === 95 /* _ */)) start++;
    while (end > start && (isClosing(text.charCodeAt(end - 1)) || text.charCodeAt(end - 1) === 95 || text.charCodeAt(end - 1) === 33 /* ! */ || text.charCodeAt(end - 1) === 63 /* ? */)) end--;
    if (end - start < 3 || (text.charCodeAt(start) === 46 /* . */ && text.charCodeAt(start + 1) !== 47) /* / */) continue;
    // Without a folder, a name needs an extension of two characters or more: `e.g`,
    // `v2.x` and `i.e` are prose (and the most common such words by far).
    if (indexIn(text, 47 /* / */, start, end) === -1 && end - text.lastIndexOf('.', end - 1) <= 2) continue;
    const k = b.out.length;
    pathToken(b, 'prose', start, end, false);
    // A bare name is the named file's neighbour (`see api.md` in references/guide.md);
    // a path with a folder starts at the skill folder, as in code.
    const bare = indexIn(text, 47 /* / */, start, end) === -1;
    for (let j = k; j < b.out.length; j++) {
      b.out[j].tentative = true;
      if (bare) b.out[j].base = 'file';
    }
  }
}

/**
 * Drops the prose names read since `open`: they were a link's text (`[FORMS.md](forms.md)`
 * shows a name, the destination is the reference).
 */
function dropProseAfter(b: Builder, open: number): void {
  let k = b.out.length;
  while (k > 0 && b.out[k - 1].start > open) k--;
  if (k === b.out.length) return;
  const kept = b.out.slice(k).filter((r) => r.kind !== 'prose');
  b.out.length = k;
  b.out.push(...kept);
}

/** `console` blocks: only prompt lines are commands. (A line break stops every part.) */
const CONSOLE_PROMPT = /[ \t]*(?:\(\S+\)[ \t]*)?(?:[\w.@~:/-]*[$#%>])[ \t]+/y;
/** `$ cmd` in a shell block, within a line's first 16 characters (the loop skips further blanks). */
const SHELL_PROMPT = /[ \t]*\$[ \t]/y;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Splits a shell command line into words, marking words at a command start. */
function shellWords(b: Builder, kind: 'code' | 'shell', from: number, to: number, console: boolean): void {
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

/** The text of the last non-blank line before `line` (from `first` on), '' if none. */
function previousText(text: string, lines: LineIndex, line: number, first: number): string {
  for (let l = line - 1; l >= first; l--) {
    const t = text.slice(lines.lineStarts[l], lines.lineEnd(l));
    if (t.trim()) return t;
  }
  return '';
}

/** Commands whose arguments are files or folders they create (or write). */
const CREATING_COMMANDS = new Set(['mkdir', 'touch', 'tee']);

/** End of the shell word at `i`: quotes keep spaces and operators inside it. */
function wordEnd(text: string, i: number, to: number): number {
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

/** Paths after agent path variables anywhere in a non-shell code line. */
function variablePaths(b: Builder, from: number, to: number): void {
  const line = b.doc.text.slice(from, to);
  const variables = line.includes('BaseDirectory') || line.includes('CLAUDE_SKILL_DIR');
  const installed = line.includes('/.') || line.includes('PLUGIN_ROOT');
  if (!variables && !installed) return;
  for (const re of [variables && VARIABLE_ANYWHERE, installed && INSTALLED_ANYWHERE]) {
    if (!re) continue;
    re.lastIndex = 0;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      // At a word's start only: `a~/x` is no home path.
      if (re === INSTALLED_ANYWHERE && m.index > 0 && !/[\s"'`(=:]/.test(line[m.index - 1])) continue;
      let end = m.index + m[0].length;
      while (end < line.length && !/[\s"'`)(\]<>,;|&]/.test(line[end])) end++;
      codeToken(b, 'code', from + m.index, from + end, false);
    }
  }
}

/** Where an installed-location path may start (installedPath.ts says whether it is the skill's). */
const INSTALLED_ANYWHERE = /(?:~|\$HOME|\$\{HOME\}|\$\{?(?:CLAUDE_)?PLUGIN_ROOT\}?)\//g;

/**
 * Scripts that `allowed-tools` lets the agent run (Claude Code:
 * `Bash(${CLAUDE_SKILL_DIR}/scripts/sync.sh:*)`): the path ends before the `:*`
 * pattern suffix, and the script is run directly.
 */
function allowedToolPaths(b: Builder): void {
  const node = resolveNode(getEntry(b.doc, 'allowed-tools')?.value);
  if (!node) return;
  const lines = b.doc.lines;
  const from = lines.offsetAt(node.range.start);
  const value = b.doc.text.slice(from, lines.offsetAt(node.range.end));
  const variables = value.includes('BaseDirectory') || value.includes('CLAUDE_SKILL_DIR');
  const installed = value.includes('/.') || value.includes('PLUGIN_ROOT');
  for (const re of [variables && VARIABLE_ANYWHERE, installed && INSTALLED_ANYWHERE]) {
    if (!re) continue;
    re.lastIndex = 0;
    for (let m = re.exec(value); m; m = re.exec(value)) {
      if (re === INSTALLED_ANYWHERE && m.index > 0 && !/[\s"'`(=:,]/.test(value[m.index - 1])) continue;
      let end = m.index + m[0].length;
      while (end < value.length && !/[\s"'`)(\]<>,;|&:*]/.test(value[end])) end++;
      // Run directly only when it starts the command: `Bash(python3 ${…}/x.py)` runs python3.
      let p = m.index;
      while (p > 0 && (value[p - 1] === ' ' || value[p - 1] === '"' || value[p - 1] === "'")) p--;
      const first = p === 0 || value[p - 1] === '(';
      const before = b.out.length;
      codeToken(b, 'code', from + m.index, from + end, true);
      for (let k = before; k < b.out.length; k++) b.out[k].executed = first && runnable(b.out[k].path);
    }
  }
}

/** How far the last failed inlineDestination read: what it cost (scanLine budgets it). */
let failedAt = 0;

/** Parses `(dest "title")` starting at the `(`; returns the destination offsets and the end. */
function inlineDestination(text: string, open: number, lineEnd: number): { start: number; end: number; close: number } | undefined {
  let j = open + 1;
  while (j < lineEnd && (text[j] === ' ' || text[j] === '\t')) j++;
  let start: number;
  let end: number;
  if (text[j] === '<') {
    start = j + 1;
    let k = start;
    while (k < lineEnd && text[k] !== '>' && text[k] !== '<') k += text[k] === '\\' ? 2 : 1;
    if (k >= lineEnd || text[k] !== '>') return void (failedAt = k);
    end = k;
    j = k + 1;
  } else {
    start = j;
    let depth = 0;
    while (j < lineEnd) {
      const c = text[j];
      if (c === '\\') {
        j += 2;
        continue;
      }
      if (c === ' ' || c === '\t') break;
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
      j++;
    }
    end = Math.min(j, lineEnd);
  }
  while (j < lineEnd && (text[j] === ' ' || text[j] === '\t')) j++;
  if (text[j] === '"' || text[j] === "'" || text[j] === '(') {
    const closeChar = text[j] === '(' ? ')' : text[j];
    j++;
    while (j < lineEnd && text[j] !== closeChar) j += text[j] === '\\' ? 2 : 1;
    if (j >= lineEnd) return void (failedAt = j);
    j++;
    while (j < lineEnd && (text[j] === ' ' || text[j] === '\t')) j++;
  }
  if (j >= lineEnd || text[j] !== ')') return void (failedAt = j);
  return { start, end, close: j };
}

/**
 * CommonMark autolink content: a scheme, then no white space and no `<`. Stops at the
 * first `<`, so a run of `<` before one `>` is read once, not once per `<`.
 */
function isAutolink(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 60 /* < */ || c <= 32 || (c >= 128 && /\s/.test(text[k]))) return false;
  }
  return SCHEME.test(text.slice(from, Math.min(to, from + 64)));
}

/** `/\s/.test(text.slice(from, to).trim())`: whitespace between two other characters. */
function hasInnerSpace(text: string, from: number, to: number): boolean {
  let word = false;
  let gap = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || (c >= 9 && c <= 13) || (c >= 128 && /\s/.test(text[i]));
    if (!space) {
      if (gap) return true;
      word = true;
    } else if (word) gap = true;
  }
  return false;
}

interface PendingUsage {
  label: string;
  start: number;
  end: number;
}

/**
 * CommonMark: a link label holds at most 999 characters. Longer bracket pairs are no
 * reference usages, and skipping them keeps nested brackets (`[[[…]]]`) linear.
 */
const MAX_LABEL = 999;

/**
 * Words that introduce examples (`e.g. \`references/your-topic.md\``): paths in inline
 * code after them on the line are illustrations.
 */
const EXAMPLE = /\b(?:e\.g\.|(?:for example|for instance|such as)\b)|\bexamples?\**\s*:/i;
/** Hypotheticals (`A \`scripts/rotate.py\` script would be helpful`): every path of the line is one. */
const HYPOTHETICAL = /\b(?:would|could) be\b/i;

/**
 * Where a line's examples start: its start when it is hypothetical, the first example
 * word, or Infinity. Only the line's prose counts (`examples/demo.py` in code is no such word).
 */
function exampleStart(text: string, from: number, to: number): number {
  const prose = text.slice(from, to).replace(/`+[^`]*`+/g, (m) => ' '.repeat(m.length));
  if (HYPOTHETICAL.test(prose)) return from;
  const m = EXAMPLE.exec(prose);
  return m ? from + m.index : Infinity;
}

/** Characters scanLine skips: all but \ ` < [ ] (and line breaks, so a run ends with its line). */
const PLAIN_RUN = /[^\\`<[\]\r\n]*/y;

/** What one line's scan leaves to the next lines of the same paragraph. */
interface LineState {
  /** an HTML comment is still open */
  inComment: boolean;
  /**
   * `[` not yet closed, oldest first: link text may go on over the paragraph's next
   * lines (`[the full\nguide](references/guide.md)`). Cleared where a paragraph ends.
   */
  brackets: number[];
  /** where the next line's scan starts: past a tag that went on over several lines */
  resume: number;
  /** the first `>` at or after the last place gtFrom looked (-1: none after it; NOT_YET) */
  nextGt: number;
  /** the same for `-->` (commentEndFrom) */
  nextCommentEnd: number;
}

/** Lines an HTML tag may go on over (`<img\n  src="…"\n  alt="…">`). */
const MAX_TAG_LINES = 16;

/**
 * The first `>` at or after `pos` (-1: none). Lines are scanned in order, so one search
 * serves many positions: a text of `<` without `>` is not searched to its end per `<`.
 */
function gtFrom(text: string, pos: number, state: LineState): number {
  if (state.nextGt === NOT_YET || (state.nextGt !== -1 && state.nextGt < pos)) state.nextGt = text.indexOf('>', pos);
  return state.nextGt;
}

/** The first `-->` at or after `pos` (-1: none), searched once for many lines as gtFrom is. */
function commentEndFrom(text: string, pos: number, state: LineState): number {
  if (state.nextCommentEnd === NOT_YET || (state.nextCommentEnd !== -1 && state.nextCommentEnd < pos)) state.nextCommentEnd = text.indexOf('-->', pos);
  return state.nextCommentEnd;
}

/** `href=` or `src=` after white space: an attribute that names a file. */
const LINK_ATTR = /\s(?:href|src)\s*=/gi;

/**
 * The first `>` on the lines after the one ending at `lineEnd`, for a tag left open on
 * that line: within a few lines and before a blank line (which ends the paragraph, and
 * a tag with it); -1 when there is none.
 */
function tagEndOnNextLines(text: string, lineEnd: number, state: LineState): number {
  let nl = text.indexOf('\n', lineEnd);
  if (nl === -1) return -1;
  // One search serves every later line: lines are scanned in order.
  const gt = gtFrom(text, nl + 1, state);
  if (gt === -1) return -1;
  for (let n = 0; n < MAX_TAG_LINES; n++) {
    let k = nl + 1;
    while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9 || text.charCodeAt(k) === 13)) k++;
    if (k >= text.length || text.charCodeAt(k) === 10) return -1;
    // A line that starts a block (a list item, heading, fence, quote, table row,
    // definition) ends the paragraph, and the tag with it.
    if (k !== gt && startsBlock(text, k)) return -1;
    nl = text.indexOf('\n', nl + 1);
    if (nl === -1 || gt < nl) return gt;
  }
  return -1;
}

/** `#`, a backtick or `~`, `>`, `|`, `[` or a list item's marker at `k`: the start of a block. */
function startsBlock(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  if (c === 35 || c === 96 || c === 126 || c === 62 || c === 124 || c === 91) return true;
  return mayStartListItem(c) && LIST_ITEM.test(text.slice(k, k + 16));
}

/** Elements whose `src`/`href` names a file: only these are read over several lines. */
const LINKING_TAG = /^<(?:img|a|source|video|audio|iframe|embed|link|script|track|object|image)[\s>]/i;

/** Scans one line of Markdown outside fenced code, carrying `state` to the next line. */
function scanLine(b: Builder, from: number, to: number, usages: PendingUsage[], state: LineState): void {
  const text = b.doc.text;
  const stack = state.brackets;
  let i = from;
  // A `](` whose destination never closes is read to the line's end, and the next one
  // again: `[a](b` repeated made a 160 KB line take seconds. Failed reads get a budget of
  // a few times the line; past it, a `](` on this line is no longer taken for a link.
  let budget = 2 * (to - from) + 4096;
  // Where the line's examples start (looked at when it has a path in inline code):
  // its start for a hypothetical line, Infinity for a line with none.
  let examplesFrom: number | undefined;
  // The next `>` at or after a position (`to` when the line has none): each `<` looks
  // for one, and a line of `<` without any made every search run to the text's end.
  let nextGt = -1;
  // The same for a tag left open at the line's end (-2: not looked for yet).
  let gtBelow = -2;
  // Where the line's last `href=`/`src=` starts (-2: not looked for yet): a tag with no
  // `>` counts when one follows it, and each `<` must not search the line again.
  let lastLinkAttr = -2;
  // The same for the lines down to gtBelow.
  let lastAttrBelow = -2;
  if (state.inComment) {
    const close = commentEndFrom(text, from, state);
    if (close === -1 || close >= to) return;
    state.inComment = false;
    i = close + 3;
  }
  while (i < to) {
    let c = text.charCodeAt(i);
    // Only \ ` < [ ] matter: skip everything else quickly (a regex scan beats a loop).
    if (c !== 92 && c !== 96 && c !== 60 && c !== 91 && c !== 93) {
      // A run of other characters, stopped by a special one or a line break at the latest.
      PLAIN_RUN.lastIndex = i;
      PLAIN_RUN.test(text);
      proseWords(b, i, Math.min(PLAIN_RUN.lastIndex, to));
      i = PLAIN_RUN.lastIndex;
      if (i >= to) break;
      c = text.charCodeAt(i);
      if (c !== 92 && c !== 96 && c !== 60 && c !== 91 && c !== 93) {
        i++;
        continue;
      }
    }
    if (c === 92 /* \\ */) {
      i += 2;
      continue;
    }
    if (c === 96 /* ` */) {
      let n = 1;
      while (text[i + n] === '`') n++;
      // The closing run has exactly n backticks, on this line.
      let k = i + n;
      let close = -1;
      while (k < to) {
        const at = text.indexOf('`', k);
        if (at === -1 || at >= to) break;
        let m = 1;
        while (text[at + m] === '`') m++;
        if (m === n) {
          close = at;
          break;
        }
        k = at + m;
      }
      if (close === -1) {
        i += n;
        continue;
      }
      let cs = i + n;
      let ce = close;
      if (text[cs] === ' ' && text[ce - 1] === ' ' && ce - cs > 2) {
        cs++;
        ce--;
      }
      const before = b.out.length;
      shellWords(b, 'code', cs, ce, false);
      // A lone path in inline code is a mention, not a command (unless written `./x`).
      if (b.out.length > before && !hasInnerSpace(text, cs, ce)) for (let k = before; k < b.out.length; k++) b.out[k].executed &&= b.out[k].dotSlash;
      // `Examples: `references/finance.md` for schemas` shows what a skill may hold (a
      // skill about writing skills): such a path counts only if it exists. A path
      // before the example word is the line's own (`run `x.sh` (e.g. `y.sh --fast`)`).
      if (b.out.length > before && cs >= (examplesFrom ??= exampleStart(text, from, to))) for (let k = before; k < b.out.length; k++) b.out[k].tentative = true;
      // "save the icons to `assets/icons/`": where output goes, a file only once written.
      if (b.out.length > before && isOutputLead(text.slice(Math.max(from, i - 80), i))) for (let k = before; k < b.out.length; k++) b.out[k].tentative = true;
      i = close + n;
      continue;
    }
    if (c === 60 /* < */) {
      if (text.startsWith('<!--', i)) {
        const close = commentEndFrom(text, i + 4, state);
        if (close === -1 || close >= to) {
          state.inComment = true;
          return;
        }
        i = close + 3;
        continue;
      }
      if (nextGt < i) {
        nextGt = gtFrom(text, i, state);
        if (nextGt === -1 || nextGt > to) nextGt = to;
      }
      let gt = nextGt < to ? nextGt : -1;
      const isTag = /^<[A-Za-z][A-Za-z0-9-]*[\s/>]/.test(text.slice(i, Math.min(to, i + 40)) + ' ');
      // A tag may go on over the next lines: `<img` here, ` src="…">` below. It is read
      // to its `>`, and the next line's scan starts after it.
      let across = false;
      if (isTag && gt === -1 && LINKING_TAG.test(text.slice(i, Math.min(to, i + 12)) + ' ')) {
        if (gtBelow === -2) gtBelow = tagEndOnNextLines(text, to, state);
        // Only a tag that names a file in it: `a <b` in prose reads on as text. (The
        // last href/src before that `>`, found once: every `<` here ends there.)
        if (gtBelow !== -1 && lastAttrBelow === -2) {
          lastAttrBelow = -1;
          const span = text.slice(i, gtBelow);
          LINK_ATTR.lastIndex = 0;
          for (let m = LINK_ATTR.exec(span); m; m = LINK_ATTR.exec(span)) lastAttrBelow = i + m.index;
        }
        if (gtBelow !== -1 && lastAttrBelow > i) {
          gt = gtBelow;
          across = true;
        }
      }
      const tagEnd = gt === -1 ? to : gt;
      // A tag whose `>` is not found counts only with an href or src on its line:
      // `Replace <your-token in the header; see [auth](x.md)` is text with a link.
      const tag = isTag ? text.slice(i, tagEnd) : undefined;
      if (tag !== undefined && gt === -1 && lastLinkAttr === -2) {
        lastLinkAttr = -1;
        const line = text.slice(i, to);
        LINK_ATTR.lastIndex = 0;
        for (let m = LINK_ATTR.exec(line); m; m = LINK_ATTR.exec(line)) lastLinkAttr = i + m.index;
      }
      if (tag !== undefined && (gt !== -1 || lastLinkAttr > i)) {
        HTML_ATTR.lastIndex = 0;
        for (let m = HTML_ATTR.exec(tag); m; m = HTML_ATTR.exec(tag)) {
          const value = m[2] ?? m[3] ?? m[4];
          const valueStart = i + m.index + m[0].length - value.length - (m[4] === undefined ? 1 : 0);
          linkTarget(b, 'html', valueStart, valueStart + value.length);
        }
        if (across) {
          state.resume = tagEnd + 1;
          return;
        }
        i = tagEnd;
        continue;
      }
      // Autolinks `<https://…>` and stray `<` are not file references.
      if (gt !== -1 && isAutolink(text, i + 1, gt)) {
        i = gt + 1;
        continue;
      }
      i++;
      continue;
    }
    if (c === 91 /* [ */) {
      stack.push(i);
      i++;
      continue;
    }
    if (c === 93 /* ] */ && stack.length) {
      const open = stack.pop()!;
      const next = text[i + 1];
      if (next === '(' && budget > 0) {
        const d = inlineDestination(text, i + 1, to);
        if (!d) budget -= failedAt - i;
        if (d) {
          const kind = text[open - 1] === '!' ? 'image' : 'link';
          dropProseAfter(b, open);
          linkTarget(b, kind, d.start, d.end);
          // A link contains no link, but may contain an image: `[![logo](x.png)](y.md)`.
          if (kind === 'link') stack.length = 0;
          i = d.close + 1;
          continue;
        }
      } else if (next === '[') {
        const close = text.indexOf(']', i + 2);
        if (close !== -1 && close < to && close - i - 2 <= MAX_LABEL) {
          dropProseAfter(b, open);
          const inner = text.slice(i + 2, close);
          const label = inner.trim() ? inner : text.slice(open + 1, i);
          const start = inner.trim() ? i + 2 : open + 1;
          const end = inner.trim() ? close : i;
          usages.push({ label: normalizeLabel(label), start, end });
          stack.length = 0;
          i = close + 1;
          continue;
        }
      } else if (next !== ':' && i > open + 1 && i - open - 1 <= MAX_LABEL) {
        usages.push({ label: normalizeLabel(text.slice(open + 1, i)), start: open + 1, end: i });
      }
      i++;
      continue;
    }
    i++;
  }
}

/**
 * Every reference in the document body, in text order. Skips the frontmatter.
 * `skillDir`: the skill's folder, when `doc` is another of its files (references/guide.md).
 */
export function extractReferences(doc: SkillDocument, skillDir?: string): SkillReference[] {
  const b: Builder = { doc, out: [], nextMark: NOT_YET, skillDir };
  allowedToolPaths(b);
  const text = doc.text;
  const lines = doc.lines;
  const bodyStart = likelyBodyStart(doc);
  const first = doc.lines.positionAt(bodyStart).line;
  /** Whether `line` would continue the paragraph of the line before it. */
  const continuesParagraph = (line: number): boolean => {
    if (line <= first) return false;
    const prev = text.slice(lines.lineStarts[line - 1], lines.lineEnd(line - 1));
    if (NOT_PARAGRAPH.test(prev)) return false;
    const def = prev.charCodeAt(prev.search(/\S/)) === 91 ? DEFINITION.exec(prev) : null;
    return !(def && DEFINITION_TAIL.test(prev.slice(def[0].length)));
  };
  const definitions = new Map<string, Reference>();
  const usages: PendingUsage[] = [];
  let fence: { char: string; len: number; shell: boolean; console: boolean; indent: number } | undefined;
  const state: LineState = { inComment: false, brackets: [], resume: 0, nextGt: NOT_YET, nextCommentEnd: NOT_YET };
  // The content column of the list item the lines belong to (CommonMark 5.2): a fence or
  // an indented code block inside an item is indented past it.
  let listIndent: number | undefined;
  let prevBlank = true;
  let prevQuote = false;
  let templateQuote = false;
  let inIndentedCode = false;
  for (let line = first; line < lines.lineCount; line++) {
    let from = Math.max(lines.lineStarts[line], bodyStart);
    const to = lines.lineEnd(line);
    if (state.resume > from) {
      // The rest of a tag that began on an earlier line.
      if (state.resume >= to) continue;
      from = state.resume;
      b.noProse = false;
      scanLine(b, from, to, usages, state);
      continue;
    }
    // Indentation in columns (a tab to the next multiple of 4) and the first other character.
    let k = from;
    let col = 0;
    while (k < to) {
      const c = text.charCodeAt(k);
      if (c === 32) col++;
      else if (c === 9) col += 4 - (col % 4);
      else break;
      k++;
    }
    if (k >= to) {
      prevBlank = true;
      // A blank line ends a block quote (and a quoted template with it).
      prevQuote = false;
      templateQuote = false;
      state.brackets.length = 0;
      continue;
    }
    const lead = text.charCodeAt(k);
    if (fence) {
      if ((lead === 96 /* ` */ || lead === 126) /* ~ */ && col <= fence.indent + 3 && fenceCloses(text.slice(k, to), fence)) {
        fence = undefined;
        prevBlank = false;
        continue;
      }
      // A folder tree drawn in a fence (`├── scripts/`) shows a layout, often another project's.
      if (fence.shell && !isTreeLine(text, k)) shellWords(b, 'shell', from, to, fence.console);
      else variablePaths(b, from, to);
      continue;
    }
    const base = listIndent ?? 0;
    const item = !state.inComment && col <= base + 3 && mayStartListItem(lead) ? LIST_ITEM.exec(text.slice(k, Math.min(to, k + 16))) : null;
    if (item) listIndent = col + item[0].length;
    else if (listIndent !== undefined && prevBlank && col < listIndent) listIndent = undefined;
    const container = item ? 0 : listIndent ?? 0;
    // Four columns past the container after a blank line: an indented code block, not Markdown.
    if (!state.inComment && !item && col >= container + 4 && (prevBlank || inIndentedCode)) {
      inIndentedCode = true;
      state.brackets.length = 0;
      prevBlank = false;
      continue;
    }
    inIndentedCode = false;
    prevBlank = false;
    // Fences start with ` or ~ (up to three columns past the container), definitions with [.
    const maybeFence = (lead === 96 /* ` */ || lead === 126) /* ~ */ && col <= container + 3;
    if (!state.inComment && (maybeFence || (lead === 91 /* [ */ && col <= 3))) {
      const lineText = text.slice(from, to);
      const open = maybeFence ? fenceOpen(text.slice(k, to)) : undefined;
      if (open) {
        const lang = open.info.toLowerCase();
        fence = { char: open.char, len: open.len, shell: SHELL_LANGUAGES.has(lang), console: lang === 'console' || lang === 'shellsession' || lang === 'shell-session', indent: container };
        b.cwdChanged = false;
        state.brackets.length = 0;
        continue;
      }
      const def = lead === 91 ? DEFINITION.exec(lineText) : null;
      // `[^1]: text` is a footnote, `[Note]: read this` text: neither is a definition.
      if (def && def[1][0] !== '^' && DEFINITION_TAIL.test(lineText.slice(def[0].length)) && !continuesParagraph(line)) {
        const value = def[2] ?? def[3];
        const valueStart = from + def[0].length - value.length - (def[2] !== undefined ? 1 : 0);
        const label = normalizeLabel(def[1]);
        const before = b.out.length;
        linkTarget(b, 'definition', valueStart, valueStart + value.length, label);
        if (b.out.length > before && !definitions.has(label)) definitions.set(label, b.out[b.out.length - 1]);
        state.brackets.length = 0;
        continue;
      }
    }
    // A heading or a new list item starts a new block: no link text goes on into it.
    // Nor into a table row, a thematic break or setext underline, or in or out of a quote.
    const heading = lead === 35 /* # */ && isAtxHeading(text, k, to);
    const quote = lead === 62; /* > */
    if (quote && !prevQuote) templateQuote = introducesTemplate(previousText(text, lines, line, first));
    else if (!quote) templateQuote = false;
    if (item || heading || (state.brackets.length && (lead === 124 /* | */ || quote !== prevQuote || NOT_PARAGRAPH.test(text.slice(from, to))))) state.brackets.length = 0;
    prevQuote = quote;
    b.noProse = heading;
    const before = b.out.length;
    scanLine(b, from, to, usages, state);
    // A quoted template ("Use this format:" then `> ![chart](chart.png)`) shows what to write elsewhere.
    if (templateQuote) for (let k = before; k < b.out.length; k++) b.out[k].tentative = true;
    if (heading) state.brackets.length = 0;
  }
  const inOrder = b.out.length;
  for (const u of usages) {
    const def = definitions.get(u.label);
    if (!def) continue;
    b.out.push(def.usedAt(u.start, u.end, u.label));
  }
  // Only reference-style links come out of order.
  return b.out.length > inOrder ? b.out.sort((x, y) => x.start - y.start) : b.out;
}

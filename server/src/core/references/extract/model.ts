// What an extracted reference is (SkillReference, kept lazy in Reference), the builder the
// extractors share, and the small character helpers they use.
import type { SkillDocument } from '../../document/model';
import type { LineIndex } from '../../text/lineIndex';
import type { Range } from '../../types';
import { isPlaceholder } from '../certainty';
import { installNames, installedPrefixLength } from '../installedPath';

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
  | 'prose'
  /** `#file:path` in the body: VS Code attaches the file (a reference only if it exists for agents without the syntax) */
  | 'attachment';

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
export const NOT_YET = -2;

/** Folders whose paths in code are taken as files of the skill even when missing. */
export const KNOWN_FOLDERS = ['references', 'reference', 'scripts', 'assets', 'templates', 'examples', 'resources'];

export const KNOWN = new Set(KNOWN_FOLDERS);

export const SHELL_LANGUAGES = new Set(['', 'bash', 'sh', 'shell', 'zsh', 'console', 'shellsession', 'shell-session', 'terminal', 'ksh', 'fish']);

export const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

export const VARIABLE = /^(?:\{\{\s*\.BaseDirectory\s*\}\}|\$\{CLAUDE_SKILL_DIR\}|\$CLAUDE_SKILL_DIR)\//;

export const VARIABLE_ANYWHERE = /(?:\{\{\s*\.BaseDirectory\s*\}\}|\$\{CLAUDE_SKILL_DIR\}|\$CLAUDE_SKILL_DIR)\//g;

/** A list item's marker and the spaces after it (at most four count; more start code). */
export const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?: {1,4}(?! )|[ \t]*$)/;

/**
 * The length of LIST_ITEM's match on `text.slice(k, end)`, -1 when none, read in place:
 * every line that starts with `-`, `*`, `+` or a digit is tested, and the slice and the
 * match array were a fifth of what the block pass allocated.
 */
export function listItemLength(text: string, k: number, end: number): number {
  let m = k + 1;
  if (isDigit(text.charCodeAt(k))) {
    // `\d{1,9}[.)]`: nine digits at most, then `.` or `)`.
    while (m < end && m - k < 9 && isDigit(text.charCodeAt(m))) m++;
    const d = text.charCodeAt(m);
    if (m >= end || (d !== 46 /* . */ && d !== 41) /* ) */) return -1;
    m++;
  } else if (!mayStartListItem(text.charCodeAt(k)) || k >= end) return -1;
  // ` {1,4}(?! )`: one to four blanks, then no blank.
  let n = 0;
  while (m + n < end && text.charCodeAt(m + n) === 32) n++;
  if (n >= 1 && n <= 4) return m + n - k;
  // `[ \t]*$`: nothing else up to the end.
  while (m < end && (text.charCodeAt(m) === 32 || text.charCodeAt(m) === 9)) m++;
  return m === end ? end - k : -1;
}

/** `- * +` or a digit: the only first characters of a LIST_ITEM (most lines start otherwise). */
export function mayStartListItem(c: number): boolean {
  return c === 45 || c === 42 || c === 43 || (c >= 48 && c <= 57);
}

/** `[Foo  Bar]` and `[foo bar]` are the same label (CommonMark). */
export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function safeDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Markdown backslash escapes (`\(` → `(`); a backslash before a letter stays (a Windows separator). */
export function unescapeMarkdown(s: string): string {
  return s.includes('\\') ? s.replace(/\\([!-/:-@[-`{-~])/g, '$1') : s;
}

export const ENTITY = /&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;

export const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Entity references in a link destination are decoded (CommonMark 6.2): `a&amp;b.md` is `a&b.md`. */
export function decodeEntities(s: string): string {
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

export interface Builder {
  doc: SkillDocument;
  out: Reference[];
  /** a `cd` in the current shell block: later relative paths are not the skill's */
  cwdChanged?: boolean;
  /** the next PROSE_MARK match at or after where proseWords last looked (-1: none) */
  nextMark: number;
  /** the same for `#file:` (fileMentions.ts) */
  nextFileMark?: number;
  /** the line is a heading: a title, whose file names are no instructions */
  noProse?: boolean;
  /** the skill's folder, when the caller knows it */
  skillDir?: string;
  /** folder names the skill may be installed under (installedPath.ts), once asked */
  names?: string[];
  /** the skill folder as written from its project's root (installedPath.ts), once asked */
  projectPrefix?: string;
  /** the inline scan's state, reused line after line (inline.ts) */
  lineScan?: object;
  /** the same for shell words (shellWords.ts) */
  shellLine?: object;
}

/**
 * Length of the prefix of `raw` that stands for the skill folder with its `/`: an agent
 * variable (`${CLAUDE_SKILL_DIR}/`) or an installed location (`~/.claude/skills/pdf/`); 0: none.
 */
export function skillPrefixLength(b: Builder, raw: string): number {
  const r0 = raw.charCodeAt(0);
  if (r0 !== 123 /* { */ && r0 !== 36 /* $ */ && r0 !== 126 /* ~ */) return 0;
  const v = r0 === 126 ? null : VARIABLE.exec(raw);
  return v ? v[0].length : installedPrefixLength(raw, (b.names ??= installNames(b.doc.path, b.skillDir)));
}

/**
 * A reference whose ranges are computed on first read: most references never get a
 * diagnostic, and two eager ranges cost four line look-ups and six objects each.
 */
export class Reference implements SkillReference {
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

export interface PushOptions {
  decode: boolean;
  base: 'file' | 'skill';
  tentative?: boolean;
  executed?: boolean;
  label?: string;
  /** length of a prefix that stands for the skill folder, found by the caller */
  prefix?: number;
}

/** Adds the reference at `start`–`end`; `raw` is that span of the text. */
export function push(b: Builder, kind: ReferenceKind, start: number, end: number, raw: string, opts: PushOptions): void {
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

/** Index of the UTF-16 unit `code` in `text` from `from`, before `to`; -1 if absent. */
export function indexIn(text: string, code: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

export function isQuote(c: number): boolean {
  return c === 34 /* " */ || c === 39 /* ' */;
}

/** `"`, `'`, `)`, `,`, `;`, `:` or `.`: punctuation that ends a word in code but not its path. */
export function isClosing(c: number): boolean {
  return isQuote(c) || c === 41 || c === 44 || c === 59 || c === 58 || c === 46;
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Whether the word starts with the skill folder's variable or installed location (only `{`, `$` or `~` can start one). */
export function startsWithVariable(b: Builder, start: number, end: number): boolean {
  const c = b.doc.text.charCodeAt(start);
  return (c === 123 /* { */ || c === 36 /* $ */ || c === 126) /* ~ */ && skillPrefixLength(b, b.doc.text.slice(start, end)) > 0;
}

import * as path from 'node:path';
import { findFrontmatterBounds } from '../document/frontmatterBounds';
import { newFrontmatter, type SkillDocument } from '../document/model';
import { parseSkillDocument } from '../document/parse';
import { decodeText } from '../document/readSkillFile';
import { LineIndex } from '../text/lineIndex';
import type { DirEntry, FileStat, FileSystem, WithinRead } from '../workspace/fileSystem';
import { collectAnchors, type Anchor } from './anchors';
import { after, SettledCache, type Pending } from './settled';

/** Target files are read up to this many bytes: a heading past it is not looked for. */
export const MAX_TARGET_BYTES = 256 * 1024;

export type TextRead =
  | { ok: true; text: string; size: number; truncated: boolean }
  | { ok: false; problem: 'binary' | 'encoding' | 'unreadable' | 'not-file' | 'outside'; detail: string };

export interface Listing {
  entries: DirEntry[];
  byName: Map<string, DirEntry>;
  byLower: Map<string, DirEntry>;
  /** names not starting with `.`: what a missing name may be a typo of */
  visibleNames: string[];
}

/** A listing whose name maps are built on first use (most folders only need `entries` or `byName`). */
class LazyListing implements Listing {
  private name?: Map<string, DirEntry>;
  private lower?: Map<string, DirEntry>;
  private visible?: string[];

  constructor(readonly entries: DirEntry[]) {}

  get byName(): Map<string, DirEntry> {
    if (!this.name) {
      this.name = new Map();
      for (const e of this.entries) this.name.set(e.name, e);
    }
    return this.name;
  }

  get byLower(): Map<string, DirEntry> {
    if (!this.lower) {
      this.lower = new Map();
      for (const e of this.entries) {
        const k = e.name.toLowerCase();
        if (!this.lower.has(k)) this.lower.set(k, e);
      }
    }
    return this.lower;
  }

  get visibleNames(): string[] {
    return (this.visible ??= this.entries.filter((e) => !e.name.startsWith('.')).map((e) => e.name));
  }
}

/** Headings and anchors of a Markdown file (from its first `maxBytes`). */
export interface FileAnchors {
  anchors: Anchor[];
  truncated: boolean;
}

/** A Markdown file read for its references and anchors. */
export interface MarkdownFile {
  doc: SkillDocument;
  truncated: boolean;
}

/**
 * Caches for one check run (or one provider call): each folder is listed once, each
 * file stat-ed and read at most once, and only a prefix of large files is read.
 * The `…Now` accessors give settled values without a promise (see SettledCache).
 */
export class ReferenceContext {
  private readonly listings = new SettledCache<Listing | undefined>();
  private readonly stats = new SettledCache<FileStat | undefined | Error>();
  private readonly reals = new SettledCache<string | undefined>();
  private readonly texts = new SettledCache<TextRead>();
  private readonly markdownFiles = new SettledCache<MarkdownFile | Extract<TextRead, { ok: false }>>();
  private readonly anchorCache = new SettledCache<FileAnchors | TextRead>();
  /** resolveReference results by skill folder (and base folder), then written path */
  readonly resolutions = new Map<string, SettledCache<unknown>>();

  /** folders whose files (by real path) may be read; undefined: any (see confine) */
  private confinedTo?: readonly string[];

  constructor(readonly fs: FileSystem, readonly maxBytes = MAX_TARGET_BYTES) {}

  /**
   * Reads only files whose real path (every symbolic link and `..` resolved) lies in
   * one of `dirs` (by their real paths): a link out of the skill folder is listed and
   * stat-ed, its content is never read (`problem: 'outside'`). See docs/security.md.
   */
  confine(...dirs: string[]): this {
    this.confinedTo = dirs;
    return this;
  }

  /** The real path of `file` when confine() forbids reading it. */
  async outside(file: string): Promise<string | undefined> {
    if (!this.confinedTo) return undefined;
    for (const dir of this.confinedTo) if (await this.plainlyWithin(dir, file)) return undefined;
    const real = await this.realpath(file);
    // Gone or a broken link: the read itself reports it.
    if (real === undefined) return undefined;
    for (const dir of this.confinedTo) {
      const root = await this.realpath(dir);
      if (root !== undefined && within(root, real)) return undefined;
    }
    return real;
  }

  /**
   * Whether the listings show `file` inside `dir` with no symbolic link on the way
   * (every step a folder, the last not a link): then its real path is inside dir's real
   * path, and no realpath() is needed (one readlink per path component each).
   * A written `..` or `.` could step through a link: those paths ask the disk.
   */
  private async plainlyWithin(dir: string, file: string): Promise<boolean> {
    if (!file.startsWith(dir + path.sep)) return false;
    const steps = file.slice(dir.length + 1).split(path.sep);
    let cur = dir;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      if (step === '' || step === '.' || step === '..') return false;
      const pending = this.listingNow(cur);
      const entry = (pending instanceof Promise ? await pending : pending)?.byName.get(step);
      if (!entry || entry.type === 'symlink' || (i < steps.length - 1 && entry.type !== 'directory')) return false;
      cur = cur + path.sep + step;
    }
    return true;
  }

  listing(dir: string): Promise<Listing | undefined> {
    return Promise.resolve(this.listingNow(dir));
  }

  listingNow(dir: string): Pending<Listing | undefined> {
    return this.listings.get(dir, () =>
      this.fs.readDirectory(dir).then(
        (entries) => new LazyListing(entries),
        () => undefined,
      ),
    );
  }

  stat(file: string): Promise<FileStat | undefined | Error> {
    return Promise.resolve(this.statNow(file));
  }

  statNow(file: string): Pending<FileStat | undefined | Error> {
    return this.stats.get(file, () => this.fs.stat(file).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
  }

  realpath(file: string): Promise<string | undefined> {
    return Promise.resolve(this.realpathNow(file));
  }

  realpathNow(file: string): Pending<string | undefined> {
    return this.reals.get(file, () => this.fs.realpath(file).catch(() => undefined));
  }

  /** The file as text (its first `maxBytes`), or why it is not text. Never throws. */
  readText(file: string): Promise<TextRead> {
    return Promise.resolve(this.readTextNow(file));
  }

  readTextNow(file: string): Pending<TextRead> {
    return this.texts.get(file, () => this.read(file));
  }

  /** Seeds the cache with a text already in memory (the open SKILL.md). */
  seedText(file: string, text: string): void {
    this.texts.set(file, { ok: true, text, size: text.length, truncated: false });
  }

  private async read(file: string): Promise<TextRead> {
    const out = await this.outside(file);
    if (out !== undefined) return { ok: false, problem: 'outside', detail: `it leads to ${out}, outside the skill folder, and skillmd reads no file there` };
    if (this.fs.readFileWithin && this.fs.readFilePrefix && !this.stats.has(file)) return this.readWithin(file);
    try {
      const st = await this.stat(file);
      if (st instanceof Error) return { ok: false, problem: 'unreadable', detail: st.message };
      if (!st) return { ok: false, problem: 'unreadable', detail: 'it does not exist' };
      if (st.type !== 'file') return { ok: false, problem: 'not-file', detail: 'it is not a regular file' };
      const truncated = st.size > this.maxBytes;
      let bytes: Uint8Array;
      if (truncated && this.fs.readFilePrefix) bytes = await this.fs.readFilePrefix(file, this.maxBytes);
      else if (truncated) return { ok: false, problem: 'unreadable', detail: `it is larger than ${this.maxBytes} bytes` };
      else bytes = await this.fs.readFile(file);
      if (truncated) bytes = trimToCharBoundary(bytes);
      const decoded = decodeText(bytes);
      if ('problem' in decoded) return { ok: false, problem: decoded.problem, detail: decoded.detail };
      const text = decoded.text.charCodeAt(0) === 0xfeff ? decoded.text.slice(1) : decoded.text;
      return { ok: true, text, size: st.size, truncated };
    } catch (e) {
      return { ok: false, problem: 'unreadable', detail: (e as Error).message };
    }
  }

  /** `read` with one open (and fstat) instead of a stat and then a read. */
  private async readWithin(file: string): Promise<TextRead> {
    let r: WithinRead;
    try {
      r = await this.fs.readFileWithin!(file, this.maxBytes);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return { ok: false, problem: 'unreadable', detail: 'it does not exist' };
      return { ok: false, problem: 'unreadable', detail: (e as Error).message };
    }
    try {
      let bytes: Uint8Array;
      let size: number;
      let truncated = false;
      if ('bytes' in r) {
        bytes = r.bytes;
        size = bytes.length;
      } else if (r.notFile) {
        return { ok: false, problem: 'not-file', detail: 'it is not a regular file' };
      } else {
        size = r.size;
        truncated = true;
        bytes = trimToCharBoundary(await this.fs.readFilePrefix!(file, this.maxBytes));
      }
      const decoded = decodeText(bytes);
      if ('problem' in decoded) return { ok: false, problem: decoded.problem, detail: decoded.detail };
      const text = decoded.text.charCodeAt(0) === 0xfeff ? decoded.text.slice(1) : decoded.text;
      return { ok: true, text, size, truncated };
    } catch (e) {
      return { ok: false, problem: 'unreadable', detail: (e as Error).message };
    }
  }

  /** A Markdown file (its first `maxBytes`) as a document to extract references from. */
  markdownNow(file: string): Pending<MarkdownFile | Extract<TextRead, { ok: false }>> {
    return this.markdownFiles.get(file, () =>
      after(this.readTextNow(file), (r) => (r.ok ? { doc: parseReferencedMarkdown(file, r.text), truncated: r.truncated } : r)),
    );
  }

  /** Headings and anchors of a Markdown file (from its first `maxBytes`). */
  anchors(file: string): Promise<FileAnchors | TextRead> {
    return Promise.resolve(this.anchorsNow(file));
  }

  anchorsNow(file: string): Pending<FileAnchors | TextRead> {
    // From the same document as the file's references: its lines are split once.
    return this.anchorCache.get(file, () =>
      after(this.markdownNow(file), (m) => ('doc' in m ? { anchors: collectAnchors(m.doc.text, m.doc.lines), truncated: m.truncated } : m)),
    );
  }
}

/**
 * The document of a Markdown file a skill references, to read the references of its
 * body: what parseSkillDocument gives, except that a leading frontmatter is only
 * delimited, never read as YAML (its entries stay empty: nothing checks them).
 */
export function parseReferencedMarkdown(file: string, text: string): SkillDocument {
  const hasBom = text.charCodeAt(0) === 0xfeff;
  const bounds = findFrontmatterBounds(text, hasBom ? 1 : 0);
  // Without a frontmatter parseSkillDocument reads no YAML.
  if (!bounds) return parseSkillDocument(file, text);
  const frontmatter = newFrontmatter({
    state: bounds.terminated ? 'mapping' : 'unterminated',
    leadingBlankLines: bounds.leadingBlankLines,
    contentStart: bounds.contentStart,
    contentEnd: bounds.contentEnd,
  });
  return { path: file, text, lines: new LineIndex(text), hasBom, strippedBom: false, frontmatter, bodyStart: bounds.bodyStart, version: 0 };
}

/** Drops a UTF-8 sequence cut off by a prefix read, so decoding does not fail on it. */
function trimToCharBoundary(b: Uint8Array): Uint8Array {
  let i = b.length;
  let k = 0;
  while (i > 0 && k < 4 && (b[i - 1] & 0xc0) === 0x80) {
    i--;
    k++;
  }
  if (i > 0 && b[i - 1] >= 0xc0) {
    const lead = b[i - 1];
    const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : 1;
    if (k < need) return b.subarray(0, i - 1);
  }
  return b;
}

export function isMarkdownPath(p: string): boolean {
  return /\.(md|markdown|mdx)$/i.test(p);
}

/** Posix-style path of `abs` relative to `dir`. */
export function relPath(dir: string, abs: string): string {
  return path.relative(dir, abs).split(path.sep).join('/');
}

/** Whether `p` is `dir` or below it (both real, normalised paths). */
function within(dir: string, p: string): boolean {
  const r = path.relative(dir, p);
  return r === '' || (r !== '..' && !r.startsWith('..' + path.sep) && !path.isAbsolute(r));
}

import * as path from 'node:path';
import { decodeText } from '../document/readSkillFile';
import type { DirEntry, FileStat, FileSystem } from '../workspace/fileSystem';
import { collectAnchors, type Anchor } from './anchors';

/** Target files are read up to this many bytes: a heading past it is not looked for. */
export const MAX_TARGET_BYTES = 256 * 1024;

export type TextRead =
  | { ok: true; text: string; size: number; truncated: boolean }
  | { ok: false; problem: 'binary' | 'encoding' | 'unreadable' | 'not-file'; detail: string };

export interface Listing {
  entries: DirEntry[];
  byName: Map<string, DirEntry>;
  byLower: Map<string, DirEntry>;
}

/** A listing whose name maps are built on first use (most folders only need `entries` or `byName`). */
class LazyListing implements Listing {
  private name?: Map<string, DirEntry>;
  private lower?: Map<string, DirEntry>;

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
}

/**
 * Caches for one check run (or one provider call): each folder is listed once, each
 * file stat-ed and read at most once, and only a prefix of large files is read.
 */
export class ReferenceContext {
  private readonly listings = new Map<string, Promise<Listing | undefined>>();
  private readonly stats = new Map<string, Promise<FileStat | undefined | Error>>();
  private readonly reals = new Map<string, Promise<string | undefined>>();
  private readonly texts = new Map<string, Promise<TextRead>>();
  private readonly anchorCache = new Map<string, Promise<{ anchors: Anchor[]; truncated: boolean } | TextRead>>();
  /** resolveReference results by skill folder (and base folder), then written path */
  readonly resolutions = new Map<string, Map<string, Promise<unknown>>>();

  constructor(readonly fs: FileSystem, readonly maxBytes = MAX_TARGET_BYTES) {}

  listing(dir: string): Promise<Listing | undefined> {
    let p = this.listings.get(dir);
    if (!p) {
      p = this.fs.readDirectory(dir).then(
        (entries) => new LazyListing(entries),
        () => undefined,
      );
      this.listings.set(dir, p);
    }
    return p;
  }

  stat(file: string): Promise<FileStat | undefined | Error> {
    let p = this.stats.get(file);
    if (!p) {
      p = this.fs.stat(file).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      this.stats.set(file, p);
    }
    return p;
  }

  realpath(file: string): Promise<string | undefined> {
    let p = this.reals.get(file);
    if (!p) {
      p = this.fs.realpath(file).catch(() => undefined);
      this.reals.set(file, p);
    }
    return p;
  }

  /** The file as text (its first `maxBytes`), or why it is not text. Never throws. */
  readText(file: string): Promise<TextRead> {
    let p = this.texts.get(file);
    if (!p) {
      p = this.read(file);
      this.texts.set(file, p);
    }
    return p;
  }

  /** Seeds the cache with a text already in memory (the open SKILL.md). */
  seedText(file: string, text: string): void {
    this.texts.set(file, Promise.resolve({ ok: true, text, size: text.length, truncated: false }));
  }

  private async read(file: string): Promise<TextRead> {
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
    let r: { bytes: Uint8Array } | { size: number; notFile?: boolean };
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

  /** Headings and anchors of a Markdown file (from its first `maxBytes`). */
  anchors(file: string): Promise<{ anchors: Anchor[]; truncated: boolean } | TextRead> {
    let p = this.anchorCache.get(file);
    if (!p) {
      p = this.readText(file).then((r) => (r.ok ? { anchors: collectAnchors(r.text), truncated: r.truncated } : r));
      this.anchorCache.set(file, p);
    }
    return p;
  }
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

// Reading a batch's text files on the thread that walked the tree, so that the thread
// that checks them does no file I/O for them: on two cores the walk leaves its thread
// mostly idle, while the checking thread spent a quarter of its time in open/read.
// Every file is read into one ArrayBuffer that is transferred, not copied.
import * as fs from 'node:fs';
import { childPath } from '../core/workspace/childPath';
import { fileStamp } from './nodeFileSystem';
import { readWhole } from './readWhole';
import type { SkillListings } from '../core/workspace/findSkillFiles';

/** Larger files are left to the checking thread, which reads them bounded. */
export const PREREAD_MAX_FILE = 256 * 1024;
/** Bytes read ahead per batch at most: bounds the memory of batches in flight. */
const PREREAD_MAX_BATCH = 4 * 1024 * 1024;
/** Files read ahead per skill besides SKILL.md: a skill with a big tree gets the rest read as needed. */
const PREREAD_MAX_PER_SKILL = 64;
/**
 * The reads block the thread that answers requests: on a slow (network) file system a
 * batch stops reading ahead after this long, and the worker reads the rest.
 */
const PREREAD_MAX_MS = 20;

export interface Preread {
  buffer: ArrayBuffer;
  /** [path, offset, length] of every file read whole into `buffer`, with its stamp when asked */
  files: [string, number, number, string?][];
}

/**
 * What the checks read: Markdown (links, anchors) and, when some file looks unused, the
 * text of used scripts and data files (which may name it). Binary formats are never read.
 */
const TEXT = /\.(md|markdown|txt|py|sh|bash|zsh|ps1|js|mjs|cjs|ts|tsx|jsx|json|jsonl|ya?ml|toml|csv|tsv|xml|svg|html?|css|sql|rb|go|rs|java|kt|swift|c|h|cpp|lua|pl|php|r)$/i;

/**
 * Reads each skill file and the text files of its folders (what the reference check
 * reads; `skillFilesOnly` for a check without it). A file that cannot be read whole now (missing, a FIFO, too large,
 * unreadable) is skipped: the checking thread reads it and reports the problem.
 */
export function prereadSkills(files: string[], listings: (SkillListings | undefined)[], skip: (file: string) => boolean, maxMs = PREREAD_MAX_MS, skillFilesOnly = false, stamps = false): Preread {
  let buffer = new Uint8Array(64 * 1024);
  let used = 0;
  const out: [string, number, number, string?][] = [];
  const deadline = performance.now() + maxMs;
  const read = (file: string) => {
    if (used >= PREREAD_MAX_BATCH || skip(file) || performance.now() > deadline) return;
    let fd: number;
    try {
      // O_NONBLOCK: a FIFO must not hang the walk.
      fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    } catch {
      return;
    }
    try {
      // Each file starts on a 4-byte boundary: the index hashes a SKILL.md by 32-bit
      // words (lsp/skillCheck.ts), which needs an aligned start or a copy.
      used = (used + 3) & ~3;
      const start = used;
      // For the index cache: the stamp before the bytes, as NodeFileSystem takes it.
      const stamp = stamps ? fileStamp(fs.fstatSync(fd)) : undefined;
      const whole = readWhole(fd, buffer, start, PREREAD_MAX_FILE);
      if (!whole) return;
      buffer = whole.buffer;
      used = whole.end;
      out.push(stamp === undefined ? [file, start, used - start] : [file, start, used - start, stamp]);
    } catch {
      // EISDIR, EAGAIN (FIFO), EACCES…: the checking thread will say why.
    } finally {
      fs.closeSync(fd);
    }
  };
  for (let i = 0; i < files.length; i++) {
    read(files[i]);
    if (skillFilesOnly) continue;
    let left = PREREAD_MAX_PER_SKILL;
    for (const [dir, entries] of listings[i] ?? []) {
      for (const e of entries) {
        if (e.type !== 'file' || !TEXT.test(e.name)) continue;
        const p = childPath(dir, e.name);
        if (p !== files[i] && left-- > 0) read(p);
      }
    }
  }
  return { buffer: buffer.buffer as ArrayBuffer, files: out };
}

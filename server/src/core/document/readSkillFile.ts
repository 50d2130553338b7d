import type { SkillDiagnostic } from '../types';
import type { FileSystem } from '../workspace/fileSystem';
import type { SkillDocument } from './model';
import { parseSkillDocument } from './parse';
import { thousands } from '../text/thousands';

/** Larger SKILL.md files are reported, not parsed: no agent would load them whole. */
export const MAX_SKILL_FILE_BYTES = 5 * 1024 * 1024;

export type ReadResult = { doc: SkillDocument; diagnostic?: undefined } | { doc?: undefined; diagnostic: SkillDiagnostic };

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function fileProblem(path: string, code: string, message: string): { diagnostic: SkillDiagnostic } {
  return { diagnostic: { code, severity: 'error', message, file: path, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } } };
}

/** Decodes bytes as a text file, or says why it is not one. */
export function decodeText(bytes: Uint8Array): { text: string } | { problem: 'binary' | 'encoding'; detail: string } {
  // A NUL byte in the first 8 KiB marks binary content, as git and editors judge it.
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    const nul = firstNul(bytes);
    if (nul !== -1) return { problem: 'binary', detail: `NUL byte at offset ${nul}` };
    return { problem: 'encoding', detail: `invalid UTF-8 near byte ${firstInvalidUtf8(bytes)}` };
  }
  // Searching the decoded text is many times faster than Uint8Array#indexOf (a byte
  // loop in V8). A NUL character is a NUL byte, and it lies at a byte offset no lower
  // than its character index, so the bytes are searched only when one may be in range.
  const c = text.indexOf('\0');
  if (c !== -1 && c < NUL_PROBE) {
    const nul = firstNul(bytes);
    if (nul !== -1) return { problem: 'binary', detail: `NUL byte at offset ${nul}` };
  }
  return { text };
}

const NUL_PROBE = 8192;

function firstNul(bytes: Uint8Array): number {
  return bytes.subarray(0, Math.min(bytes.length, NUL_PROBE)).indexOf(0);
}

/** Offset of the first byte that breaks UTF-8, for the message. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k] & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return i;
}

/** Why a skill file could not be opened, in words (not an errno and a path). */
export function unreadableMessage(e: unknown): string {
  switch ((e as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'The skill file does not exist (or is a symbolic link to a missing file).';
    case 'ELOOP':
      return 'The skill file is a symbolic link that loops back on itself.';
    case 'EACCES':
    case 'EPERM':
      return 'The skill file cannot be read: permission denied.';
    default:
      return `The skill file cannot be read: ${(e as Error).message}`;
  }
}

/**
 * Reads and parses a SKILL.md. Unreadable, binary, non-UTF-8 and oversized files
 * become one diagnostic each, never an exception.
 */
export async function readSkillFile(fs: FileSystem, path: string): Promise<ReadResult> {
  const read = await readSkillText(fs, path);
  if ('diagnostic' in read) return read;
  return { doc: parseSkillDocument(path, read.text, 0, read.strippedBom) };
}

/** `bytes`: the file as read, of which `text` is the decoding. */
export type TextResult = { text: string; strippedBom: boolean; bytes: Uint8Array } | { diagnostic: SkillDiagnostic };

/**
 * A SKILL.md's text as an editor holds it (no BOM), or the one diagnostic that says
 * why it has none: the reading every host shares (the CLI parses the text whole, the
 * server within its limits).
 */
export async function readSkillText(fs: FileSystem, path: string): Promise<TextResult> {
  let bytes: Uint8Array;
  try {
    if (fs.readFileWithin) {
      const r = await fs.readFileWithin(path, MAX_SKILL_FILE_BYTES);
      if (!('bytes' in r)) {
        if (r.notFile) return fileProblem(path, 'file-unreadable', 'The skill file is not a regular file.');
        return fileProblem(path, 'file-too-large', tooLarge(r.size));
      }
      bytes = r.bytes;
    } else {
      const st = await fs.stat(path);
      if (!st) return fileProblem(path, 'file-unreadable', unreadableMessage({ code: 'ENOENT' }));
      if (st.type !== 'file') return fileProblem(path, 'file-unreadable', 'The skill file is not a regular file.');
      if (st.size > MAX_SKILL_FILE_BYTES) return fileProblem(path, 'file-too-large', tooLarge(st.size));
      bytes = await fs.readFile(path);
    }
  } catch (e) {
    return fileProblem(path, 'file-unreadable', unreadableMessage(e));
  }
  return decodeSkillFile(path, bytes);
}

/** Bytes of a skill file as the text an editor would hold (no BOM), or a diagnostic. */
export function decodeSkillFile(path: string, bytes: Uint8Array): TextResult {
  const decoded = decodeText(bytes);
  if ('problem' in decoded) {
    return decoded.problem === 'binary'
      ? fileProblem(path, 'file-binary', `The skill file is binary (${decoded.detail}), not Markdown text.`)
      : fileProblem(path, 'file-encoding', `The skill file is not valid UTF-8 (${decoded.detail}); save it as UTF-8.`);
  }
  const text = stripBom(decoded.text);
  return { text, strippedBom: text.length !== decoded.text.length, bytes };
}

export function tooLarge(size: number): string {
  const [is, limit] = formatBytesOver(size, MAX_SKILL_FILE_BYTES);
  return `The skill file is ${is}, over the ${limit} skillmd reads; agents would load all of it into context.`;
}

/** Editors drop the BOM from the text they hold; do the same so positions agree. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** `size` against `limit` in words that differ: 5,242,881 bytes is "5.0 MiB" too. */
export function formatBytesOver(size: number, limit: number): [string, string] {
  const a = formatBytes(size);
  const b = formatBytes(limit);
  return a === b ? [`${thousands(size)} bytes`, `${b} (${thousands(limit)} bytes)`] : [a, b];
}

// A FileSystem that serves the editor's unsaved buffers in place of the files on
// disk (reads and sizes), so reference checks see what the user is typing in every
// open Markdown file of a skill. Listings, realpaths and modes still come from disk.
import type { DirEntry, FileStat, FileSystem, WithinRead } from '../core/workspace/fileSystem';

/** The text of an open editor buffer for a path, if any. */
export type OpenText = (file: string) => string | undefined;

export class OverlayFileSystem implements FileSystem {
  constructor(private readonly base: FileSystem, private readonly openText: OpenText) {}

  private bytes(file: string): Uint8Array | undefined {
    const t = this.openText(file);
    return t === undefined ? undefined : Buffer.from(t, 'utf8');
  }

  async readFile(file: string): Promise<Uint8Array> {
    return this.bytes(file) ?? this.base.readFile(file);
  }

  async readFilePrefix(file: string, maxBytes: number): Promise<Uint8Array> {
    const b = this.bytes(file);
    if (b) return b.subarray(0, maxBytes);
    if (this.base.readFilePrefix) return this.base.readFilePrefix(file, maxBytes);
    return (await this.base.readFile(file)).subarray(0, maxBytes);
  }

  async readFileWithin(file: string, maxBytes: number): Promise<WithinRead> {
    const b = this.bytes(file);
    if (b) return b.length > maxBytes ? { size: b.length } : { bytes: b };
    if (this.base.readFileWithin) return this.base.readFileWithin(file, maxBytes);
    const st = await this.base.stat(file);
    if (!st) throw Object.assign(new Error(`ENOENT: no such file, open '${file}'`), { code: 'ENOENT' });
    if (st.type !== 'file') return { size: st.size, notFile: true };
    if (st.size > maxBytes) return { size: st.size };
    return { bytes: await this.base.readFile(file) };
  }

  async stat(file: string): Promise<FileStat | undefined> {
    const st = await this.base.stat(file);
    const b = st?.type === 'file' ? this.bytes(file) : undefined;
    return b && st ? { ...st, size: b.length } : st;
  }

  readDirectory(dir: string): Promise<DirEntry[]> {
    return this.base.readDirectory(dir);
  }

  overlaid(file: string): boolean {
    return this.openText(file) !== undefined || !!this.base.overlaid?.(file);
  }

  realpath(file: string): Promise<string> {
    return this.base.realpath(file);
  }
}

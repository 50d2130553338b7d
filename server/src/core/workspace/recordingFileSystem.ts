import type { DirEntry, FileStat, FileSystem, WithinRead } from './fileSystem';

/**
 * A FileSystem that notes every question a check asks and a digest of every answer,
 * so that a cached result can be trusted exactly as long as asking the same questions
 * again gives the same answers (`replay`). Nothing else goes into a check: the core
 * reads the disk only through the injected file system. Answers that are errors count
 * too (a missing file that appears later changes the answer to a `stat`).
 *
 * A record is a list of [question, digest]. A question is `op\0path` (plus `\0limit`
 * for the reads with one); the digest of file contents comes from the injected `hash`
 * (the host's fastest; contents never enter the record).
 */
export type FileRecord = Array<[string, string]>;

export type ContentHash = (bytes: Uint8Array) => string;

type Op = 'read' | 'prefix' | 'within' | 'stat' | 'list' | 'real';

/** Questions about a file's contents (the ones a stamp can vouch for). */
const CONTENT = /^(?:within|read|prefix)\0/;

function errorDigest(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  return `!${typeof code === 'string' ? code : (e as Error).message}`;
}

function statDigest(st: FileStat | undefined): string {
  // mtime is left out: no check reads it, and a touched file is not a changed one.
  return st ? `${st.type} ${st.size} ${st.mode}` : '-';
}

function listDigest(entries: DirEntry[]): string {
  let s = '';
  for (const e of entries) s += `${e.type[0]}${e.name}/`;
  return s;
}

function withinDigest(r: WithinRead, hash: ContentHash): string {
  return 'bytes' in r ? hash(r.bytes) : `${r.notFile ? 'notfile' : 'size'} ${r.size}`;
}

/**
 * The digest `question` gets when its path does not exist (ENOENT), as `replay` would
 * give it: a host that knows the path is missing (one stat) need not ask.
 */
export function absentDigest(question: string): string {
  return question.startsWith('stat\0') ? statDigest(undefined) : errorDigest({ code: 'ENOENT' });
}

export class RecordingFileSystem implements FileSystem {
  private readonly seen = new Map<string, string>();
  /** each file's first stamp (readFileWithin), and the stamp that vouches for each content question */
  private readonly pathStamps = new Map<string, string>();
  private readonly questionStamps = new Map<string, string>();
  readonly readFilePrefix?: (path: string, maxBytes: number) => Promise<Uint8Array>;
  readonly readFileWithin?: (path: string, maxBytes: number) => Promise<WithinRead>;

  constructor(
    private readonly base: FileSystem,
    private readonly hash: ContentHash,
  ) {
    if (base.readFilePrefix) {
      const prefix = base.readFilePrefix.bind(base);
      this.readFilePrefix = (p, n) => this.ask(`prefix\0${p}\0${n}`, () => prefix(p, n), hash);
    }
    if (base.readFileWithin) {
      const within = base.readFileWithin.bind(base);
      this.readFileWithin = (p, n) => {
        const question = `within\0${p}\0${n}`;
        return this.ask(question, () => within(p, n), (r) => {
          if (r.stamp !== undefined && !this.pathStamps.has(p)) this.pathStamps.set(p, r.stamp);
          return withinDigest(r, hash);
        });
      };
    }
  }

  /** The questions asked so far with the digests of their first answers. */
  record(): FileRecord {
    return [...this.seen];
  }

  /**
   * Per question about a file's contents, the stamp the host gave for that file
   * (readFileWithin's `stamp`) before this check read the contents that question was
   * answered from: the within read itself, and reads and prefixes of it asked later.
   */
  stamps(): FileRecord {
    return [...this.questionStamps];
  }

  /** Notes a question answered outside the file system (a host's probe) and its answer. */
  note(question: string, answer: string): void {
    if (!this.seen.has(question)) this.seen.set(question, answer);
  }

  readFile(path: string): Promise<Uint8Array> {
    return this.ask(`read\0${path}`, () => this.base.readFile(path), this.hash);
  }

  stat(path: string): Promise<FileStat | undefined> {
    return this.ask(`stat\0${path}`, () => this.base.stat(path), statDigest);
  }

  readDirectory(path: string): Promise<DirEntry[]> {
    return this.ask(`list\0${path}`, () => this.base.readDirectory(path), listDigest);
  }

  realpath(path: string): Promise<string> {
    return this.ask(`real\0${path}`, () => this.base.realpath(path), (r) => r);
  }

  private async ask<T>(question: string, answer: () => Promise<T>, digest: (r: T) => string): Promise<T> {
    // A stamp taken before this read vouches for its answer; one taken after does not.
    const content = CONTENT.test(question);
    const path = content ? question.slice(question.indexOf('\0') + 1).split('\0', 1)[0] : '';
    const before = content ? this.pathStamps.get(path) : undefined;
    try {
      const r = await answer();
      if (!this.seen.has(question)) {
        this.seen.set(question, digest(r));
        const stamp = before ?? (content && question.startsWith('within\0') ? this.pathStamps.get(path) : undefined);
        if (stamp !== undefined) this.questionStamps.set(question, stamp);
      }
      return r;
    } catch (e) {
      if (!this.seen.has(question)) this.seen.set(question, errorDigest(e));
      throw e;
    }
  }
}

/**
 * The digest `question` gets from `fs` now, or undefined for a question this module
 * does not know (a host's own, see `note`: the host replays those).
 */
export async function replay(fs: FileSystem, question: string, hash: ContentHash): Promise<string | undefined> {
  const [op, path, limit] = question.split('\0') as [Op, string, string?];
  try {
    switch (op) {
      case 'read':
        return hash(await fs.readFile(path));
      case 'prefix':
        return fs.readFilePrefix ? hash(await fs.readFilePrefix(path, Number(limit))) : undefined;
      case 'within':
        return fs.readFileWithin ? withinDigest(await fs.readFileWithin(path, Number(limit)), hash) : undefined;
      case 'stat':
        return statDigest(await fs.stat(path));
      case 'list':
        return listDigest(await fs.readDirectory(path));
      case 'real':
        return await fs.realpath(path);
      default:
        return undefined;
    }
  } catch (e) {
    return errorDigest(e);
  }
}

// What the two caches of check results share (`check --cache`, cli/commands/checkCache.ts,
// and the server's index cache, lsp/indexCache.ts): the digest of contents, the
// questions a host answers itself, replaying a record's questions once per run, and
// writing the cache file so that no reader ever sees half of it.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { PluginFolderProbe } from '../core/profiles/targets';
import type { FileSystem } from '../core/workspace/fileSystem';
import { replay } from '../core/workspace/recordingFileSystem';

/**
 * 128 bits of SHA-1, in base64: it tells changed contents apart (no one forges a
 * collision to make a linter reuse a result) at about half of SHA-256's cost, which a
 * warm run pays for every file it compares.
 */
export function contentHash(bytes: Uint8Array | string): string {
  // Required here: node:crypto costs a check without a cache ~10 ms to load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha1').update(bytes).digest('base64').slice(0, 22);
}

/** A question a host answers itself: whether `dir` holds a `name` folder (see core/profiles/targets). */
export function probeQuestion(dir: string, name: string): string {
  return `probe\0${dir}\0${name}`;
}

/**
 * The answers a run gives to recorded questions, each asked once: skills share folders
 * and files, and the same question gets the same answer whichever skill asks.
 */
export class ReplayAnswers {
  private readonly answers = new Map<string, Promise<string | undefined>>();

  answer(question: string, fs: FileSystem, probe: PluginFolderProbe | undefined): Promise<string | undefined> {
    let a = this.answers.get(question);
    if (!a) {
      if (question.startsWith('probe\0')) {
        const [, dir, name] = question.split('\0');
        a = Promise.resolve(probe ? (probe(dir, name) ? '1' : '0') : undefined);
      } else a = replay(fs, question, contentHash);
      this.answers.set(question, a);
    }
    return a;
  }
}

/** Writes `file` through a temporary file and a rename; returns why it could not (nothing is thrown). */
export function writeFileAtomic(file: string, data: string | Uint8Array): string | undefined {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(tmp, data);
    renameSync(tmp, file);
    return undefined;
  } catch (e) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Its folder could not be made: nothing was written.
    }
    return `${file}: ${(e as Error).message}`;
  }
}

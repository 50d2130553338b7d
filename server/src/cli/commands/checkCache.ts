// `skillmd check --cache`: a skill's result is reused while every question its check
// asked of the disk (files read, folders listed, paths looked up, plugin folders
// probed: core/workspace/recordingFileSystem.ts) gets the same answer, under the
// same key (skillmd's build, the configuration, the targets, the output's format and
// folder). A changed file re-checks exactly the skills whose checks read it.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { SkillCheckResult } from '../../core/check/checkSkillFile';
import type { PluginFolderProbe } from '../../core/profiles/targets';
import { replay, type FileRecord } from '../../core/workspace/recordingFileSystem';
import type { FileSystem } from '../../core/workspace/fileSystem';
import { VERSION } from '../version';
import type { RenderedSkill } from '../format/stream';

/** What a skill adds to the report: its rendered part (text, JSON) or its slim result (SARIF). */
export type SkillOutput = RenderedSkill | SkillCheckResult;

export interface CachedSkill {
  record: FileRecord;
  out: SkillOutput;
}

interface CacheFile {
  key: string;
  skills: Record<string, CachedSkill>;
}

/** The default of `--cache-location`, relative to the working folder (as ESLint's and Prettier's). */
export const DEFAULT_CACHE_DIR = path.join('node_modules', '.cache', 'skillmd');
const CACHE_FILE = 'check-cache.json';

/** 128 bits of SHA-256, in base64: collisions are out of reach, and each digest is short. */
export function contentHash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('base64').slice(0, 22);
}

/** A question a host answers itself: whether `dir` holds a `name` folder (see core/profiles/targets). */
export function probeQuestion(dir: string, name: string): string {
  return `probe\0${dir}\0${name}`;
}

/** The cache file for `--cache-location` (a file, or a folder: one ending in a slash or that exists). */
export function cacheFilePath(cwd: string, location: string | undefined): string {
  const loc = path.resolve(cwd, location ?? DEFAULT_CACHE_DIR);
  if (location === undefined || /[\\/]$/.test(location)) return path.join(loc, CACHE_FILE);
  try {
    if (statSync(loc).isDirectory()) return path.join(loc, CACHE_FILE);
  } catch {
    // Not there yet: a file.
  }
  return loc;
}

/**
 * Everything besides the disk that a result depends on. The bundles are hashed, not
 * only the version: a rebuild that changes a rule must not reuse results.
 */
export function cacheKey(parts: unknown[], bundleDir: string): string {
  const bundles = ['cli.js', 'yaml.js', 'picomatch.js', 'gptEncoding.js'].map((f) => {
    try {
      return contentHash(readFileSync(path.join(bundleDir, f)));
    } catch {
      return '-';
    }
  });
  return contentHash(JSON.stringify([VERSION, process.version, process.platform, bundles, ...parts]));
}

export class CheckCache {
  /** skills this run took from the cache, and skills it checked and stored */
  reused = 0;
  checked = 0;
  private readonly skills: Record<string, CachedSkill>;
  private dirty = false;
  /** Answers of this run, shared by the skills that ask the same question. */
  private readonly answers = new Map<string, Promise<string | undefined>>();

  private constructor(
    private readonly file: string,
    private readonly key: string,
    skills: Record<string, CachedSkill> | undefined,
  ) {
    this.skills = skills ?? Object.create(null);
    if (!skills) this.dirty = true;
  }

  /** Opens the cache file; one that is missing, damaged or of another key starts empty. */
  static open(file: string, key: string): CheckCache {
    let skills: Record<string, CachedSkill> | undefined;
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
      if (parsed && parsed.key === key && parsed.skills && typeof parsed.skills === 'object') skills = Object.assign(Object.create(null), parsed.skills);
    } catch {
      // Missing or damaged: rebuilt from scratch.
    }
    return new CheckCache(file, key, skills);
  }

  /** The cached output of `skillFile` if every recorded question still gets its recorded answer. */
  async lookup(skillFile: string, fs: FileSystem, probe: PluginFolderProbe | undefined): Promise<SkillOutput | undefined> {
    const hit = this.skills[skillFile];
    if (!hit || !Array.isArray(hit.record)) return undefined;
    for (const [question, digest] of hit.record) {
      if ((await this.answer(question, fs, probe)) !== digest) return undefined;
    }
    this.reused++;
    return hit.out;
  }

  store(skillFile: string, entry: CachedSkill): void {
    this.skills[skillFile] = entry;
    this.checked++;
    this.dirty = true;
  }

  /**
   * Writes the cache if anything changed: to a temporary file first, so a reader never
   * sees half of it. Returns why it could not (the report stands without the cache).
   */
  save(): string | undefined {
    if (!this.dirty) return undefined;
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(tmp, JSON.stringify({ key: this.key, skills: this.skills } satisfies CacheFile));
      renameSync(tmp, this.file);
    } catch (e) {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // Its folder could not be made: nothing was written.
      }
      return `${this.file}: ${(e as Error).message}`;
    }
    this.dirty = false;
    return undefined;
  }

  private answer(question: string, fs: FileSystem, probe: PluginFolderProbe | undefined): Promise<string | undefined> {
    // Listings come from the walk through `fs`, and the same folder gets the same
    // answer whichever skill asks: one answer per question and run.
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

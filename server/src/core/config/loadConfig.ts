import * as path from 'node:path';
import type { FileSystem } from '../workspace/fileSystem';
import { validateConfig, type SkillmdConfig } from './config';

export const CONFIG_FILE_NAME = '.skillmd.json';

export interface LoadedConfig {
  config: SkillmdConfig;
  /** folder the globs are relative to */
  dir: string;
  file: string;
  problems: string[];
}

export async function loadConfigFile(fs: FileSystem, file: string): Promise<LoadedConfig> {
  const dir = path.dirname(file);
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(await fs.readFile(file)));
  } catch (e) {
    return { config: {}, dir, file, problems: [`cannot read ${file}: ${(e as Error).message}`] };
  }
  const { config, problems } = validateConfig(raw);
  return { config, dir, file, problems };
}

/** The nearest `.skillmd.json` in `start` or a folder above it. */
export async function findConfigFile(fs: FileSystem, start: string): Promise<string | undefined> {
  let dir = path.resolve(start);
  for (;;) {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    const st = await fs.stat(candidate).catch(() => undefined);
    if (st?.type === 'file') return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

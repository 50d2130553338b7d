// The disk side of plugin detection (core/profiles/targets.ts): whether a folder holds
// `.claude-plugin/`. Sibling skills share their parents, so each folder is looked at
// once per probe; a probe lives as long as one run (CLI) or one configuration (server).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PluginFolderProbe } from '../core/profiles/targets';

const MAX_CACHED = 10_000;

export function pluginFolderProbe(): PluginFolderProbe {
  const seen = new Map<string, boolean>();
  return (dir, name) => {
    // Not path.join: its normalizing was most of the probe's cost (0.2 of the index
    // worker's CPU-s on 10,000 skills), and the disk is asked only on a miss.
    const key = dir + '\0' + name;
    let hit = seen.get(key);
    if (hit === undefined) {
      try {
        hit = fs.statSync(path.join(dir, name), { throwIfNoEntry: false })?.isDirectory() ?? false;
      } catch {
        // EACCES, ENOTDIR…: not a plugin we can read.
        hit = false;
      }
      if (seen.size >= MAX_CACHED) seen.clear();
      seen.set(key, hit);
    }
    return hit;
  };
}

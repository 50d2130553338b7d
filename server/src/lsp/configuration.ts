// Settings from the editor (workspace/configuration, section `skillmd`, or
// initializationOptions) merged with `.skillmd.json` in each workspace folder. The
// config file wins over the editor for targets and rule severities.
import { homedir } from 'node:os';
import * as path from 'node:path';
import type { CheckOptions } from '../core/check/checkDocument';
import { isIgnored, settingsFor } from '../core/config/config';
import { CONFIG_FILE_NAME, loadConfigFile, type LoadedConfig } from '../core/config/loadConfig';
import { isProfileId } from '../core/profiles/registry';
import type { PluginFolderProbe } from '../core/profiles/targets';
import type { ProfileId } from '../core/profiles/types';
import type { SeveritySetting } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';

const HOME = homedir();

export type RenameReferences = 'never' | 'prompt' | 'always';

export interface EditorSettings {
  targets: ProfileId[];
  rules: Record<string, SeveritySetting>;
  /** check every SKILL.md of the workspace, not only open ones */
  workspaceDiagnostics: boolean;
  /** quiet time after an edit before the document is checked */
  debounceMs: number;
  renameUpdateReferences: RenameReferences;
}

export const defaultSettings: EditorSettings = {
  targets: [],
  rules: {},
  workspaceDiagnostics: true,
  debounceMs: 150,
  renameUpdateReferences: 'prompt',
};

const SEVERITIES = new Set(['error', 'warning', 'info', 'hint', 'off']);

/** Validates whatever the client sent; unknown or malformed values fall back to defaults. */
export function readSettings(raw: unknown): EditorSettings {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: EditorSettings = { ...defaultSettings, rules: {} };
  if (Array.isArray(o.targets)) out.targets = o.targets.filter((t): t is ProfileId => typeof t === 'string' && isProfileId(t));
  if (o.rules && typeof o.rules === 'object') {
    for (const [k, v] of Object.entries(o.rules as Record<string, unknown>)) if (typeof v === 'string' && SEVERITIES.has(v)) out.rules[k] = v as SeveritySetting;
  }
  const diag = o.diagnostics as Record<string, unknown> | undefined;
  if (typeof diag?.workspace === 'boolean') out.workspaceDiagnostics = diag.workspace;
  if (typeof diag?.debounceMs === 'number' && diag.debounceMs >= 0) out.debounceMs = Math.min(diag.debounceMs, 5000);
  const rename = o.rename as Record<string, unknown> | undefined;
  if (rename?.updateReferences === 'never' || rename?.updateReferences === 'prompt' || rename?.updateReferences === 'always') {
    out.renameUpdateReferences = rename.updateReferences;
  }
  return out;
}

export class Configuration {
  settings: EditorSettings = defaultSettings;
  /** one loaded `.skillmd.json` per workspace folder that has one, deepest first */
  private configs: LoadedConfig[] = [];
  /** bumped on every change: results computed under an older generation are stale */
  generation = 0;

  /** looks for plugin folders above skills (cached): replaced when one comes or goes */
  private pluginProbe: PluginFolderProbe | undefined;

  constructor(
    private readonly fs: FileSystem,
    /** makes a probe that looks at the disk (none: plugins are not detected) */
    private readonly newPluginProbe?: () => PluginFolderProbe,
  ) {
    this.pluginProbe = newPluginProbe?.();
  }

  /** A `.claude-plugin` folder was created or deleted: the inferred targets may change. */
  pluginFoldersChanged(): void {
    this.pluginProbe = this.newPluginProbe?.();
    this.generation++;
  }

  setSettings(s: EditorSettings): void {
    this.settings = s;
    this.generation++;
  }

  /** (Re)reads `.skillmd.json` of every workspace folder. Returns the problems found. */
  async loadConfigFiles(folders: readonly string[]): Promise<{ file: string; problems: string[] }[]> {
    const loaded: LoadedConfig[] = [];
    for (const folder of folders) {
      const file = path.join(folder, CONFIG_FILE_NAME);
      const st = await this.fs.stat(file).catch(() => undefined);
      if (st?.type !== 'file') continue;
      loaded.push(await loadConfigFile(this.fs, file));
    }
    this.configs = loaded.sort((a, b) => b.dir.length - a.dir.length);
    this.generation++;
    return loaded.filter((l) => l.problems.length).map((l) => ({ file: l.file, problems: l.problems }));
  }

  configFor(file: string): LoadedConfig | undefined {
    return this.configs.find((c) => file === c.dir || file.startsWith(c.dir + path.sep));
  }

  /** Check options for one SKILL.md. */
  optionsFor(file: string): CheckOptions {
    const loaded = this.configFor(file);
    const opts: CheckOptions = { ruleSeverities: this.settings.rules, homeDir: HOME };
    if (this.pluginProbe) opts.isPluginFolder = this.pluginProbe;
    if (loaded) {
      opts.config = loaded.config;
      opts.configDir = loaded.dir;
    }
    if (this.settings.targets.length) {
      // Editor targets apply only where the config file names none.
      const fromFile = loaded ? settingsFor(loaded.config, relative(loaded.dir, file)).targets : undefined;
      if (!fromFile?.length) opts.targets = this.settings.targets;
    }
    return opts;
  }

  /** What decides the files a walk skips (each config file's folder and ignore globs): a kept walk's key. */
  walkKey(): string {
    return JSON.stringify(this.configs.map((c) => [c.dir, c.config.ignore ?? []]));
  }

  isIgnored(file: string): boolean {
    const loaded = this.configFor(file);
    return !!loaded && isIgnored(loaded.config, relative(loaded.dir, file));
  }
}

function relative(dir: string, file: string): string {
  return path.relative(dir, file).split(path.sep).join('/');
}

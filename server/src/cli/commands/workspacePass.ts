import * as path from 'node:path';
import { resolveSkillSettings, type CheckOptions } from '../../core/check/checkDocument';
import { workspaceRoots } from '../../core/catalog/catalog';
import { checkContractWorkspace } from '../../core/contracts/check';
import { findContractFiles, type ContractFiles } from '../../core/contracts/discover';
import { loadContractWorkspace } from '../../core/contracts/workspace';
import { DEFAULT_ROUTING_THRESHOLD, routingConflicts } from '../../core/routing/conflicts';
import { catalogGroups, routableSkills } from '../../core/routing/workspaceSkills';
import type { SkillDiagnostic } from '../../core/types';
import type { FileSystem } from '../../core/workspace/fileSystem';

/**
 * What `check` finds across files once every SKILL.md is checked: contracts
 * (`skill.yaml`, `<id>.skill.yaml`, contract fields of a SKILL.md), registries
 * (`meta.yaml`) and routing conflicts between skills seen together. `plain`: SKILL.md
 * files the check found without contract fields (not read again unless needed).
 * `found`: per root, its files as the check's walk found them (ContractFileCollector);
 * a root without them is walked here.
 */
export async function workspaceDiagnostics(fs: FileSystem, cwd: string, roots: string[], opts: CheckOptions, exclude?: (p: string) => boolean, plain?: ReadonlySet<string>, found?: readonly (ContractFiles | undefined)[]): Promise<SkillDiagnostic[]> {
  const files: ContractFiles = { contracts: [], registries: [], skillFiles: [] };
  for (let i = 0; i < roots.length; i++) {
    const known = found?.[i];
    if (!known) await findContractFiles(fs, roots[i], exclude, files);
    else for (const k of ['contracts', 'registries', 'skillFiles'] as const) files[k].push(...known[k]);
  }
  dedupe(files); // overlapping paths (`check a a/b`)
  const routing = !!opts.config?.routing;
  let ws = await loadContractWorkspace(fs, files, { allSkills: routing, plain });
  // A fallback, a registry or a similar skill may be outside the paths given
  // (`check skills/one`): then the catalog roots and the folders that hold the skills
  // checked are read too, for their names; only the paths given are reported. Paths
  // that name no other skill (no contract, registry or routing) need none of that:
  // `check` of one skill must not read its thousand siblings.
  const catalog = workspaceRoots([opts.configDir ?? cwd], opts.config, opts.configDir).map((r) => r.path);
  if (routing || ws.contracts.length || ws.registries.length) {
    const before = files.contracts.length + files.registries.length + files.skillFiles.length;
    const context = new Set(catalog);
    for (const f of [...files.skillFiles, ...files.contracts]) context.add(path.dirname(path.dirname(f)));
    // Never above the workspace (a skill folder checked as `.` must not walk its parent).
    const top = opts.configDir ?? cwd;
    for (const c of context) if (!roots.some((r) => within(c, r)) && !(within(top, c) && c !== top)) await findContractFiles(fs, c, exclude, files);
    dedupe(files);
    if (files.contracts.length + files.registries.length + files.skillFiles.length !== before) ws = await loadContractWorkspace(fs, files, { allSkills: routing, plain });
  }
  const severities = (file: string) => resolveSkillSettings(file, opts).rules;
  const notesOnly = (file: string) => !resolveSkillSettings(file, opts).targets.some((p) => p.unknownFields === 'extra');
  const out = checkContractWorkspace(ws, severities, notesOnly);
  // Routing conflicts are a workspace's choice (`routing` in .skillmd.json): a team that
  // routes by descriptions wants them, a folder of unrelated skills gets no guesses.
  if (!routing) return finish(out, roots);
  const threshold = opts.config!.routing!.threshold ?? DEFAULT_ROUTING_THRESHOLD;
  for (const group of catalogGroups(routableSkills(ws), catalog)) {
    for (const d of routingConflicts(group, threshold)) {
      const setting = severities(d.file)[d.code];
      if (setting === 'off') continue;
      out.push(setting ? { ...d, severity: setting } : d);
    }
  }
  return finish(out, roots);
}

function dedupe(files: ContractFiles): void {
  files.contracts = [...new Set(files.contracts)];
  files.registries = [...new Set(files.registries)];
  files.skillFiles = [...new Set(files.skillFiles)];
}

const within = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

function finish(all: SkillDiagnostic[], roots: string[]): SkillDiagnostic[] {
  const out = all.filter((d) => roots.some((r) => within(d.file, r)));
  return out.sort((a, b) => (a.file === b.file ? a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character : a.file < b.file ? -1 : 1)).map((d) => ({ ...d, file: path.resolve(d.file) }));
}

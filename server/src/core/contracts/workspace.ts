import type { SkillDocument } from '../document/model';
import { readSkillFile } from '../document/readSkillFile';
import type { FileSystem } from '../workspace/fileSystem';
import { buildWorkspace } from './check';
import type { ContractFiles } from './discover';
import { contractFromSkillMd, loadContract, loadRegistry, skillMdInfo } from './load';
import type { ContractWorkspace, LoadedContract, LoadedRegistry, SkillMdInfo } from './model';

/** Reads the files a walk found into a workspace of contracts, registries and SKILL.md facts. */
export async function loadContractWorkspace(fs: FileSystem, files: ContractFiles, docs?: Map<string, SkillDocument>): Promise<ContractWorkspace> {
  const contracts: LoadedContract[] = [];
  const skillMds: SkillMdInfo[] = [];
  const registries: LoadedRegistry[] = [];
  for (const f of files.skillFiles) {
    const doc = docs?.get(f) ?? (await readSkillFile(fs, f)).doc;
    if (!doc) continue;
    skillMds.push(skillMdInfo(doc));
    const c = contractFromSkillMd(doc);
    if (c) contracts.push(c);
  }
  for (const f of files.contracts) {
    const c = await loadContract(fs, f);
    if (c) contracts.push(c);
  }
  for (const f of files.registries) {
    const r = await loadRegistry(fs, f);
    if (r) registries.push(r);
  }
  return buildWorkspace(contracts, skillMds, registries);
}

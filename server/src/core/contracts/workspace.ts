import type { SkillDocument } from '../document/model';
import { parseSkillDocument } from '../document/parse';
import { decodeText, MAX_SKILL_FILE_BYTES, stripBom } from '../document/readSkillFile';
import type { FileSystem } from '../workspace/fileSystem';
import { buildWorkspace } from './check';
import type { ContractFiles } from './discover';
import { contractFromSkillMd, loadContract, loadRegistry, skillMdInfo } from './load';
import { hasContractFields, type ContractWorkspace, type LoadedContract, type LoadedRegistry, type SkillMdInfo } from './model';

async function readText(fs: FileSystem, file: string): Promise<{ text: string; strippedBom: boolean } | undefined> {
  try {
    const st = await fs.stat(file);
    if (!st || st.type !== 'file' || st.size > MAX_SKILL_FILE_BYTES) return undefined;
    const d = decodeText(await fs.readFile(file));
    if (!('text' in d)) return undefined; // check reports it
    const text = stripBom(d.text);
    return { text, strippedBom: text.length !== d.text.length };
  } catch {
    return undefined;
  }
}

/**
 * A workspace with some SKILL.md files read again (changed on disk), without reading
 * the others: undefined when the whole workspace must be read again (a file it did
 * not know, or, while it parsed no SKILL.md, one that has contract fields now).
 */
export async function reloadSkillFiles(fs: FileSystem, ws: ContractWorkspace, files: string[], parsedAll: boolean): Promise<ContractWorkspace | undefined> {
  const fresh = new Map<string, SkillDocument | undefined>();
  for (const f of files) {
    const t = await readText(fs, f);
    if (!parsedAll) {
      if (t && hasContractFields(t.text)) return undefined;
      continue;
    }
    if (!ws.skillMds.some((s) => s.file === f)) return undefined;
    fresh.set(f, t ? parseSkillDocument(f, t.text, 0, t.strippedBom) : undefined);
  }
  if (!fresh.size) return ws;
  const skillMds = ws.skillMds.flatMap((s) => {
    if (!fresh.has(s.file)) return [s];
    const doc = fresh.get(s.file);
    return doc ? [skillMdInfo(doc)] : [];
  });
  const contracts = ws.contracts.filter((c) => !(c.kind === 'frontmatter' && fresh.has(c.file)));
  for (const doc of fresh.values()) {
    const c = doc && contractFromSkillMd(doc);
    if (c) contracts.unshift(c);
  }
  return buildWorkspace(contracts, skillMds, ws.registries);
}

export interface WorkspaceLoadOptions {
  /** documents already parsed (editor buffers) */
  docs?: Map<string, SkillDocument>;
  /** every SKILL.md is needed (routing) even when no file refers to skills by name */
  allSkills?: boolean;
  /**
   * SKILL.md files known to have no contract fields (`check` learnt it while checking
   * them): read only if something needs every skill's name.
   */
  plain?: ReadonlySet<string>;
}

/** Reads the files a walk found into a workspace of contracts, registries and SKILL.md facts. */
export async function loadContractWorkspace(fs: FileSystem, files: ContractFiles, opts: WorkspaceLoadOptions = {}): Promise<ContractWorkspace> {
  const fileContracts: LoadedContract[] = [];
  const registries: LoadedRegistry[] = [];
  for (const f of files.contracts) {
    const c = await loadContract(fs, f);
    if (c) fileContracts.push(c);
  }
  for (const f of files.registries) {
    const r = await loadRegistry(fs, f);
    if (r) registries.push(r);
  }
  const texts = new Map<string, { text: string; strippedBom: boolean }>();
  for (const f of files.skillFiles) {
    if (opts.docs?.has(f) || opts.plain?.has(f)) continue;
    const t = await readText(fs, f);
    if (t) texts.set(f, t);
  }
  // Names matter once anything names skills: a contract, a registry, a SKILL.md with contract fields.
  const all = opts.allSkills || fileContracts.length > 0 || registries.length > 0 || !!opts.docs?.size || [...texts.values()].some((t) => hasContractFields(t.text));
  if (all && opts.plain) {
    for (const f of files.skillFiles) {
      if (!opts.plain.has(f) || opts.docs?.has(f)) continue;
      const t = await readText(fs, f);
      if (t) texts.set(f, t);
    }
  }
  const skillMds: SkillMdInfo[] = [];
  const mdContracts: LoadedContract[] = [];
  if (all) {
    for (const f of files.skillFiles) {
      const t = texts.get(f);
      const doc = opts.docs?.get(f) ?? (t ? parseSkillDocument(f, t.text, 0, t.strippedBom) : undefined);
      if (!doc) continue;
      skillMds.push(skillMdInfo(doc));
      const c = contractFromSkillMd(doc);
      if (c) mdContracts.push(c);
    }
  }
  return buildWorkspace([...mdContracts, ...fileContracts], skillMds, registries);
}

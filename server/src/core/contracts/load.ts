import * as path from 'node:path';
import type { SkillDocument } from '../document/model';
import { decodeText } from '../document/readSkillFile';
import { getString } from '../document/values';
import type { FileSystem } from '../workspace/fileSystem';
import { CONTRACT_ONLY_FIELDS, SKILL_MD_OWN_FIELDS, type ContractKind, type LoadedContract, type LoadedRegistry, type SkillMdInfo, type TestCaseFile } from './model';
import { ownValidators } from './schema';
import { LineIndex } from '../text/lineIndex';
import { YamlSource } from './yamlSource';

/** What a file name makes of a file: a contract, a registry, or nothing. */
export function contractFileKind(file: string): ContractKind | 'registry' | undefined {
  const base = path.basename(file);
  if (base === 'skill.yaml' || base === 'skill.yml') return 'skill.yaml';
  if (/^.+\.skill\.ya?ml$/.test(base)) return 'id.skill.yaml';
  if (base === 'meta.yaml' || base === 'meta.yml') return 'registry';
  return undefined;
}

const MAX_BYTES = 1024 * 1024;

async function readText(fs: FileSystem, file: string): Promise<string | undefined> {
  try {
    const bytes = await fs.readFile(file);
    if (bytes.length > MAX_BYTES) return undefined;
    const d = decodeText(bytes);
    return 'text' in d ? d.text.replace(/^\uFEFF/, '') : undefined;
  } catch {
    return undefined;
  }
}

function asMapping(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Builds a contract from its parsed text (the editor's buffer or the file's). */
export function contractFromText(file: string, text: string, testCases: TestCaseFile[] = []): LoadedContract {
  const kind = contractFileKind(file) as 'skill.yaml' | 'id.skill.yaml';
  const source = new YamlSource(text);
  const value = asMapping(source.value);
  const fields = value ?? {};
  const validate = ownValidators().contract;
  const schemaErrors = value && !validate(fields) ? [...(validate.errors ?? [])] : [];
  const fileId = kind === 'id.skill.yaml' ? path.basename(file).replace(/\.skill\.ya?ml$/, '') : undefined;
  return { file, kind, dir: path.dirname(file), source, value, fileId, fields, schemaErrors, testCases };
}

/** The contract fields of a SKILL.md frontmatter, or undefined when it has none of the contract-only ones. */
export function contractFromSkillMd(doc: SkillDocument): LoadedContract | undefined {
  const keys = new Set(doc.frontmatter.entries.map((e) => e.key));
  if (!CONTRACT_ONLY_FIELDS.some((k) => keys.has(k))) return undefined;
  const fm = doc.frontmatter;
  const source = new YamlSource(doc.text, fm.contentStart, fm.contentEnd, doc.lines);
  const value = asMapping(source.value);
  if (!value) return undefined;
  // Only the contract's own fields: the SKILL.md rules check the others.
  const fields: Record<string, unknown> = {};
  const known = ownValidators().contract.schema as { properties: Record<string, unknown> };
  for (const [k, v] of Object.entries(value)) if (k in known.properties && !SKILL_MD_OWN_FIELDS.has(k)) fields[k] = v;
  const validate = ownValidators().contract;
  const schemaErrors = validate(fields) ? [] : [...(validate.errors ?? [])];
  return { file: doc.path, kind: 'frontmatter', dir: path.dirname(doc.path), source, value, fields, schemaErrors, testCases: [] };
}

/** `test_cases/*.json` of a contract: `test_cases/<id>/` for `<id>.skill.yaml` when there is one. */
export async function loadTestCases(fs: FileSystem, contract: Pick<LoadedContract, 'dir' | 'fileId'>): Promise<TestCaseFile[]> {
  const base = path.join(contract.dir, 'test_cases');
  const own = contract.fileId ? path.join(base, contract.fileId) : undefined;
  const folder = own && (await fs.stat(own).catch(() => undefined))?.type === 'directory' ? own : base;
  let entries;
  try {
    entries = await fs.readDirectory(folder);
  } catch {
    return [];
  }
  const out: TestCaseFile[] = [];
  for (const e of entries.filter((x) => x.name.endsWith('.json')).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const file = path.join(folder, e.name);
    const text = await readText(fs, file);
    if (text !== undefined) out.push(testCaseFromText(file, text));
  }
  return out;
}

export function testCaseFromText(file: string, text: string): TestCaseFile {
  const tc: TestCaseFile = { file, text };
  try {
    tc.value = JSON.parse(text);
    tc.source = new YamlSource(text);
  } catch (e) {
    const message = (e as Error).message;
    const m = /position (\d+)/.exec(message);
    const at = m ? Number(m[1]) : text.length;
    const lines = new LineIndex(text);
    tc.parseError = { message, range: lines.range(at, Math.min(text.length, at + 1)) };
  }
  return tc;
}

export async function loadContract(fs: FileSystem, file: string, text?: string): Promise<LoadedContract | undefined> {
  const t = text ?? (await readText(fs, file));
  if (t === undefined) return undefined;
  const c = contractFromText(file, t);
  c.testCases = await loadTestCases(fs, c);
  return c;
}

export function registryFromText(file: string, text: string): LoadedRegistry {
  const source = new YamlSource(text);
  const value = source.value;
  const validate = ownValidators().registry;
  const schemaErrors = value !== undefined && value !== null && !validate(value) ? [...(validate.errors ?? [])] : [];
  const entries: LoadedRegistry['entries'] = [];
  const skills = asMapping(value)?.skills;
  const add = (name: unknown, p: (string | number)[], entry: Record<string, unknown> | undefined, key: boolean) => {
    if (typeof name !== 'string' || !name) return;
    const range = key ? source.keyRange(p) : source.valueRange([...p, 'name']);
    if (!range) return;
    const version = entry && typeof entry.version === 'string' ? entry.version : undefined;
    entries.push({ name, range, version, versionRange: version ? source.valueRange([...p, 'version']) : undefined, path: p });
  };
  if (Array.isArray(skills)) skills.forEach((s, i) => add(asMapping(s)?.name, ['skills', i], asMapping(s), false));
  else if (asMapping(skills)) for (const [k, v] of Object.entries(skills as object)) add(k, ['skills', k], asMapping(v), true);
  return { file, source, value, schemaErrors, entries };
}

/**
 * `meta.yaml` is a common name: a file is a registry when it sits in a `skills/` folder
 * or has a top-level `skills`; any other is not read.
 */
export function isRegistry(r: LoadedRegistry): boolean {
  return path.basename(path.dirname(r.file)) === 'skills' || asMapping(r.value)?.skills !== undefined;
}

export async function loadRegistry(fs: FileSystem, file: string, text?: string): Promise<LoadedRegistry | undefined> {
  const t = text ?? (await readText(fs, file));
  const r = t === undefined ? undefined : registryFromText(file, t);
  return r && isRegistry(r) ? r : undefined;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

/** The routing and naming facts of a SKILL.md. */
export function skillMdInfo(doc: SkillDocument): SkillMdInfo {
  const entry = (k: string) => doc.frontmatter.entries.find((e) => e.key === k);
  const nameEntry = entry('name');
  const descEntry = entry('description');
  const name = getString(doc, 'name')?.trim() || path.basename(path.dirname(doc.path));
  const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const tk = entry('trigger_keywords');
  const triggerRanges = tk?.value?.kind === 'seq' ? tk.value.items.map((i) => i.range) : [];
  const list = (k: string) => {
    const v = entry(k)?.value;
    if (!v) return [];
    if (v.kind === 'seq') return v.items.map((i) => (i.kind === 'scalar' ? String(i.value ?? '') : '')).filter(Boolean);
    if (v.kind === 'scalar' && typeof v.value === 'string') return v.value.split(',').map((s) => s.trim()).filter(Boolean);
    return [];
  };
  return {
    file: doc.path,
    dir: path.dirname(doc.path),
    name,
    nameRange: nameEntry?.valueRange ?? zero,
    description: getString(doc, 'description'),
    descriptionRange: descEntry?.valueRange,
    whenToUse: getString(doc, 'when_to_use'),
    tags: list('tags'),
    triggerKeywords: strings(list('trigger_keywords')),
    triggerRanges,
  };
}

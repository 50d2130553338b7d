// skill.yaml, <id>.skill.yaml and meta.yaml in the editor: diagnostics, completion and
// hover from the contract schema, and definition / references / rename on the skill
// names of `fallback` and registry entries. An adapter over core/contracts.
import {
  CompletionItemKind, type CompletionItem, type Diagnostic, type Hover, type Location, type Position, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver/node';
import * as path from 'node:path';
import { workspaceRoots } from '../core/catalog/catalog';
import { byPosition, resolveSkillSettings, type CheckOptions } from '../core/check/checkDocument';
import { contractCompletion, contractHover, skillNameAt, type AssistOptions } from '../core/contracts/assist';
import { buildWorkspace, checkContract, checkRegistry } from '../core/contracts/check';
import { findContractFiles, type ContractFiles } from '../core/contracts/discover';
import { contractFileKind, contractFromSkillMd, contractFromText, isRegistry, loadTestCases, registryFromText, skillMdInfo } from '../core/contracts/load';
import type { SkillDocument } from '../core/document/model';
import { DEFAULT_ROUTING_THRESHOLD, routingConflicts } from '../core/routing/conflicts';
import { catalogGroups, routableSkills } from '../core/routing/workspaceSkills';
import type { ContractWorkspace } from '../core/contracts/model';
import { fallbackNames } from '../core/contracts/rules/helpers';
import { loadContractWorkspace, reloadSkillFiles } from '../core/contracts/workspace';
import { LineIndex } from '../core/text/lineIndex';
import type { Range, SkillDiagnostic } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
import { SKILL_FILE_NAMES } from '../core/workspace/findSkillFiles';
import { pathToUri, toLspDiagnostic } from './convert';

export interface ContractHost {
  /** the disk with the editor's buffers on top */
  fs: FileSystem;
  folders(): readonly string[];
  optionsFor(file: string): CheckOptions;
  isIgnored(file: string): boolean;
  /** the open buffer of a file */
  text(file: string): string | undefined;
  /** every file open in the editor */
  openFiles(): Iterable<string>;
  /** SKILL.md files known to have no contract fields (the index's): read only when every skill is needed */
  plainSkills?(): ReadonlySet<string>;
}

export const isContractFile = (file: string): boolean => contractFileKind(file) !== undefined;

export class ContractService {
  private ws: Promise<ContractWorkspace> | undefined;
  /** whether `ws` parsed every SKILL.md (routing, or a contract named skills) */
  private wsAll = false;
  /** the last text of each open SKILL.md its checks saw: the closed skills' checks count it */
  private readonly buffers = new Map<string, SkillDocument>();

  /** changes heard of (filesChanged, invalidate): a walk that began before one is stale */
  private changes = 0;
  /** what a walk of the folders found (the index's, see offerWalk): used by the next load */
  private walked: { files: ContractFiles; folders: string } | undefined;

  constructor(private readonly host: ContractHost) {}

  /** Files changed on disk or in a buffer: the workspace is read again on the next request. */
  invalidate(): void {
    this.changes++;
    this.walked = undefined;
    this.ws = undefined;
  }

  /** What a walk that starts now passes to offerWalk. */
  changeStamp(): number {
    return this.changes;
  }

  /**
   * The contract files another walk of the workspace folders found (the index's, which
   * lists every folder anyway): the next load uses them instead of walking again, if no
   * change was heard of since that walk began (`stamp`) and the folders are the same.
   */
  offerWalk(files: ContractFiles, stamp: number, folders: readonly string[]): void {
    if (stamp === this.changes && !this.ws) this.walked = { files, folders: folders.join('\0') };
  }

  /**
   * Files changed on disk. A SKILL.md whose text changed is read again alone (a save must
   * not re-read every skill of a large workspace); anything else (a contract, a registry,
   * a file created or deleted, a folder) reads the workspace again on the next request.
   */
  filesChanged(changes: readonly { file: string; changed: boolean }[]): void {
    this.changes++;
    this.walked = undefined;
    const old = this.ws;
    if (!old || !changes.every((c) => c.changed && SKILL_FILE_NAMES.includes(path.basename(c.file)))) return this.invalidate();
    const all = this.wsAll;
    this.ws = old.then(async (ws) => (await reloadSkillFiles(this.host.fs, ws, changes.map((c) => c.file), all)) ?? this.load(false));
  }

  /** `all`: every SKILL.md is needed (an open one has contract fields), whatever the disk says. */
  workspace(all = false): Promise<ContractWorkspace> {
    if (this.ws && (all || this.routing()) && !this.wsAll) this.ws = undefined;
    return (this.ws ??= this.load(all));
  }

  /** The `routing` settings of the first workspace folder whose configuration has them. */
  private routing(): { threshold?: number } | undefined {
    for (const f of this.host.folders()) {
      const r = this.host.optionsFor(path.join(f, 'SKILL.md')).config?.routing;
      if (r) return r;
    }
    return undefined;
  }

  private async load(all: boolean): Promise<ContractWorkspace> {
    this.wsAll = all || !!this.routing();
    const walked = this.walked?.folders === this.host.folders().join('\0') ? this.walked.files : undefined;
    this.walked = undefined;
    const files: ContractFiles = walked ?? { contracts: [], registries: [], skillFiles: [] };
    if (!walked) for (const f of this.host.folders()) await findContractFiles(this.host.fs, f, (p) => this.host.isIgnored(p), files);
    return loadContractWorkspace(this.host.fs, files, { allSkills: this.wsAll, plain: this.host.plainSkills?.() });
  }

  /**
   * What an open SKILL.md gets beyond its own rules (added to its reference checks): its
   * part of skillChecks. `checked` gets the whole result (or nothing, when it was not
   * needed here): the closed skills' part may have changed with this buffer.
   */
  async skillMdDiagnostics(doc: SkillDocument, checked: (all?: Map<string, SkillDiagnostic[]>) => void): Promise<SkillDiagnostic[]> {
    this.buffers.set(doc.path, doc);
    // Nothing of its own to find: the pass for the closed skills need not hold its diagnostics up.
    if (!contractFromSkillMd(doc) && !this.routing()) return void checked(), [];
    const all = await this.skillChecks();
    checked(all);
    return all.get(doc.path) ?? [];
  }

  /**
   * The workspace checks of every SKILL.md, by file: the workspace rules of its contract
   * fields (a fallback to a missing skill, a cycle, a duplicate id) and, with `routing`
   * configured, its routing conflicts with the skills seen with it. Open SKILL.md files
   * count with their editor text. The one pass for open files (their reference checks)
   * and closed ones (merged into the workspace index, see contractIndex.ts).
   */
  async skillChecks(): Promise<Map<string, SkillDiagnostic[]>> {
    const open = new Set(this.host.openFiles());
    for (const f of [...this.buffers.keys()]) if (!open.has(f)) this.buffers.delete(f);
    const docs = [...this.buffers.values()];
    const mdContracts = docs.flatMap((d) => contractFromSkillMd(d) ?? []);
    const ws = await this.withBuffer(undefined, mdContracts.length > 0);
    const mine = new Set(docs.map((d) => d.path));
    const here = mine.size
      ? buildWorkspace([...ws.contracts.filter((x) => !mine.has(x.file)), ...mdContracts], [...ws.skillMds.filter((x) => !mine.has(x.file)), ...docs.map(skillMdInfo)], ws.registries)
      : ws;
    const settingsOf = new Map<string, ReturnType<typeof resolveSkillSettings>>();
    const settings = (f: string) => settingsOf.get(f) ?? settingsOf.set(f, resolveSkillSettings(f, this.host.optionsFor(f))).get(f)!;
    const skillFiles = new Set(here.skillMds.map((s) => s.file));
    const out = new Map<string, SkillDiagnostic[]>();
    // Only what a SKILL.md reports on itself: a skill.yaml's problems are its own file's.
    const add = (d: SkillDiagnostic) => {
      if (skillFiles.has(d.file)) (out.get(d.file) ?? out.set(d.file, []).get(d.file)!).push(d);
    };
    for (const c of here.contracts) {
      if (c.kind !== 'frontmatter') continue;
      const s = settings(c.file);
      for (const d of checkContract(c, here, s.rules, !s.targets.some((p) => p.unknownFields === 'extra'))) if (d.file === c.file) add(d);
    }
    const routing = this.routing();
    if (routing) {
      const roots = workspaceRoots([...this.host.folders()]).map((r) => r.path);
      for (const group of catalogGroups(routableSkills(here), roots)) {
        for (const d of routingConflicts(group, routing.threshold ?? DEFAULT_ROUTING_THRESHOLD)) {
          const setting = skillFiles.has(d.file) ? settings(d.file).rules[d.code] : 'off';
          if (setting !== 'off') add(setting ? { ...d, severity: setting } : d);
        }
      }
    }
    for (const list of out.values()) list.sort(byPosition);
    return out;
  }

  /**
   * The workspace with every open contract and registry read from its buffer (`file`
   * too, which may lie outside the folders): edits count at once, in every other file
   * that names the skill, without reading the workspace again.
   */
  private async withBuffer(file: string | undefined, all = false): Promise<ContractWorkspace> {
    const open = new Set([...this.host.openFiles()].filter((f) => contractFileKind(f)));
    if (file && contractFileKind(file)) open.add(file);
    // An open contract names skills even before it is saved: every SKILL.md name is needed.
    const ws = await this.workspace(all || open.size > 0);
    let contracts = ws.contracts;
    let registries = ws.registries;
    for (const f of open) {
      const text = this.host.text(f);
      if (text === undefined) continue;
      if (contractFileKind(f) === 'registry') {
        const r = registryFromText(f, text);
        registries = [...registries.filter((x) => x.file !== f), ...(isRegistry(r) ? [r] : [])];
      } else {
        const c = contractFromText(f, text);
        c.testCases = ws.contracts.find((x) => x.file === f)?.testCases ?? (await loadTestCases(this.host.fs, c));
        contracts = [...contracts.filter((x) => x.file !== f), c];
      }
    }
    return contracts === ws.contracts && registries === ws.registries ? ws : buildWorkspace(contracts, ws.skillMds, registries);
  }

  async diagnostics(file: string, version: number): Promise<Diagnostic[]> {
    const ws = await this.withBuffer(file);
    const rules = resolveSkillSettings(file, this.host.optionsFor(file)).rules;
    const c = ws.contracts.find((x) => x.file === file);
    const r = ws.registries.find((x) => x.file === file);
    const all = c ? checkContract(c, ws, rules) : r ? checkRegistry(r, ws, rules) : [];
    return all.filter((d) => d.file === file).map((d) => toLspDiagnostic(d, version));
  }

  private options(file: string, ws: ContractWorkspace): AssistOptions {
    return { schema: contractFileKind(file) === 'registry' ? 'registry' : 'contract', skillNames: [...ws.names.keys()].sort() };
  }

  /** A `meta.yaml` that is no registry (see isRegistry) is none of our business. */
  private ours(file: string, text: string): boolean {
    return contractFileKind(file) !== 'registry' || isRegistry(registryFromText(file, text));
  }

  async completion(file: string, text: string, position: Position): Promise<CompletionItem[]> {
    if (!this.ours(file, text)) return [];
    const lines = new LineIndex(text);
    const ws = await this.withBuffer(file);
    return contractCompletion(text, lines.offsetAt(position), this.options(file, ws)).map((i) => ({
      label: i.label,
      kind: i.kind === 'field' ? CompletionItemKind.Property : i.kind === 'skill' ? CompletionItemKind.Reference : CompletionItemKind.EnumMember,
      detail: i.detail,
      documentation: i.documentation ? { kind: 'markdown', value: i.documentation } : undefined,
      textEdit: { range: lines.range(i.start, i.end), newText: i.insertText },
    }));
  }

  hover(file: string, text: string, position: Position): Hover | null {
    if (!this.ours(file, text)) return null;
    const lines = new LineIndex(text);
    const h = contractHover(text, lines.offsetAt(position), { schema: contractFileKind(file) === 'registry' ? 'registry' : 'contract' });
    return h ? { contents: { kind: 'markdown', value: h.markdown }, range: lines.range(h.start, h.end) } : null;
  }

  /** Where the skill named under the cursor is defined: its SKILL.md `name`, a contract's `id`. */
  async definition(file: string, text: string, position: Position): Promise<Location[] | null> {
    const ws = await this.withBuffer(file);
    const lines = new LineIndex(text);
    const at = skillNameAt(text, lines.offsetAt(position), this.options(file, ws));
    const defs = at ? ws.names.get(at.name) : undefined;
    return defs?.length ? defs.map((d) => ({ uri: pathToUri(d.file), range: d.range })) : null;
  }

  /** Every place a skill name is used as a fallback or registry entry, with its definitions. */
  private async mentions(file: string, text: string, position: Position): Promise<{ name: string; at: Range; uses: { file: string; range: Range }[]; defs: { file: string; range: Range }[] } | undefined> {
    const ws = await this.withBuffer(file);
    const lines = new LineIndex(text);
    const at = skillNameAt(text, lines.offsetAt(position), this.options(file, ws));
    if (!at) return undefined;
    const uses: { file: string; range: Range }[] = [];
    for (const c of ws.contracts) {
      for (const f of fallbackNames(c)) {
        const r = f.name === at.name ? c.source.valueRange(f.path) : undefined;
        if (r) uses.push({ file: c.file, range: r });
      }
    }
    for (const r of ws.registries) for (const e of r.entries) if (e.name === at.name) uses.push({ file: r.file, range: e.range });
    return { name: at.name, at: lines.range(at.start, at.end), uses, defs: ws.names.get(at.name) ?? [] };
  }

  async references(file: string, text: string, position: Position, includeDeclaration: boolean): Promise<Location[]> {
    const m = await this.mentions(file, text, position);
    if (!m) return [];
    return [...(includeDeclaration ? m.defs : []), ...m.uses].map((x) => ({ uri: pathToUri(x.file), range: x.range }));
  }

  async prepareRename(file: string, text: string, position: Position): Promise<Range | null> {
    return (await this.mentions(file, text, position))?.at ?? null;
  }

  /**
   * Renames the skill a fallback or registry entry names, where these files name it:
   * every fallback and registry entry, and the contracts' `id`s. The SKILL.md `name` (and
   * its folder) are left to F2 on that name, which moves the folder too.
   */
  async rename(file: string, text: string, position: Position, newName: string): Promise<WorkspaceEdit | null> {
    const m = await this.mentions(file, text, position);
    if (!m) return null;
    const changes: Record<string, TextEdit[]> = {};
    const add = (f: string, range: Range) => (changes[pathToUri(f)] ??= []).push({ range, newText: newName });
    for (const u of m.uses) add(u.file, u.range);
    for (const d of m.defs) if (contractFileKind(d.file) && contractFileKind(d.file) !== 'registry') add(d.file, d.range);
    return { changes };
  }
}

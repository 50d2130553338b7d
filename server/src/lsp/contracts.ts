// skill.yaml, <id>.skill.yaml and meta.yaml in the editor: diagnostics, completion and
// hover from the contract schema, and definition / references / rename on the skill
// names of `fallback` and registry entries. An adapter over core/contracts.
import {
  CompletionItemKind, type CompletionItem, type Diagnostic, type Hover, type Location, type Position, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver/node';
import * as path from 'node:path';
import { workspaceRoots } from '../core/catalog/catalog';
import { resolveSkillSettings, type CheckOptions } from '../core/check/checkDocument';
import { contractCompletion, contractHover, skillNameAt, type AssistOptions } from '../core/contracts/assist';
import { buildWorkspace, checkContract, checkRegistry } from '../core/contracts/check';
import { findContractFiles, type ContractFiles } from '../core/contracts/discover';
import { contractFileKind, contractFromSkillMd, contractFromText, isRegistry, loadTestCases, registryFromText, skillMdInfo } from '../core/contracts/load';
import type { SkillDocument } from '../core/document/model';
import { DEFAULT_ROUTING_THRESHOLD, routingConflicts } from '../core/routing/conflicts';
import { catalogGroups, routableSkills } from '../core/routing/workspaceSkills';
import type { ContractWorkspace } from '../core/contracts/model';
import { fallbackNames } from '../core/contracts/rules/helpers';
import { loadContractWorkspace } from '../core/contracts/workspace';
import { LineIndex } from '../core/text/lineIndex';
import type { Range, SkillDiagnostic } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
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
}

export const isContractFile = (file: string): boolean => contractFileKind(file) !== undefined;

export class ContractService {
  private ws: Promise<ContractWorkspace> | undefined;

  constructor(private readonly host: ContractHost) {}

  /** Files changed on disk or in a buffer: the workspace is read again on the next request. */
  invalidate(): void {
    this.ws = undefined;
  }

  workspace(): Promise<ContractWorkspace> {
    return (this.ws ??= this.load());
  }

  /** The `routing` settings of the first workspace folder whose configuration has them. */
  private routing(): { threshold?: number } | undefined {
    for (const f of this.host.folders()) {
      const r = this.host.optionsFor(path.join(f, 'SKILL.md')).config?.routing;
      if (r) return r;
    }
    return undefined;
  }

  private async load(): Promise<ContractWorkspace> {
    const files: ContractFiles = { contracts: [], registries: [], skillFiles: [] };
    for (const f of this.host.folders()) await findContractFiles(this.host.fs, f, (p) => this.host.isIgnored(p), files);
    return loadContractWorkspace(this.host.fs, files, { allSkills: !!this.routing() });
  }

  /**
   * What an open SKILL.md gets beyond its own rules: the workspace rules of its contract
   * fields (a fallback to a missing skill, a cycle) and, with `routing` configured, its
   * routing conflicts with the skills seen with it. Added to its reference checks.
   */
  async skillMdDiagnostics(doc: SkillDocument, opts: CheckOptions): Promise<SkillDiagnostic[]> {
    const c = contractFromSkillMd(doc);
    const routing = this.routing();
    if (!c && !routing) return [];
    const ws = await this.withBuffer(doc.path);
    const here = buildWorkspace([...ws.contracts.filter((x) => x.file !== doc.path), ...(c ? [c] : [])], [...ws.skillMds.filter((x) => x.file !== doc.path), skillMdInfo(doc)], ws.registries);
    const settings = resolveSkillSettings(doc.path, opts);
    const out = c ? checkContract(c, here, settings.rules, !settings.targets.some((p) => p.unknownFields === 'extra')) : [];
    if (routing) {
      const roots = workspaceRoots([...this.host.folders()]).map((r) => r.path);
      const group = catalogGroups(routableSkills(here), roots).find((g) => g.some((s) => s.file === doc.path));
      for (const d of group ? routingConflicts(group, routing.threshold ?? DEFAULT_ROUTING_THRESHOLD) : []) {
        const setting = settings.rules[d.code];
        if (d.file === doc.path && setting !== 'off') out.push(setting ? { ...d, severity: setting } : d);
      }
    }
    return out.filter((d) => d.file === doc.path);
  }

  /**
   * The workspace with every open contract and registry read from its buffer (`file`
   * too, which may lie outside the folders): edits count at once, in every other file
   * that names the skill, without reading the workspace again.
   */
  private async withBuffer(file: string): Promise<ContractWorkspace> {
    const ws = await this.workspace();
    const open = new Set([...this.host.openFiles()].filter((f) => contractFileKind(f)));
    if (contractFileKind(file)) open.add(file);
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
    const ws = await this.workspace();
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

// One SkillCatalog per agent, created on the first request that needs it (never at
// start-up), kept current from watched-file events with SkillCatalog.update, and
// rebuilt when the roots or the configuration change. Every operation on one
// agent's catalog runs in order (a scan never interleaves with an update).
import { oneLine } from '../../core/text/oneLine';
import * as path from 'node:path';
import { autoAgents, skillFilesUnder } from '../../core/catalog/auto';
import { extrasFilter, SkillCatalog, workspaceRoots } from '../../core/catalog/catalog';
import type { CatalogSnapshot, Exclusion, FileChange, SkillRoot } from '../../core/catalog/types';
import type { SkillmdConfig } from '../../core/config/config';
import { isProfileId } from '../../core/profiles/registry';
import type { ProfileId } from '../../core/profiles/types';
import {
  countPreviewTokens, formatPreviewReport, isRenderAgent, renderIndex, renderLoad, renderRead, RENDER_AGENTS,
  type IndexPreview, type RenderOptions, type ToolPreview,
} from '../../core/render';
import type { FileSystem } from '../../core/workspace/fileSystem';
import type { CatalogExclusion, CatalogResult, PreviewIndexOptions, PreviewResult } from '../../protocol';
import type { Configuration } from '../configuration';
import { pathToUri } from '../convert';

export interface CatalogHost {
  fs: FileSystem;
  config: Configuration;
  /** the workspace folders (absolute paths), read on every request */
  folders(): readonly string[];
  /** resolves once settings and .skillmd.json files are loaded */
  ready?: Promise<unknown>;
  log?(message: string): void;
}

/** A request the catalog cannot answer (unknown agent, no renderer): the message is for people. */
export class CatalogRequestError extends Error {}

interface AgentState {
  agent: ProfileId;
  catalog: SkillCatalog;
  /** roots + configuration the catalog was built for */
  key: string;
  configRef: SkillmdConfig | undefined;
  version: number;
  fingerprint: string;
  queue: Promise<unknown>;
}

/** What changes in a snapshot that a client would show. */
function fingerprint(s: CatalogSnapshot): string {
  return JSON.stringify([
    s.roots.map((r) => r.path),
    s.skills.map((e) => [e.name, e.path, e.description, e.extrasText, e.whenToUse, e.context, e.tokens, e.diagnostics.errors, e.diagnostics.warnings, e.diagnostics.codes]),
    s.shadowed.map((x) => [x.name, x.path, x.winner]),
    s.skipped.map((x) => [x.reason, x.name, x.path, x.message]),
    s.problems.map((p) => [p.code, p.path]),
  ]);
}

export function toExclusion(x: Exclusion): CatalogExclusion {
  const out: CatalogExclusion = { reason: x.reason, path: x.path, uri: pathToUri(x.path), root: x.root, message: x.message };
  if (x.name !== undefined) out.name = x.name;
  if (x.winner !== undefined) {
    out.winner = x.winner;
    out.winnerUri = pathToUri(x.winner);
  }
  if (x.winnerRoot !== undefined) out.winnerRoot = x.winnerRoot;
  return out;
}

export class CatalogService {
  private readonly states = new Map<ProfileId, AgentState>();

  constructor(
    private readonly host: CatalogHost,
    /** called with the agents whose catalog changed after file events or a rebuild */
    private readonly changed: (agents: ProfileId[]) => void,
  ) {}

  /** Agents whose catalog exists (was requested at least once). */
  get agents(): ProfileId[] {
    return [...this.states.keys()];
  }

  /**
   * The agent for a request: the given one, else (omitted or `auto`) the first of the
   * agents the workspace's skills target (autoAgents).
   */
  async resolveAgent(agent: string | undefined): Promise<{ agent: ProfileId; auto: ProfileId[] }> {
    const auto = await this.autoAgents();
    if (agent !== undefined && agent !== null && agent !== '' && agent !== 'auto') {
      if (!isProfileId(agent)) throw new CatalogRequestError(`unknown agent "${agent}"; agents: auto, ${RENDER_AGENTS.join(', ')}`);
      return { agent, auto };
    }
    return { agent: auto[0], auto };
  }

  private auto: { key: string; agents: Promise<ProfileId[]> } | undefined;

  /**
   * The agents the workspace's skills target, as the diagnostics judge them (targets of
   * the settings and .skillmd.json, else where each skill lives), most skills first.
   * Cached until a SKILL.md, a folder, the roots or the configuration change.
   */
  async autoAgents(): Promise<ProfileId[]> {
    await this.host.ready;
    const roots = this.roots();
    const key = this.keyOf(roots);
    if (this.auto?.key !== key) {
      const agents = skillFilesUnder(this.host.fs, roots).then((files) => autoAgents(files, (f) => this.host.config.optionsFor(f), RENDER_AGENTS));
      this.auto = { key, agents };
      agents.catch(() => {
        if (this.auto?.agents === agents) this.auto = undefined;
      });
    }
    return this.auto.agents;
  }

  /** The configuration of the first workspace folder that has one (roots of every folder's file count). */
  private primaryConfig(): { config?: SkillmdConfig; configDir?: string } {
    for (const f of this.host.folders()) {
      const loaded = this.host.config.configFor(f);
      if (loaded) return { config: loaded.config, configDir: loaded.dir };
    }
    return {};
  }

  /** Every workspace folder's agent folders (those `agent` reads, or all), then `roots` of each folder's .skillmd.json. */
  roots(agent?: ProfileId): SkillRoot[] {
    const folders = this.host.folders();
    const out = workspaceRoots(folders, undefined, undefined, agent);
    const seen = new Set(out.map((r) => r.path));
    for (const f of folders) {
      const loaded = this.host.config.configFor(f);
      for (const r of loaded?.config.roots ?? []) {
        const abs = path.resolve(loaded!.dir, r);
        if (!seen.has(abs)) {
          seen.add(abs);
          out.push({ path: abs, origin: 'config' });
        }
      }
    }
    return out;
  }

  /** Runs `fn` on the agent's catalog, in order with every other operation on it; creates and scans it first if needed. */
  private async run<T>(agent: ProfileId, fn: (s: AgentState) => Promise<T>): Promise<T> {
    await this.host.ready;
    let st = this.states.get(agent);
    if (!st) {
      st = this.create(agent);
      this.states.set(agent, st);
      const fresh = st;
      fresh.queue = fresh.queue.then(async () => {
        await fresh.catalog.scan();
        fresh.fingerprint = fingerprint(fresh.catalog.snapshot());
      });
    }
    const s = st;
    const next = s.queue.then(async () => {
      const before = s.version;
      await this.ensureCurrent(s);
      const out = await fn(s);
      // A rebuild, or a lookup's rescan, found something new: tell the clients.
      if (s.version !== before) this.changed([agent]);
      return out;
    });
    s.queue = next.catch(() => undefined);
    return next;
  }

  /** What a catalog was built for: its roots, and the settings' generation (rule severities). */
  private keyOf(roots: readonly SkillRoot[]): string {
    return `${this.host.config.generation}:${JSON.stringify(roots)}`;
  }

  private create(agent: ProfileId): AgentState {
    const roots = this.roots(agent);
    const { config, configDir } = this.primaryConfig();
    const catalog = new SkillCatalog({ fs: this.host.fs, agent, roots, config, configDir, checkOptions: (f) => this.host.config.optionsFor(f) });
    return { agent, catalog, key: this.keyOf(roots), configRef: config, version: 1, fingerprint: '', queue: Promise.resolve() };
  }

  /** Rebuilds the catalog when the roots or the configuration changed since it was made. */
  private async ensureCurrent(s: AgentState): Promise<boolean> {
    const roots = this.roots(s.agent);
    const key = this.keyOf(roots);
    const { config, configDir } = this.primaryConfig();
    if (key === s.key && config === s.configRef) return false;
    s.catalog = new SkillCatalog({ fs: this.host.fs, agent: s.agent, roots, config, configDir, checkOptions: (f) => this.host.config.optionsFor(f) });
    s.key = key;
    s.configRef = config;
    await s.catalog.scan();
    return this.noteChange(s);
  }

  /**
   * A saved SKILL.md body or a file added to, changed in or removed from a skill folder
   * changes what load/read previews and the view's file lists show, not the snapshot:
   * bumps the version so clients refresh them.
   */
  private touchesSkill(s: AgentState, changes: readonly FileChange[]): boolean {
    if (!changes.length) return false;
    const dirs = s.catalog.snapshot().skills.map((e) => e.dir + path.sep);
    if (!changes.some((ch) => dirs.some((d) => ch.path.startsWith(d)))) return false;
    s.version++;
    return true;
  }

  /** Bumps the version when what a client shows changed; true if it did. */
  private noteChange(s: AgentState): boolean {
    const fp = fingerprint(s.catalog.snapshot());
    if (fp === s.fingerprint) return false;
    s.fingerprint = fp;
    s.version++;
    return true;
  }

  /**
   * Watched-file events: each existing catalog re-reads only what the changed paths
   * touch (or is rebuilt when the configuration or roots changed). Catalogs that were
   * never requested are not created here.
   */
  async filesChanged(changes: readonly FileChange[]): Promise<void> {
    // A skill file or a folder came, went or changed: what `auto` means may have too.
    if (changes.some((c) => c.type !== 'changed' || /(^|[\\/])skill\.md$/i.test(c.path))) this.auto = undefined;
    const touched: ProfileId[] = [];
    await Promise.all([...this.states.values()].map(async (s) => {
      const op = s.queue.then(async () => {
        let changed = await this.ensureCurrent(s);
        if (!changed) {
          await s.catalog.update(changes);
          changed = this.noteChange(s) || this.touchesSkill(s, changes);
        }
        if (changed) touched.push(s.agent);
      });
      s.queue = op.catch((e) => this.host.log?.(`skillmd catalog (${s.agent}): ${(e as Error).message}`));
      await s.queue;
    }));
    if (touched.length) this.changed(touched);
  }

  /** Workspace folders or settings changed: rebuild existing catalogs whose roots moved. */
  async refresh(): Promise<void> {
    await this.filesChanged([]);
  }

  // ---------------------------------------------------------------- requests

  async catalog(agentParam: string | undefined): Promise<CatalogResult> {
    const { agent, auto } = await this.resolveAgent(agentParam);
    return this.run(agent, async (s) => {
      const snap = s.catalog.snapshot();
      let indexTokens: number | undefined;
      const perSkill = new Map<string, number>();
      if (isRenderAgent(agent)) {
        const t = countPreviewTokens(renderIndex(snap, this.renderOptions()));
        indexTokens = t.total;
        for (const x of t.perSkill) perSkill.set(x.path, x.tokens);
      }
      const result: CatalogResult = {
        agent,
        roots: snap.roots.map((r) => ({ path: r.path, uri: pathToUri(r.path), origin: r.origin })),
        discovery: snap.rules.summary,
        skills: snap.skills.map((e) => {
          const skill: CatalogResult['skills'][number] = {
            name: e.name, description: e.description, path: e.path, uri: pathToUri(e.path), dir: e.dir, root: e.root,
            tokens: e.tokens, extras: e.extras, diagnostics: { errors: e.diagnostics.errors, warnings: e.diagnostics.warnings, codes: [...e.diagnostics.codes] },
          };
          const own = perSkill.get(e.path);
          if (own !== undefined) skill.indexTokens = own;
          if (e.whenToUse !== undefined) skill.whenToUse = e.whenToUse;
          if (e.context !== undefined) skill.context = e.context;
          return skill;
        }),
        shadowed: snap.shadowed.map(toExclusion),
        skipped: snap.skipped.map(toExclusion),
        problems: snap.problems.map((p) => ({ path: p.path, code: p.code, message: p.message })),
        tokens: snap.tokens,
        tokenizer: snap.tokenizer,
        version: s.version,
        autoAgents: [...auto],
      };
      if (indexTokens !== undefined) result.indexTokens = indexTokens;
      return result;
    });
  }

  /** Render options from the configuration (lovia usage rules), overridden by the request. */
  private renderOptions(o: PreviewIndexOptions = {}): RenderOptions {
    const out: RenderOptions = {};
    const config = this.primaryConfig().config;
    if (o.usageRules !== undefined) out.usageRules = o.usageRules;
    else if (config && 'usageRules' in config) out.usageRules = config.usageRules;
    if (o.einoFormat === 'reminder' || o.einoFormat === 'tool-description') out.einoFormat = o.einoFormat;
    if (typeof o.contextWindow === 'number' && Number.isInteger(o.contextWindow) && o.contextWindow > 0) out.contextWindow = o.contextWindow;
    return out;
  }

  async previewIndex(agentParam: string | undefined, options: PreviewIndexOptions = {}): Promise<PreviewResult> {
    const { agent, auto } = await this.requireRenderer(agentParam);
    return this.run(agent, async (s) => {
      let snap = s.catalog.snapshot();
      const filter = options.filter && Object.keys(options.filter).length ? options.filter : undefined;
      if (filter) {
        // A filtered view for this request only; the shared catalog stays unfiltered.
        snap = s.catalog.setFilter(extrasFilter(filter)) ?? snap;
        s.catalog.setFilter(undefined);
      }
      return this.result('index', renderIndex(snap, this.renderOptions(options)), snap, auto);
    });
  }

  async previewLoad(agentParam: string | undefined, name: string): Promise<PreviewResult> {
    if (typeof name !== 'string') throw new CatalogRequestError('previewLoad needs a skill name');
    const { agent, auto } = await this.requireRenderer(agentParam);
    return this.run(agent, async (s) => {
      const preview = await renderLoad(s.catalog, this.host.fs, name);
      this.noteChange(s); // lookup may have rescanned
      return this.result('load', preview, s.catalog.snapshot(), auto, name);
    });
  }

  async previewRead(agentParam: string | undefined, name: string, relpath: string): Promise<PreviewResult> {
    if (typeof name !== 'string' || typeof relpath !== 'string') throw new CatalogRequestError('previewRead needs a skill name and a relative path');
    const { agent, auto } = await this.requireRenderer(agentParam);
    return this.run(agent, async (s) => {
      const preview = await renderRead(s.catalog, this.host.fs, name, relpath);
      this.noteChange(s);
      return this.result('read', preview, s.catalog.snapshot(), auto, name);
    });
  }

  private async requireRenderer(agentParam: string | undefined): Promise<{ agent: ProfileId; auto: ProfileId[] }> {
    const r = await this.resolveAgent(agentParam);
    if (!isRenderAgent(r.agent)) throw new CatalogRequestError(`no preview for ${r.agent}; previews: ${RENDER_AGENTS.join(', ')}`);
    return r;
  }

  private result(kind: PreviewResult['kind'], preview: IndexPreview | ToolPreview, snap: CatalogSnapshot, auto: readonly ProfileId[], name?: string): PreviewResult {
    const tokens = countPreviewTokens(preview);
    const notes = [...preview.notes];
    if (preview.parts.some((p) => p.text.includes('\r'))) {
      notes.push('the text contains carriage returns (\\r), which editors show as line breaks; `skillmd` on the command line prints the exact bytes');
    }
    let omitted: Exclusion[] = 'omitted' in preview ? preview.omitted : [];
    const ok = preview.ok !== false;
    if (!ok && name !== undefined) omitted = [...snap.skipped, ...snap.shadowed].filter((x) => x.name === name);
    let report = formatPreviewReport({ ...preview, notes }, tokens, snap.problems);
    if (!('omitted' in preview) && omitted.length) {
      // Why an unknown name is not loadable (the CLI's report has no such lines).
      const lines = report.split('\n');
      const why = [`"${name}" is not loadable (${omitted.length}):`, ...omitted.map((o) => `  [${o.reason}] ${o.path}: ${o.message}${o.winner ? ` (winner: ${o.winner})` : ''}`)];
      // One report line each, as formatPreviewReport writes them: skill text cannot add lines.
      lines.splice(lines.length - 2, 0, ...why.map(oneLine));
      report = lines.join('\n');
    }
    return {
      agent: preview.agent,
      kind,
      ok,
      parts: preview.parts.map((p) => ({ id: p.id, title: p.title, text: p.text, tokens: tokens.perPart.find((t) => t.id === p.id)?.tokens ?? 0 })),
      skills: tokens.perSkill.map((x) => ({ name: x.name, path: x.path, tokens: x.tokens })),
      omitted: omitted.map(toExclusion),
      notes,
      tokens: tokens.total,
      tokenizer: tokens.tokenizer,
      report,
      autoAgents: [...auto],
    };
  }
}

import * as path from 'node:path';
import { checkDocument, type CheckOptions } from '../check/checkDocument';
import { internalErrorMessage } from '../check/internalError';
import type { SkillmdConfig } from '../config/config';
import { MAX_FRONTMATTER_PARSE_CHARS } from '../document/parse';
import { readSkillFile } from '../document/readSkillFile';
import type { ProfileId } from '../profiles/types';
import { countTokens, tokenizerName } from '../text/tokens';
import type { CancellationToken } from '../types';
import type { FileSystem } from '../workspace/fileSystem';
import { SKIPPED_FOLDERS } from '../workspace/findSkillFiles';
import { getProfile } from '../profiles/registry';
import { discoveryRules, extrasJson, loviaFormatExtra, readAgentMeta } from './agents';
import { pickSkillFile, walkForSkills, type FoundSkill } from './scan';
import type {
  CatalogEntry, CatalogSnapshot, DiagnosticsSummary, DiscoveryRules, Exclusion, FileChange, ScanProblemReport, SkillFilter, SkillRoot,
} from './types';
import { thousands } from '../text/thousands';

/** The agent folders searched in every workspace folder, in this order. */
export const WORKSPACE_SKILL_FOLDERS = ['.claude/skills', '.github/skills', '.agents/skills', '.codex/skills', '.opencode/skills', 'skills'] as const;

/** A workspace folder's own skills folder, not any agent's: every preview includes it. */
export const PROJECT_SKILL_FOLDER = 'skills';

/**
 * The project folders an agent reads by itself, in its scan order (profile
 * `discovery.project`); undefined for the libraries whose host passes the roots
 * (lovia, Eino, skills-ref), which get every agent folder.
 */
export function agentProjectFolders(agent: ProfileId | undefined): readonly string[] | undefined {
  if (agent !== 'claude-code' && agent !== 'copilot' && agent !== 'codex' && agent !== 'opencode') return undefined;
  const project = getProfile(agent)?.discovery.project ?? [];
  if (agent !== 'opencode') return project;
  // opencode scans `.claude` and `.agents` first, then its own config folders, and the
  // last skill of a name wins (skill/index.ts discoverSkills).
  return [...project.filter((f) => !f.startsWith('.opencode/')), ...project.filter((f) => f.startsWith('.opencode/'))];
}

/**
 * Roots for a workspace: each folder's agent skill folders (for `agent`, the folders
 * that agent reads, then the folder's own `skills`), then the configured `roots`
 * (relative to the configuration's folder), without duplicates.
 */
export function workspaceRoots(folders: readonly string[], config?: SkillmdConfig, configDir?: string, agent?: ProfileId): SkillRoot[] {
  const out: SkillRoot[] = [];
  const seen = new Set<string>();
  const add = (p: string, origin: SkillRoot['origin']) => {
    const abs = path.resolve(p);
    if (seen.has(abs)) return;
    seen.add(abs);
    out.push({ path: abs, origin });
  };
  const own = agentProjectFolders(agent);
  const subfolders = own ? [...own, PROJECT_SKILL_FOLDER] : WORKSPACE_SKILL_FOLDERS;
  for (const f of folders) for (const s of subfolders) add(path.join(f, s), 'workspace');
  for (const r of config?.roots ?? []) add(path.resolve(configDir ?? folders[0] ?? '.', r), 'config');
  return out;
}

/** Keeps skills whose extra `key` equals `value` or (for lists) contains it; all pairs must match. */
export function extrasFilter(spec: Readonly<Record<string, string>>): SkillFilter {
  const pairs = Object.entries(spec);
  return (e) =>
    pairs.every(([k, want]) => {
      const v = e.extras[k];
      return Array.isArray(v) ? v.some((x) => String(x) === want) : v !== undefined && v !== null && String(v) === want;
    });
}

export interface CatalogOptions {
  fs: FileSystem;
  agent: ProfileId;
  roots: readonly SkillRoot[];
  filter?: SkillFilter;
  /** run the agent's rules for the diagnostics summary (default true) */
  check?: boolean;
  config?: SkillmdConfig;
  configDir?: string;
  /** parallel file reads (default 32) */
  concurrency?: number;
  /**
   * Check settings per skill file (an editor's rule severities, the nearest config file);
   * default: `config` and `configDir` for every file. The targets are always the agent.
   */
  checkOptions?: (file: string) => CheckOptions;
}

type Loaded =
  | { ok: true; entry: CatalogEntry }
  | { ok: false; name?: string; message: string; fatal?: true; internal?: true };

interface Candidate extends FoundSkill {
  rootIndex: number;
  /** path segments below the root, for discovery order */
  order: string[];
  loaded: Loaded;
}

function compareOrder(a: Candidate, b: Candidate): number {
  if (a.rootIndex !== b.rootIndex) return a.rootIndex - b.rootIndex;
  const n = Math.min(a.order.length, b.order.length);
  for (let i = 0; i < n; i++) if (a.order[i] !== b.order[i]) return a.order[i] < b.order[i] ? -1 : 1;
  return a.order.length - b.order.length;
}

async function pool<T>(items: T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

const within = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/**
 * The skills one agent discovers under a list of roots. Pure core: file access
 * goes through the injected FileSystem; no editor or LSP types.
 *
 * - `scan()` walks every root; `update(changes)` re-reads only the skills the
 *   changed paths touch; `lookup(name)` rescans once before saying a name is unknown.
 * - Duplicate names: the first root (then the first folder in name order) wins, or
 *   the last, or both are kept, as the agent's profile says (`duplicateWinner`).
 */
export class SkillCatalog {
  readonly agent: ProfileId;
  readonly rules: DiscoveryRules;
  private readonly fs: FileSystem;
  private roots: SkillRoot[];
  private filter: SkillFilter | undefined;
  private readonly candidates = new Map<string, Candidate>();
  private rootProblems: ScanProblemReport[] = [];
  private walkProblems = new Map<number, ScanProblemReport[]>();
  private cached: CatalogSnapshot | undefined;
  private scanned = false;

  constructor(private readonly opts: CatalogOptions) {
    this.fs = opts.fs;
    this.agent = opts.agent;
    this.rules = discoveryRules(opts.agent);
    this.roots = [...opts.roots];
    this.filter = opts.filter;
  }

  /** Replaces roots (e.g. workspace folders changed) and rescans. */
  async setRoots(roots: readonly SkillRoot[], token?: CancellationToken): Promise<CatalogSnapshot> {
    this.roots = [...roots];
    return this.scan(token);
  }

  setFilter(filter: SkillFilter | undefined): CatalogSnapshot | undefined {
    this.filter = filter;
    this.cached = undefined;
    return this.scanned ? this.snapshot() : undefined;
  }

  /** Full rescan of every root. */
  async scan(token?: CancellationToken): Promise<CatalogSnapshot> {
    const found: Candidate[] = [];
    this.rootProblems = [];
    this.walkProblems.clear();
    for (let i = 0; i < this.roots.length; i++) {
      if (token?.isCancellationRequested) break;
      const root = this.roots[i];
      const st = await this.fs.stat(root.path).catch(() => undefined);
      if (!st || st.type !== 'directory') {
        if (root.origin !== 'workspace') {
          const message = st ? `a skill root is a folder of skill folders; ${root.path} is ${st.type === 'file' ? 'a file' : 'not a folder'}` : `skill root not found: ${root.path}`;
          this.rootProblems.push({ path: root.path, code: 'root-missing', message });
        }
        continue;
      }
      const r = await walkForSkills(this.fs, root.path, 0, this.rules, token);
      this.walkProblems.set(i, r.problems);
      for (const f of r.found) found.push(this.candidate(i, f));
    }
    await pool(found, this.opts.concurrency ?? 32, async (c) => {
      if (!token?.isCancellationRequested) c.loaded = await this.load(c, token);
    });
    this.candidates.clear();
    for (const c of found) this.candidates.set(this.key(c.rootIndex, c.dir), c);
    this.scanned = true;
    this.cached = undefined;
    return this.snapshot();
  }

  /**
   * Applies file-system changes: a created/changed/deleted SKILL.md re-reads its
   * folder; a created or deleted folder (a rename is a delete plus a create) is
   * walked or dropped. Other files do not touch the catalog.
   */
  async update(changes: readonly FileChange[], token?: CancellationToken): Promise<CatalogSnapshot> {
    if (!this.scanned) return this.scan(token);
    for (const ch of changes) {
      if (token?.isCancellationRequested) break;
      const p = path.resolve(ch.path);
      for (let i = 0; i < this.roots.length; i++) {
        const root = this.roots[i].path;
        if (!within(p, root)) continue;
        if (p === root) {
          // The root itself appeared or vanished: walk it again (only this root).
          await this.refreshDir(i, root, 0, token);
          continue;
        }
        const st = ch.type === 'deleted' ? undefined : await this.fs.stat(p).catch(() => undefined);
        if (!st) {
          this.dropUnder(i, p);
          if (this.isSkillFileName(path.basename(p))) await this.refreshDir(i, path.dirname(p), undefined, token);
        } else if (st.type === 'directory') {
          await this.refreshDir(i, p, undefined, token);
        } else if (this.isSkillFileName(path.basename(p))) {
          await this.refreshDir(i, path.dirname(p), undefined, token);
        }
      }
    }
    this.cached = undefined;
    return this.snapshot();
  }

  /** The entry the agent would load under `name`; rescans once before giving up. */
  async lookup(name: string, token?: CancellationToken): Promise<CatalogEntry | undefined> {
    if (!this.scanned) await this.scan(token);
    let hit = this.snapshot().skills.find((s) => s.name === name);
    if (!hit) {
      await this.scan(token);
      hit = this.snapshot().skills.find((s) => s.name === name);
    }
    return hit;
  }

  /** Why `name` is not in the index (shadowed, invalid, filtered, hidden), if it was seen. */
  explain(name: string): Exclusion[] {
    const s = this.snapshot();
    return [...s.skipped, ...s.shadowed].filter((x) => x.name === name);
  }

  /** Sorted names the agent would list as available (lovia's "Available:" hint). */
  available(): string[] {
    return this.snapshot().skills.map((s) => s.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  snapshot(): CatalogSnapshot {
    if (this.cached) return this.cached;
    const sorted = [...this.candidates.values()].sort(compareOrder);
    // Which of two skills with the same name the agent uses (Codex keeps both).
    const profile = getProfile(this.agent);
    const mode = profile?.duplicateWinner ?? 'first';
    const winners = new Map<string, Candidate>();
    if (mode === 'first') {
      for (const c of sorted) if (c.loaded.ok && !winners.has(c.loaded.entry.name)) winners.set(c.loaded.entry.name, c);
    } else if (mode === 'last') {
      for (const c of sorted) if (c.loaded.ok) winners.set(c.loaded.entry.name, c);
    }
    const skills: CatalogEntry[] = [];
    const shadowed: Exclusion[] = [];
    const skipped: Exclusion[] = [];
    for (const c of sorted) {
      const root = this.roots[c.rootIndex]?.path ?? '';
      if (!c.loaded.ok) {
        skipped.push({ reason: c.loaded.internal ? 'internal-error' : 'invalid', name: c.loaded.name, path: c.file, root, message: c.loaded.message, ...(c.loaded.fatal ? { fatal: true as const } : {}) });
        continue;
      }
      const e = c.loaded.entry;
      const w = winners.get(e.name);
      if (w && w !== c) {
        shadowed.push({
          reason: 'shadowed', name: e.name, path: c.file, root, winner: w.file, winnerRoot: this.roots[w.rootIndex]?.path,
          message: mode === 'last'
            ? `"${e.name}" is defined again by ${w.file}, which ${profile?.label ?? this.agent} loads later; the last one loaded wins${w.rootIndex === c.rootIndex ? ' (both are under one root, whose skills it reads concurrently: which one wins is not fixed)' : ''}`
            : `"${e.name}" is already defined by ${w.file}; the first one found wins`,
        });
        continue;
      }
      if (e.hidden) skipped.push({ reason: 'hidden', name: e.name, path: c.file, root, message: e.hidden });
      else if (this.filter && !this.filter(e)) skipped.push({ reason: 'filtered', name: e.name, path: c.file, root, message: 'left out by the filter' });
      else skills.push(e);
    }
    const problems = [...this.rootProblems, ...[...this.walkProblems.values()].flat()];
    let tokens = 0;
    for (const s of skills) tokens += s.tokens;
    this.cached = { agent: this.agent, roots: [...this.roots], rules: this.rules, skills, shadowed, skipped, problems, tokens, tokenizer: tokenizerName() };
    return this.cached;
  }

  // ------------------------------------------------------------------ internals

  private key(rootIndex: number, dir: string): string {
    return `${rootIndex}\0${dir}`;
  }

  private candidate(rootIndex: number, f: FoundSkill): Candidate {
    const order = path.relative(this.roots[rootIndex].path, f.dir).split(path.sep);
    return { ...f, rootIndex, order, loaded: { ok: false, message: 'not read yet' } };
  }

  private isSkillFileName(name: string): boolean {
    return this.rules.fileNames.some((n) => (this.rules.caseInsensitive ? n.toLowerCase() === name.toLowerCase() : n === name));
  }

  private dropUnder(rootIndex: number, p: string): void {
    for (const [k, c] of this.candidates) if (c.rootIndex === rootIndex && within(c.dir, p)) this.candidates.delete(k);
  }

  /** Re-walks one folder of one root: drops what was under it, reads what is there now. */
  private async refreshDir(rootIndex: number, dir: string, depthHint: number | undefined, token?: CancellationToken): Promise<void> {
    const root = this.roots[rootIndex].path;
    const rel = path.relative(root, dir);
    const segs = rel === '' ? [] : rel.split(path.sep);
    const depth = depthHint ?? segs.length;
    this.dropUnder(rootIndex, dir);
    if (depth > this.rules.maxDepth) return;
    // Would the agent ever reach this folder? Not through skipped or hidden folders,
    // and (for one-skill-per-branch agents) not inside another skill.
    const ancestors = new Set<string>();
    let cur = root;
    for (let i = 0; i < segs.length; i++) {
      const real = await this.fs.realpath(cur).catch(() => undefined);
      if (real) ancestors.add(real);
      if (i > 0) {
        const seg = segs[i - 1];
        if (SKIPPED_FOLDERS.has(seg) || (this.rules.skipHidden && seg.startsWith('.'))) return;
        if (!this.rules.descendIntoSkills) {
          const entries = await this.fs.readDirectory(cur).catch(() => []);
          if (pickSkillFile(entries.filter((e) => e.type !== 'directory').map((e) => e.name), this.rules)) return;
        }
      }
      cur = path.join(cur, segs[i]);
    }
    const last = segs[segs.length - 1];
    if (last !== undefined && (SKIPPED_FOLDERS.has(last) || (this.rules.skipHidden && last.startsWith('.')))) return;
    const st = await this.fs.stat(dir).catch(() => undefined);
    if (!st || st.type !== 'directory') return;
    const r = await walkForSkills(this.fs, dir, depth, this.rules, token, ancestors);
    if (r.problems.length) this.walkProblems.set(rootIndex, [...(this.walkProblems.get(rootIndex) ?? []).filter((p) => !within(p.path, dir)), ...r.problems]);
    else if (this.walkProblems.has(rootIndex)) this.walkProblems.set(rootIndex, this.walkProblems.get(rootIndex)!.filter((p) => !within(p.path, dir)));
    const fresh = r.found.map((f) => this.candidate(rootIndex, f));
    await pool(fresh, this.opts.concurrency ?? 32, async (c) => {
      c.loaded = await this.load(c, token);
    });
    if (!this.rules.descendIntoSkills) {
      // A new SKILL.md turns its folder into a skill: skills nested below it vanish.
      for (const c of fresh) this.dropUnder(rootIndex, c.dir + path.sep);
    }
    for (const c of fresh) this.candidates.set(this.key(rootIndex, c.dir), c);
  }

  /** A bug while reading one skill leaves that skill out, with the reason, not the catalog. */
  private async load(c: Candidate, token?: CancellationToken): Promise<Loaded> {
    try {
      return await this.loadUnguarded(c, token);
    } catch (e) {
      return { ok: false, internal: true, name: path.basename(c.dir), message: internalErrorMessage(`reading this skill as ${this.agent} does`, e) };
    }
  }

  private async loadUnguarded(c: Candidate, token?: CancellationToken): Promise<Loaded> {
    const read = await readSkillFile(this.fs, c.file);
    if (!read.doc) return { ok: false, message: read.diagnostic.message };
    const doc = read.doc;
    // A skillmd limit, like the file size above: the agents' own parsers would take it.
    if (doc.frontmatter.state === 'too-large') {
      const size = thousands(doc.frontmatter.contentEnd - doc.frontmatter.contentStart);
      return { ok: false, name: path.basename(c.dir), message: `the frontmatter is ${size} characters long, over the ${thousands(MAX_FRONTMATTER_PARSE_CHARS)} skillmd parses, so skillmd does not show what ${this.agent} reads from it` };
    }
    // The agents read the raw file: a BOM the reader stripped is there for them.
    const meta = readAgentMeta(this.agent, doc, doc.strippedBom ? '\ufeff' + doc.text : doc.text, c.file);
    if (!meta.ok) return { ok: false, name: path.basename(c.dir), message: meta.message, ...(meta.fatal ? { fatal: true as const } : {}) };
    const m = meta.meta;
    let diagnostics: DiagnosticsSummary = { errors: 0, warnings: 0, codes: [] };
    if (this.opts.check !== false) {
      const base = this.opts.checkOptions?.(c.file) ?? { config: this.opts.config, configDir: this.opts.configDir };
      const ds = checkDocument(doc, { ...base, targets: [this.agent], token });
      const codes: string[] = [];
      for (const d of ds) {
        if (d.severity === 'error') diagnostics.errors++;
        else if (d.severity === 'warning') diagnostics.warnings++;
        else continue;
        if (!codes.includes(d.code)) codes.push(d.code);
      }
      diagnostics = { ...diagnostics, codes };
    }
    const realPath = await this.fs.realpath(c.file).catch(() => path.join(c.realDir, path.basename(c.file)));
    const entry: CatalogEntry = {
      name: m.name,
      description: m.description,
      path: c.file,
      dir: c.dir,
      realDir: c.realDir,
      realPath,
      root: this.roots[c.rootIndex].path,
      extras: extrasJson(m.extras),
      extrasText: loviaFormatExtra(m.extras),
      tokens: countTokens(m.whenToUse ? `${m.description} - ${m.whenToUse}` : m.description),
      diagnostics,
    };
    if (m.whenToUse !== undefined) entry.whenToUse = m.whenToUse;
    if (m.context !== undefined) entry.context = m.context;
    if (m.hidden !== undefined) entry.hidden = m.hidden;
    return { ok: true, entry };
  }
}

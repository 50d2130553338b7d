// The state one reference check of a SKILL.md shares between its rules (rules/*.ts):
// settings, the agents' facts (from their profile tables), reporting, the look-ups a
// "did you mean" needs, and the documents checked so far. One per checkReferences call.
import * as path from 'node:path';
import { resolveSkillSettings, type CheckOptions, type SkillSettings } from '../check/checkDocument';
import type { SkillDocument } from '../document/model';
import { pluginOf, projectRootOf } from '../profiles/targets';
import type { RuleInfo } from '../rules/fileRules';
import type { Severity, SkillDiagnostic } from '../types';
import { collectAnchors, type Anchor } from './anchors';
import { isTemplateFile } from './certainty';
import type { FileAnchors, Listing, ReferenceContext, TextRead } from './context';
import type { SkillReference } from './extract';
import { isInside, type Resolution } from './resolve';
import { settle, type Pending, type Steps } from './settled';
import { walkFiles } from './walk';
import { relativeSlash } from '../workspace/childPath';
import type { FileStat } from '../workspace/fileSystem';

export interface ResolvedReference {
  ref: SkillReference;
  resolution: Resolution;
}

export type Report = Omit<SkillDiagnostic, 'code' | 'severity' | 'file'> & { file?: string; severity?: Severity };

/** Skills with more files get no same-name suggestions (sameNameElsewhere). */
const SAME_NAME_MAX_FILES = 500;

export function quote(p: string): string {
  return '`' + p + '`';
}

/** `/`-separated path of `abs` from `dir`. */
export function relFrom(dir: string, abs: string): string {
  return relativeSlash(dir, abs);
}

export class SkillRun {
  readonly skillDir: string;
  readonly settings: SkillSettings;
  readonly diagnostics: SkillDiagnostic[] = [];
  readonly deps = new Set<string>();
  /** the plugin this skill is installed with, when every target installs plugins whole */
  readonly plugin: { root: string } | undefined;
  /** the project folder a skill in an agent folder is read in place from */
  readonly project: string | undefined;
  /** the project is the user's home (`~/.claude/skills/x`) */
  readonly personal: boolean;
  /** the tool of a target that refuses paths outside the skill (read_skill_file), if any */
  readonly refusingTool: string | undefined;
  /** a target attaches `#file:` mentions (Copilot in VS Code): they are checked as links, else only counted when the file exists */
  readonly attachesFileMentions: boolean;
  /** every document checked, with its resolved references (what the unused-file check reads) */
  readonly checked: [SkillDocument, ResolvedReference[]][] = [];
  cancelled = false;
  #ownAnchors: Anchor[] | undefined;
  #byBaseName: Map<string, string[]> | undefined;
  #byBaseNameWalk: Promise<Map<string, string[]>> | undefined;
  #repoRoot: string | null | undefined;
  #repoRootWalk: Promise<string | null> | undefined;

  constructor(readonly ctx: ReferenceContext, readonly doc: SkillDocument, readonly opts: CheckOptions) {
    this.skillDir = path.dirname(doc.path);
    this.settings = resolveSkillSettings(doc.path, opts);
    const targets = this.settings.targets;
    this.plugin = opts.isPluginFolder && targets.every((t) => t.references?.pluginInstalledWhole) ? pluginOf(doc.path, opts.isPluginFolder) : undefined;
    this.project = projectRootOf(doc.path);
    this.personal = this.project !== undefined && opts.homeDir !== undefined && this.project === opts.homeDir.replace(/\\/g, '/').replace(/(.)\/+$/, '$1');
    this.attachesFileMentions = targets.some((t) => t.references?.fileMentions);
    this.refusingTool = targets.find((t) => t.references?.refusesOutsideSkill)?.references?.refusesOutsideSkill;
    // Content (anchors, linked Markdown, scripts) is read only from the skill folder, or
    // the plugin installed with it; links out of it are only stat-ed (docs/security.md).
    ctx.confine(this.skillDir, ...(this.plugin ? [this.plugin.root] : []));
  }

  enabled(rule: RuleInfo): boolean {
    return this.settings.rules[rule.code] !== 'off';
  }

  /** `file`: where `d` goes unless it says (a linked document's DocumentRun), else SKILL.md */
  report(rule: RuleInfo, d: Report, file?: string): void {
    if (!this.enabled(rule)) return;
    const setting = this.settings.rules[rule.code];
    // Built in place (no copy of `d` spread into it): every reference diagnostic comes here.
    const out: Record<string, unknown> = {
      code: rule.code,
      severity: setting && setting !== 'off' ? setting : d.severity ?? rule.defaultSeverity,
      file: d.file ?? file ?? this.doc.path,
    };
    for (const k in d) {
      const v = d[k as keyof Report];
      if (v !== undefined && k !== 'severity' && k !== 'file') out[k] = v;
    }
    this.diagnostics.push(out as unknown as SkillDiagnostic);
  }

  inOwnPlugin(abs: string): boolean {
    return !!this.plugin && isInside(this.plugin.root, abs);
  }

  anchorsOfSkillFile(): Anchor[] {
    return (this.#ownAnchors ??= collectAnchors(this.doc.text, this.doc.lines));
  }

  /**
   * The one file of the skill whose path ends with `written` (`templates/ci.yml` for
   * assets/templates/ci.yml), else the one file with its name (any letter case).
   * A value, not a promise, once the skill's files are known: asked for every missing
   * reference (138,000 on the 10,000-skill bench corpus), where an async chain per call
   * cost promises and closures (~4 KB of garbage each).
   */
  sameNameElsewhere(written: string): Pending<string | undefined> {
    const name = written.slice(written.lastIndexOf('/') + 1);
    // `other-skill/SKILL.md` names another skill, never this one's own file.
    if (name.toLowerCase() === 'skill.md') return undefined;
    const byName = this.#byBaseName ?? (this.#byBaseNameWalk ??= this.#filesByName());
    return byName instanceof Promise ? byName.then((m) => sameNameIn(m, written, name)) : sameNameIn(byName, written, name);
  }

  /** The skill's files by lower-case name, walked once (none past SAME_NAME_MAX_FILES). */
  async #filesByName(): Promise<Map<string, string[]>> {
    const byName = new Map<string, string[]>();
    // In a big tree a name is seldom unique, and the walk would cost every check.
    const files = await walkFiles(this.ctx, this.skillDir, undefined, SAME_NAME_MAX_FILES + 1);
    if (files.length <= SAME_NAME_MAX_FILES) {
      for (const f of files) {
        const k = f.slice(Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\')) + 1).toLowerCase();
        const list = byName.get(k);
        if (list) list.push(f);
        else byName.set(k, [f]);
      }
    }
    return (this.#byBaseName = byName);
  }

  /**
   * A missing path that exists from the plugin's root (installed whole: suggest
   * `${CLAUDE_PLUGIN_ROOT}/...`) or from the repository's root (not installed with the skill).
   */
  outsideCopy(ref: SkillReference): Pending<OutsideCopy | undefined> {
    if (ref.path.startsWith('../') || ref.path.startsWith('/')) return undefined;
    const rel = ref.path.startsWith('./') ? ref.path.slice(2) : ref.path;
    const first = firstSegment(rel);
    // The skill has that folder (`scripts/` for `scripts/x.sh`): the file belongs in it, and
    // nothing outside the skill needs reading (most missing paths end here, without a promise).
    const top = this.ctx.listingNow(this.skillDir);
    if (top instanceof Promise) return top.then((t) => (!t || t.byName.has(first) ? undefined : this.#outsideCopyAtRoot(rel, first)));
    return !top || top.byName.has(first) ? undefined : this.#outsideCopyAtRoot(rel, first);
  }

  #outsideCopyAtRoot(rel: string, first: string): Pending<OutsideCopy | undefined> {
    return settle(this.#outsideCopySteps(rel, first));
  }

  /** Steps (settled.ts): without a promise once the root and its listing are known. */
  *#outsideCopySteps(rel: string, first: string): Steps<OutsideCopy | undefined> {
    const root: string | null = this.plugin ? this.plugin.root : this.#repoRoot !== undefined ? this.#repoRoot : yield (this.#repoRootWalk ??= this.#repositoryRoot());
    if (!root) return undefined;
    // The root's listing (read once) rules out most paths without a stat each.
    const top: Listing | undefined = yield this.ctx.listingNow(root);
    if (top && !top.byName.has(first)) return undefined;
    const st: FileStat | undefined | Error = yield this.ctx.statNow(path.resolve(root, rel));
    if (!st || st instanceof Error) return undefined;
    if (this.plugin) return { suggestion: ['${CLAUDE_PLUGIN_ROOT}', ...rel.split('/')] };
    return { outside: relFrom(path.dirname(this.doc.path), path.resolve(root, rel)) };
  }

  /**
   * The repository the skill lies in: the project it is read in place from
   * (`.claude/skills/x`), else the folder one or two above the skill folder
   * (`skills/x`, `x`) that holds `.git`. Two stats at most: an ancestor's listing may be
   * huge, and the check runs per skill.
   */
  async #repositoryRoot(): Promise<string | null> {
    let root = this.project ?? null;
    for (let dir = path.dirname(this.skillDir), n = 0; !root && n < 2 && dir !== path.dirname(dir); dir = path.dirname(dir), n++) {
      const st = await this.ctx.stat(path.join(dir, '.git'));
      if (st && !(st instanceof Error)) root = dir;
    }
    return (this.#repoRoot = root);
  }
}

/** What a template file does not report: its links resolve next to its copy (certainty.ts). */
const TEMPLATE_QUIET = new Set(['reference-missing', 'reference-escapes-skill', 'reference-fragment-missing', 'reference-case-mismatch']);

/** One checked document of the run: SKILL.md or a Markdown file it leads to. */
export class DocumentRun {
  /** the file diagnostics go to: undefined for SKILL.md */
  readonly file: string | undefined;
  /** a template (templates/report.md): copied before use, so nothing in it is reported missing */
  readonly template: boolean;
  /** scripts reported as not executable in this file (one chmod fixes every run) */
  readonly unexecutable = new Set<string>();
  #selfAnchors: Anchor[] | undefined;

  constructor(readonly run: SkillRun, readonly d: SkillDocument) {
    this.file = d === run.doc ? undefined : d.path;
    this.template = d !== run.doc && isTemplateFile(relFrom(run.skillDir, d.path));
  }

  report(rule: RuleInfo, x: Report): void {
    if (this.template && TEMPLATE_QUIET.has(rule.code)) return;
    // No copy of `x` with the file set: a spread of many shapes of report cost ~0.3 CPU-s
    // over the 150,000 diagnostics of the 10,000-skill bench corpus.
    this.run.report(rule, x, this.file);
  }

  anchorsOf(target: string): Pending<FileAnchors | TextRead> {
    if (target === this.run.doc.path) return { anchors: this.run.anchorsOfSkillFile(), truncated: false };
    if (target === this.d.path) return { anchors: (this.#selfAnchors ??= collectAnchors(this.d.text, this.d.lines)), truncated: false };
    return this.run.ctx.anchorsNow(target);
  }
}

/** What outsideCopy found: a path to suggest (plugin root), or the copy outside the skill. */
export interface OutsideCopy {
  suggestion?: string[];
  outside?: string;
}

/** sameNameElsewhere's answer from the skill's files by name. */
function sameNameIn(byName: Map<string, string[]>, written: string, name: string): string | undefined {
  const same = byName.get(name.toLowerCase());
  if (!same) return undefined;
  const tail = written.replace(/^\.\//, '');
  if (tail.includes('/')) {
    // A file ending with the whole path has that very name: look among those only.
    const end = path.sep + tail.split('/').join(path.sep);
    const ends = same.filter((f) => f.endsWith(end));
    if (ends.length === 1) return ends[0];
    if (ends.length > 1) return undefined;
  }
  return same.length === 1 ? same[0] : undefined;
}

/** The path's first `/`-separated segment (`rel.split('/')[0]` without an array per missing reference). */
function firstSegment(rel: string): string {
  const slash = rel.indexOf('/');
  return slash === -1 ? rel : rel.slice(0, slash);
}

import * as path from 'node:path';
import { resolveSkillSettings, type CheckOptions } from '../check/checkDocument';
import { pluginOf, projectRootOf } from '../profiles/targets';
import type { SkillDocument } from '../document/model';
import { formatBytes } from '../document/readSkillFile';
import type { RuleInfo } from '../rules/fileRules';
import { closest } from '../text/similarity';
import type { Fix, Range, Severity, SkillDiagnostic } from '../types';
import { childPath } from '../workspace/childPath';
import type { FileSystem } from '../workspace/fileSystem';
import { collectAnchors, findAnchor, type Anchor } from './anchors';
import { isMarkdownPath, ReferenceContext, type FileAnchors, type TextRead } from './context';
import { isLinkKind, writePath } from './edits';
import { extractReferences, type SkillReference } from './extract';
import { baseDirOf, isInside, resolveReferenceNow, surelyAbsent, type Resolution } from './resolve';
import { REFERENCE_RULES as R } from './rules';
import { after, type Pending } from './settled';
import { walkFiles } from './walk';
import { CODEX_METADATA_DIR, CODEX_METADATA_FILE, codexIcons } from './codexIcons';
import { namesFile, scriptText } from './scriptNames';
import { LineIndex } from '../text/lineIndex';
import { isTemplateFile } from './certainty';

/** Folders whose files should each be referenced from somewhere. */
export const RESOURCE_FOLDERS = ['references', 'scripts', 'assets'];

export interface ReferenceCheckResult {
  diagnostics: SkillDiagnostic[];
  /**
   * Absolute paths this SKILL.md's diagnostics depend on: every target (existing or
   * not), the Markdown files read transitively, and the resource folders walked.
   */
  dependencies: string[];
}

export interface ResolvedReference {
  ref: SkillReference;
  resolution: Resolution;
}

const zero: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function quote(p: string): string {
  return '`' + p + '`';
}

/** The heading a new Markdown file starts with: its name, words capitalized. */
export function titleFor(file: string): string {
  const stem = path.basename(file).replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim();
  return stem ? stem[0].toUpperCase() + stem.slice(1) : 'Untitled';
}

/** Resolves every reference of a document (reflinks are skipped: their definition is resolved). */
export async function resolveAll(ctx: ReferenceContext, doc: SkillDocument, skillDir: string, refs = extractReferences(doc, skillDir)): Promise<ResolvedReference[]> {
  const out: ResolvedReference[] = [];
  for (const ref of refs) {
    if (ref.kind === 'reflink' || ref.path === '') continue;
    const found = resolveTentative(ctx, ref, baseDirOf(ref, doc.path, skillDir), skillDir);
    const resolution = found instanceof Promise ? await found : found;
    if (!resolution) continue;
    out.push({ ref, resolution });
  }
  return out;
}

/**
 * A reference's resolution; undefined for a tentative one that names no file. Such a
 * path may be written from a folder above the skill (`skills/brainstorming/guide.md`
 * inside skills/brainstorming, as a plugin's files name each other): then the rest of
 * it, from the skill folder, is the file.
 */
function resolveTentative(ctx: ReferenceContext, ref: SkillReference, base: string, skillDir: string): Pending<Resolution | undefined> {
  if (!ref.tentative) return resolveReferenceNow(ctx, skillDir, base, ref.path);
  // A file named in prose in another letter case is still that file (`FORMS.md`).
  const asWritten = surelyAbsent(ctx, base, ref.path, ref.kind === 'prose') ? undefined : resolveReferenceNow(ctx, skillDir, base, ref.path);
  if (asWritten === undefined && pathBelowSkill(ref.path, skillDir) === undefined) return undefined;
  return after(asWritten, (res) => {
    if (res && (!ref.tentative || countsAsFound(ref, res))) return res;
    // `../other/x.md` in code: it escapes the skill if the file is really there.
    if (res?.status === 'escapes') return after(ctx.statNow(res.abs), (st) => (st && !(st instanceof Error) ? res : undefined));
    const inner = ref.base === 'skill' ? pathBelowSkill(ref.path, skillDir) : undefined;
    if (inner === undefined) return undefined;
    return after(resolveReferenceNow(ctx, skillDir, skillDir, inner), (r) => (countsAsFound(ref, r) ? r : undefined));
  });
}

/** `a/b/x.md` for skill folder `/…/a/b`: `x.md` (the written path's start names the skill's own folders). */
function pathBelowSkill(written: string, skillDir: string): string | undefined {
  // Most paths in code are not such: their first name is none of the skill's folders.
  const slash = written.indexOf('/');
  if (slash <= 0) return undefined;
  const first = written.slice(0, slash);
  if (!skillDir.endsWith(path.sep + first) && !skillDir.includes(path.sep + first + path.sep)) return undefined;
  const segs = written.split('/');
  const dirs = skillDir.split(path.sep);
  for (let n = Math.min(4, dirs.length - 1, segs.length - 1); n >= 1; n--) {
    let same = true;
    for (let k = 0; k < n && same; k++) same = segs[k] === dirs[dirs.length - n + k];
    if (same) return segs.slice(n).join('/');
  }
  return undefined;
}

/**
 * Whether a tentative reference names a file: one that exists as written; for a name
 * in prose, also one that exists in another letter case (`read FORMS.md` for
 * forms.md), which surelyAbsent lets through for prose only.
 */
function countsAsFound(ref: SkillReference, res: Resolution): boolean {
  return res.status === 'ok' || (res.status === 'case' && ref.kind === 'prose');
}

/** What fails when the target is missing, which says what kind of reference it is (certainty.ts). */
function failing(ref: SkillReference): string {
  if (ref.executed || ref.interpreted) return 'running this script fails';
  if (ref.kind === 'image') return 'this image does not show';
  if (isLinkKind(ref)) return 'agents following this link fail';
  return ref.kind === 'prose' ? 'agents told to read this file find nothing' : 'agents told to use this path (named in code, not linked) find nothing';
}

/** What a template file (certainty.ts) does not report: its links resolve next to its copy. */
const TEMPLATE_QUIET = new Set<string>([R.missing.code, R.escapes.code, R.fragmentMissing.code, R.caseMismatch.code]);

/** Skills with more files get no same-name suggestions (sameNameElsewhere). */
const SAME_NAME_MAX_FILES = 500;

/** Markdown files a skill's check follows at most (a skill with more is unusual). */
const MAX_MARKDOWN_FILES = 200;

/**
 * The reference checks for one SKILL.md and the Markdown files it references,
 * transitively: an agent that reads references/guide.md follows its links too, so
 * their problems are the skill's (reported on those files). Reads through one
 * ReferenceContext, so every folder is listed and every file read at most once;
 * never throws for file problems.
 */
export async function checkReferences(fs: FileSystem, doc: SkillDocument, opts: CheckOptions = {}, ctx = new ReferenceContext(fs)): Promise<ReferenceCheckResult> {
  const settings = resolveSkillSettings(doc.path, opts);
  const skillDir = path.dirname(doc.path);
  const diagnostics: SkillDiagnostic[] = [];
  const deps = new Set<string>();
  ctx.seedText(doc.path, doc.text);

  const enabled = (rule: RuleInfo) => settings.rules[rule.code] !== 'off';
  // Skills of a Claude Code plugin checked for Claude Code only: files of the plugin are installed too.
  const plugin = opts.isPluginFolder && settings.targets.every((t) => t.id === 'claude-code') ? pluginOf(doc.path, opts.isPluginFolder) : undefined;
  const inOwnPlugin = (abs: string) => !!plugin && isInside(plugin.root, abs);
  const project = projectRootOf(doc.path);
  const personal = project !== undefined && opts.homeDir !== undefined && project === opts.homeDir.replace(/\\/g, '/').replace(/(.)\/+$/, '$1');
  // Agents with a read_skill_file tool (lovia) refuse paths out of the skill folder.
  const readsSkillFiles = settings.targets.some((t) => t.id === 'lovia');
  const report = (rule: RuleInfo, d: Omit<SkillDiagnostic, 'code' | 'severity' | 'file'> & { file?: string; severity?: Severity }): void => {
    if (!enabled(rule)) return;
    const setting = settings.rules[rule.code];
    diagnostics.push({
      code: rule.code,
      severity: setting && setting !== 'off' ? setting : d.severity ?? rule.defaultSeverity,
      file: d.file ?? doc.path,
      ...omitUndefined(d),
    } as SkillDiagnostic);
  };
  const reportAny = report;
  let ownAnchors: Anchor[] | undefined;
  const anchorsOfSkillFile = () => (ownAnchors ??= collectAnchors(doc.text, doc.lines));

  // The skill's files by lower-case name, once a missing path asks (sameNameElsewhere).
  let byBaseName: Map<string, string | null> | undefined;
  let skillFiles: string[] = [];
  let repoRoot: string | null | undefined;
  // Every document checked with its resolved references (what the unused-file check reads).
  const checked: [SkillDocument, ResolvedReference[]][] = [];
  const seen = new Set<string>([doc.path]);
  const queue: string[] = [];
  let cancelled = false;
  // How many links an agent follows from SKILL.md to reach each Markdown file (breadth first: the fewest).
  const depth = new Map<string, number>([[doc.path, 0]]);
  const follow = (from: SkillDocument, resolved: ResolvedReference[]) => {
    const d = depth.get(from.path)! + 1;
    for (const { ref, resolution: r } of resolved) {
      if ((r.status !== 'ok' && r.status !== 'case') || r.type !== 'file' || !isMarkdownPath(r.abs) || seen.has(r.abs)) continue;
      if (seen.size >= MAX_MARKDOWN_FILES) return;
      seen.add(r.abs);
      deps.add(r.abs);
      queue.push(r.abs);
      depth.set(r.abs, d);
      // Only what a link leads to: a name in code or prose may be read, or not.
      if (d >= 2 && isLinkKind(ref)) reportTooDeep(from, ref, r.rel, d);
    }
  };
  const own = await checkDocumentReferences(doc);
  checked.push([doc, own]);
  follow(doc, own);
  // Breadth first, as the files are found.
  for (let i = 0; i < queue.length && !cancelled; i++) {
    const read = ctx.markdownNow(queue[i]);
    const m = read instanceof Promise ? await read : read;
    if (!('doc' in m)) continue;
    const resolved = await checkDocumentReferences(m.doc);
    checked.push([m.doc, resolved]);
    follow(m.doc, resolved);
  }

  const icons = cancelled ? [] : await checkCodexIcons();
  // Half a check knows half the uses: no unused-file claims from it.
  if (enabled(R.unusedFile) && !cancelled) await checkUnused(icons);

  return { diagnostics, dependencies: [...deps] };

  /** A Markdown file reached only through other referenced files (`d` links away from SKILL.md). */
  function reportTooDeep(from: SkillDocument, ref: SkillReference, rel: string, d: number): void {
    const via = path.relative(skillDir, from.path).split(path.sep).join('/');
    report(R.tooDeep, {
      file: from.path,
      range: ref.pathRange,
      message: `${quote(rel)} is ${d} links away from SKILL.md (through ${quote(via)}): agents read a file that a referenced file references only partially, if at all. Link it from SKILL.md.`,
    });
  }

  /** Checks the references of SKILL.md or of a Markdown file it leads to; returns them resolved. */
  async function checkDocumentReferences(d: SkillDocument): Promise<ResolvedReference[]> {
    const file = d === doc ? undefined : d.path;
    const resolved: ResolvedReference[] = [];
    // A template (templates/report.md) is copied before use: its links resolve next to the
    // copy, so only the files it does find count (as uses); nothing missing is reported.
    const template = d !== doc && isTemplateFile(path.relative(skillDir, d.path).split(path.sep).join('/'));
    const report: typeof reportAny = template ? (rule, x) => (TEMPLATE_QUIET.has(rule.code) ? undefined : reportAny(rule, x)) : reportAny;
    // One chmod fixes every run of a script: reported at its first run in each file.
    const unexecutable = new Set<string>();
    let selfAnchors: Anchor[] | undefined;
    const anchorsOf = (target: string): Pending<FileAnchors | TextRead> =>
      target === doc.path ? { anchors: anchorsOfSkillFile(), truncated: false } : target === d.path ? { anchors: (selfAnchors ??= collectAnchors(d.text, d.lines)), truncated: false } : ctx.anchorsNow(target);

    for (const ref of extractReferences(d, skillDir)) {
      if (opts.token?.isCancellationRequested) {
        cancelled = true;
        break;
      }
      if (ref.kind === 'reflink') continue;
      if (ref.path === '') {
        if (ref.fragment) {
          const own = anchorsOf(d.path);
          if (!(own instanceof Promise) && !('ok' in own)) checkFragment(ref, d.path, own);
        }
        continue;
      }
      if (ref.path.includes('\\') && !/^[A-Za-z]:\\/.test(ref.path)) {
        const fixed = ref.path.replace(/\\/g, '/');
        report(R.backslash, {
          file,
          range: ref.pathRange,
          message: `${quote(ref.path)} uses \`\\\` as a separator; agents on Linux and macOS read it as part of a file name. Write ${quote(fixed)}.`,
          fixes: [{ title: `Use ${quote(fixed)}`, edits: [{ range: ref.pathRange, newText: writePath(d, ref, fixed) }], preferred: true }],
        });
      }
      const found = resolveTentative(ctx, ref, baseDirOf(ref, d.path, skillDir), skillDir);
      const res = found instanceof Promise ? await found : found;
      if (!res) {
        const bare = ref.interpreted && !ref.path.includes('/') ? await bareScript(ref, d) : undefined;
        if (bare) {
          resolved.push({ ref, resolution: bare });
          reportMissing(ref, bare);
        }
        continue;
      }
      const entry: ResolvedReference = { ref, resolution: res };
      resolved.push(entry);
      if ('abs' in res) deps.add(res.abs);
      switch (res.status) {
        case 'absolute': {
          const inside = path.relative(path.dirname(d.path), ref.path);
          const fixes: Fix[] = [];
          if (!path.relative(skillDir, ref.path).startsWith('..') && !path.isAbsolute(inside) && ref.path.startsWith('/')) {
            const rel = inside.split(path.sep).join('/');
            fixes.push({ title: `Use the relative path ${quote(rel)}`, edits: [{ range: ref.pathRange, newText: writePath(d, ref, rel) }], preferred: true });
          }
          report(R.absolute, {
            file,
            range: ref.pathRange,
            message: `${quote(ref.path)} is an absolute path; agents resolve references against the skill folder and will not find it on another machine. Use a path relative to ${file ? 'this file' : 'SKILL.md'}.`,
            fixes: fixes.length ? fixes : undefined,
          });
          break;
        }
        case 'escapes': {
          // A plugin is installed whole: a file elsewhere in it is there for Claude Code.
          const st = await ctx.stat(res.abs);
          const exists = !!st && !(st instanceof Error);
          if (!exists && !(st instanceof Error)) {
            reportOutsideMissing(ref, res.abs);
            break;
          }
          if (inOwnPlugin(res.abs)) break;
          // A skill kept in a project's agent folder is read in place: a file of the
          // project works there, it just does not travel with the skill.
          if (project && !readsSkillFiles && isInside(project, res.abs)) {
            if (exists) {
              report(R.escapes, {
                file,
                range: ref.pathRange,
                severity: 'info',
                message: personal
                  ? `${quote(ref.path)} lies in your home folder, outside the skill folder: agents on this machine read it, but a copy of the skill elsewhere goes without it.`
                  : `${quote(ref.path)} lies in this project, outside the skill folder: agents working here read it, but a copy of the skill elsewhere goes without it.`,
              });
              break;
            }
          }
          report(R.escapes, {
            file,
            range: ref.pathRange,
            severity: ref.kind === 'code' || ref.kind === 'shell' ? 'warning' : undefined,
            message: `${quote(ref.path)} leads out of the skill folder: the file is not installed with the skill${readsSkillFiles ? ', and read_skill_file refuses it' : ''}. Copy the file into the skill and reference it there.`,
          });
          break;
        }
        case 'unreadable':
          report(R.unreadable, { file, range: ref.pathRange, message: `${quote(ref.path)} cannot be checked: ${res.detail}.` });
          break;
        case 'missing': {
          // No near name on the way: the same file name elsewhere in the skill
          // (`./checklist.md` for docs/checklist.md) is what was meant.
          let r = res;
          if (!res.suggestion && !res.throughFile && !res.brokenLink && !ref.path.endsWith('/')) {
            const other = await sameNameElsewhere(ref.path);
            if (other) {
              const rel = path.relative(baseDirOf(ref, d.path, skillDir), other).split(path.sep);
              r = { ...res, suggestion: ref.dotSlash && rel[0] !== '..' ? ['.', ...rel] : rel };
            } else {
              const outside = await outsideCopy(ref);
              if (outside) r = { ...res, ...outside };
            }
            entry.resolution = r;
          }
          // A folder or extensionless name in code (`resources/list`): only a near name is evidence enough.
          if (ref.mention && !ref.executed && !ref.interpreted && !r.suggestion) break;
          reportMissing(ref, r);
          break;
        }
        case 'case': {
          const actual = res.fixedSegments.join('/');
          report(R.caseMismatch, {
            file,
            range: ref.pathRange,
            severity: ref.kind === 'code' || ref.kind === 'shell' || ref.kind === 'prose' ? 'warning' : undefined,
            message: `${quote(ref.path)} differs in letter case from ${quote(actual)} on disk; agents run on case-sensitive file systems where it is not found. Write ${quote(actual)}.`,
            fixes: [{ title: `Change to ${quote(actual)}`, edits: [{ range: ref.pathRange, newText: writePath(d, ref, actual) }], preferred: true }],
          });
          const more = checkExisting(ref, res.abs, res.rel, res.type);
          if (more instanceof Promise) await more;
          break;
        }
        case 'ok': {
          if (res.symlinkOutside && !inOwnPlugin(res.symlinkOutside)) {
            report(R.escapes, {
              file,
              range: ref.pathRange,
              message: `${quote(ref.path)} is a symbolic link to ${res.symlinkOutside}, outside the skill folder: the link breaks when the skill is installed${readsSkillFiles ? ', and read_skill_file refuses it' : ''}. Copy the file into the skill.`,
            });
          }
          const more = checkExisting(ref, res.abs, res.rel, res.type);
          if (more instanceof Promise) await more;
          break;
        }
      }
    }
    return resolved;

    function reportMissing(ref: SkillReference, res: Extract<Resolution, { status: 'missing' }>): void {
      const fixes: Fix[] = [];
      let hint = '';
      if (res.suggestion) {
        const suggested = res.suggestion.join('/');
        hint = ` Did you mean ${quote(suggested)}?`;
        fixes.push({ title: `Change to ${quote(suggested)}`, edits: [{ range: ref.pathRange, newText: writePath(d, ref, suggested) }], preferred: true });
      }
      const inCode = ref.kind === 'code' || ref.kind === 'shell' || ref.kind === 'prose';
      if (!res.throughFile && !res.brokenLink && !ref.path.endsWith('/')) {
        const content = isMarkdownPath(res.abs) ? `# ${titleFor(res.abs)}\n` : '';
        fixes.push({ title: `Create ${quote(res.rel)}`, change: { edits: {}, creates: [{ path: res.abs, content }] } });
      }
      if (res.outside) hint += ` ${quote(res.outside)} exists outside the skill folder, which is not installed with the skill: copy it into the skill.`;
      const why = res.brokenLink
        ? ' is a broken or looping symbolic link'
        : res.throughFile
          ? ` does not exist: ${quote(ref.path.split(/[\\/]/).slice(0, res.missingIndex).join('/') || ref.path)} is a file, not a folder`
          : ' does not exist in the skill folder';
      report(R.missing, {
        file,
        range: ref.pathRange,
        severity: inCode ? 'warning' : undefined,
        message: `${quote(ref.path)}${why}, so ${failing(ref)}.${hint || ' Create the file or correct the path.'}`,
        fixes: fixes.length ? fixes : undefined,
      });
    }

    /** `../x.md` (or a plugin file) that is not there at all: the reader finds nothing, wherever the skill is. */
    function reportOutsideMissing(ref: SkillReference, abs: string): void {
      const where = plugin && isInside(plugin.root, abs) ? 'in the plugin' : 'outside the skill folder either';
      report(R.missing, {
        file,
        range: ref.pathRange,
        severity: isLinkKind(ref) ? undefined : 'warning',
        message: `${quote(ref.path)} does not exist ${where}, so ${failing(ref)}. Correct the path, or put the file in the skill and reference it there.`,
      });
    }

    /** `python check.py` for scripts/check.py: run from the skill folder the bare name is not found. */
    async function bareScript(ref: SkillReference, d: SkillDocument): Promise<Extract<Resolution, { status: 'missing' }> | undefined> {
      if (!/\.[A-Za-z0-9]{1,8}$/.test(ref.path)) return undefined;
      const other = await sameNameElsewhere(ref.path);
      // scripts/README.md's `python add.py` runs scripts/add.py from where the README is.
      if (!other || path.dirname(other) === path.dirname(d.path)) return undefined;
      const rel = path.relative(baseDirOf(ref, d.path, skillDir), other).split(path.sep);
      return { status: 'missing', abs: childPath(skillDir, ref.path), rel: ref.path, missingIndex: 0, suggestion: rel };
    }

    /** Checks of an existing target; a promise only when a read is still pending. */
    function checkExisting(ref: SkillReference, abs: string, rel: string, type: string): Pending<void> {
      if (type === 'other') {
        // An agent that opens a FIFO waits for a writer that never comes.
        report(R.unreadable, {
          file,
          range: ref.pathRange,
          message: `${quote(rel)} is a pipe, socket or device, not a regular file: an agent that reads it hangs or fails. Point the reference at a regular file.`,
        });
        return;
      }
      const target = ref.fragment && type === 'file' && isMarkdownPath(abs) ? anchorsOf(abs) : undefined;
      return after(target, (a) => {
        if (a) checkFragmentIn(ref, abs, a);
        return checkTarget(ref, abs, rel, type);
      });
    }

    function checkFragmentIn(ref: SkillReference, abs: string, a: FileAnchors | TextRead): void {
      if ('ok' in a) {
        report(R.unreadable, {
          file,
          range: ref.range,
          message: `${quote(ref.path)} cannot be read as text to find #${ref.fragment} (${a.ok ? '' : `${a.problem}: ${a.detail}`}); link to a Markdown file or drop the fragment.`,
        });
      } else checkFragment(ref, abs, a);
    }

    function checkTarget(ref: SkillReference, abs: string, rel: string, type: string): Pending<void> {
      if (ref.executed && type === 'file' && enabled(R.notExecutable) && !unexecutable.has(abs)) {
        return after(ctx.statNow(abs), (st) => {
          if (st && !(st instanceof Error) && st.mode !== 0 && (st.mode & 0o111) === 0 && !unexecutable.has(abs)) {
            unexecutable.add(abs);
            report(R.notExecutable, {
              file,
              range: ref.pathRange,
              message: `${quote(rel)} is run directly but is not executable (mode ${(st.mode & 0o777).toString(8)}); run \`chmod +x ${rel}\` or invoke it through its interpreter.`,
            });
          }
        });
      }
    }

    function checkFragment(ref: SkillReference, target: string, a: { anchors: Anchor[]; truncated: boolean }): void {
      const fragment = ref.fragment!;
      if (!fragment || findAnchor(a.anchors, fragment)) return;
      // A heading past the part read may exist: say nothing rather than guess.
      if (a.truncated) return;
      const near = closest(fragment, a.anchors.map((x) => x.id));
      const fragStart = ref.start + ref.raw.indexOf('#', ref.pathEnd - ref.start) + 1;
      const range = d.lines.range(fragStart, ref.end);
      const where = target === d.path ? (file ? 'this file' : 'SKILL.md') : target === doc.path ? 'SKILL.md' : quote(ref.path);
      report(R.fragmentMissing, {
        file,
        range,
        message: `#${fragment} matches no heading in ${where}.${near ? ` Did you mean #${near}?` : a.anchors.length ? ` Headings: ${a.anchors.slice(0, 5).map((x) => '#' + x.id).join(', ')}${a.anchors.length > 5 ? ', …' : ''}.` : ' It has no headings.'}`,
        fixes: near ? [{ title: `Change to #${near}`, edits: [{ range, newText: near }], preferred: true }] : undefined,
      });
    }
  }

  /**
   * The one file of the skill whose path ends with `written` (`templates/ci.yml` for
   * assets/templates/ci.yml), else the one file with its name (any letter case).
   */
  async function sameNameElsewhere(written: string): Promise<string | undefined> {
    const name = written.slice(written.lastIndexOf('/') + 1);
    // `other-skill/SKILL.md` names another skill, never this one's own file.
    if (name.toLowerCase() === 'skill.md') return undefined;
    if (!byBaseName) {
      byBaseName = new Map();
      // In a big tree a name is seldom unique, and the walk would cost every check.
      skillFiles = await walkFiles(ctx, skillDir, undefined, SAME_NAME_MAX_FILES + 1);
      if (skillFiles.length > SAME_NAME_MAX_FILES) skillFiles = [];
      for (const f of skillFiles) {
        const k = f.slice(Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\')) + 1).toLowerCase();
        // null: more than one file has the name
        byBaseName.set(k, byBaseName.has(k) ? null : f);
      }
    }
    const tail = written.replace(/^\.\//, '');
    if (tail.includes('/')) {
      const ends = skillFiles.filter((f) => f.split(path.sep).join('/').endsWith('/' + tail));
      if (ends.length === 1) return ends[0];
      if (ends.length > 1) return undefined;
    }
    return byBaseName.get(name.toLowerCase()) ?? undefined;
  }

  /**
   * A missing path that exists from the plugin's root (a Claude Code plugin installs
   * it whole: suggest `${CLAUDE_PLUGIN_ROOT}/…`) or from the repository's root (where
   * it is not installed with the skill).
   */
  async function outsideCopy(ref: SkillReference): Promise<{ suggestion?: string[]; outside?: string } | undefined> {
    if (ref.path.startsWith('../') || ref.path.startsWith('/')) return undefined;
    const rel = ref.path.replace(/^\.\//, '');
    if (plugin) {
      const st = await ctx.stat(path.resolve(plugin.root, rel));
      if (st && !(st instanceof Error)) return { suggestion: ['${CLAUDE_PLUGIN_ROOT}', ...rel.split('/')] };
      return undefined;
    }
    const repo = await repositoryRoot();
    if (!repo) return undefined;
    const st = await ctx.stat(path.resolve(repo, rel));
    if (!st || st instanceof Error) return undefined;
    return { outside: path.relative(path.dirname(doc.path), path.resolve(repo, rel)).split(path.sep).join('/') };
  }

  /** The nearest folder above the skill with a `.git` entry (a few levels up at most). */
  async function repositoryRoot(): Promise<string | null> {
    if (repoRoot !== undefined) return repoRoot;
    repoRoot = null;
    for (let dir = path.dirname(skillDir), n = 0; n < 6 && dir !== path.dirname(dir); dir = path.dirname(dir), n++) {
      const listed = await ctx.listing(dir);
      if (listed?.byName.has('.git')) return (repoRoot = dir);
    }
    return repoRoot;
  }

  /** The icons `agents/openai.yaml` gives Codex (see codexIcons.ts); returns the files they use. */
  async function checkCodexIcons(): Promise<string[]> {
    const dir = childPath(skillDir, CODEX_METADATA_DIR);
    const file = childPath(dir, CODEX_METADATA_FILE);
    // Also when missing: creating it changes the check.
    deps.add(file);
    const agents = ctx.listingNow(skillDir);
    const top = agents instanceof Promise ? await agents : agents;
    if (top?.byName.get(CODEX_METADATA_DIR)?.type !== 'directory') return [];
    const listed = ctx.listingNow(dir);
    const inAgents = listed instanceof Promise ? await listed : listed;
    if (inAgents?.byName.get(CODEX_METADATA_FILE)?.type !== 'file') return [];
    const t = await ctx.readText(file);
    if (!t.ok) return [];
    const used: string[] = [];
    for (const icon of codexIcons(t.text, new LineIndex(t.text))) {
      if (icon.ignored) {
        report(R.codexIcon, {
          file,
          range: icon.range,
          message: `Codex ignores \`${icon.field}\`: ${quote(icon.path)} is ${icon.ignored}. Keep the icon under the skill's assets/ and write a relative path (\`assets/icon.svg\`).`,
        });
        continue;
      }
      if (icon.shared) continue;
      const res = await resolveReferenceNow(ctx, skillDir, skillDir, icon.path);
      const what = icon.field === 'icon_small' ? 'small icon' : 'large icon';
      if (res.status === 'ok' && res.type !== 'file') {
        report(R.codexIcon, { file, range: icon.range, message: `Codex shows no ${what}: ${quote(icon.path)} is a folder, not an image file.` });
      } else if (res.status === 'ok') used.push(res.abs);
      else if (res.status === 'case') {
        used.push(res.abs);
        report(R.caseMismatch, { file, range: icon.range, severity: 'warning', message: `${quote(icon.path)} differs in letter case from ${quote(res.rel)} on disk; on case-sensitive file systems Codex shows no ${what}. Write ${quote(res.rel)}.` });
      } else if (res.status === 'missing') {
        report(R.missing, { file, range: icon.range, severity: 'warning', message: `${quote(icon.path)} does not exist in the skill folder, so Codex shows no ${what}. Add the file or correct the path.` });
      }
    }
    return used;
  }

  async function checkUnused(alsoUsed: readonly string[]): Promise<void> {
    const listed = ctx.listingNow(skillDir);
    const top = listed instanceof Promise ? await listed : listed;
    const folders = RESOURCE_FOLDERS.filter((f) => top?.byName.get(f)?.type === 'directory');
    if (!folders.length) return;
    const candidates: string[] = [];
    for (const f of folders) {
      const dir = childPath(skillDir, f);
      deps.add(dir);
      candidates.push(...(await walkFiles(ctx, dir)));
    }
    if (!candidates.length) return;
    const isUsedIn = (used: Set<string>, file: string) => {
      for (let p = file; p.length > skillDir.length; p = path.dirname(p)) if (used.has(p)) return true;
      return false;
    };
    const used = usedBy(checked, skillDir);
    for (const f of alsoUsed) used.add(f);
    let unused = candidates.filter((c) => !isUsedIn(used, c));
    if (!unused.length) return;
    // Named in prose (`then read references/guide.md`): not a link, but agents do learn of it.
    // Named without its folder (`see check_completeness.py`) counts too: agents look for it.
    unused = unused.filter((c) => {
      const rel = path.relative(skillDir, c).split(path.sep).join('/');
      return !checked.some(([d]) => d.text.includes(rel) || namesBare(d.text, path.basename(c)));
    });
    if (!unused.length) return;
    // Scripts and templates are often used by other scripts: a used non-Markdown
    // file that names another file's base name uses it, and what that file names in
    // turn (validate.py imports the `validators` package, whose __init__.py imports base).
    const candidateSet = new Set(candidates);
    let users = [...used].filter((u) => u.startsWith(skillDir + path.sep) && !isMarkdownPath(u) && candidateSet.has(u));
    const read = new Set<string>();
    while (users.length && unused.length) {
      const next: string[] = [];
      for (const u of users) {
        if (!unused.length) break;
        if (read.has(u)) continue;
        read.add(u);
        const t = await ctx.readText(u);
        if (!t.ok) continue;
        const script = scriptText(t.text);
        unused = unused.filter((c) => {
          if (!namesFile(script, c)) return true;
          if (!isMarkdownPath(c)) next.push(c);
          return false;
        });
      }
      users = next;
    }
    for (const file of unused.sort()) {
      const rel = path.relative(skillDir, file).split(path.sep).join('/');
      report(R.unusedFile, {
        file,
        range: zero,
        tags: ['unnecessary'],
        message: `${quote(rel)} is not referenced from SKILL.md or the files it references, so agents never learn it exists. Link it where it is needed, or delete it.`,
      });
    }
  }
}

/** Whether `text` names the file `name` (with an extension, five characters or more) as a word of its own. */
function namesBare(text: string, name: string): boolean {
  if (name.length < 5 || !/\.[A-Za-z0-9]{1,8}$/.test(name)) return false;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = at === 0 ? '' : text[at - 1];
    const after = text[at + name.length] ?? '';
    if (!/[\w./\\-]/.test(before) && !/[\w/-]/.test(after)) return true;
  }
  return false;
}

/** Absolute paths the checked documents' references use (a "did you mean" target counts). */
function usedBy(checked: readonly [SkillDocument, ResolvedReference[]][], skillDir: string): Set<string> {
  const used = new Set<string>();
  for (const [d, refs] of checked) {
    for (const { ref, resolution: r } of refs) {
      if (r.status === 'missing' && r.suggestion) {
        // "Did you mean" already points at it: not also unused.
        used.add(path.resolve(baseDirOf(ref, d.path, skillDir), r.suggestion.join('/')));
      }
      if (r.status !== 'ok' && r.status !== 'case') continue;
      used.add(r.abs);
      if (r.status === 'ok' && r.real) used.add(r.real);
    }
  }
  return used;
}

/**
 * Absolute paths referenced from SKILL.md and, transitively, from the Markdown files of
 * the skill it references (their links resolve against their own folder).
 */
export async function usedPaths(ctx: ReferenceContext, doc: SkillDocument, skillDir: string, deps?: Set<string>, docRefs?: SkillReference[]): Promise<Set<string>> {
  const checked: [SkillDocument, ResolvedReference[]][] = [[doc, await resolveAll(ctx, doc, skillDir, docRefs)]];
  const seen = new Set<string>([doc.path]);
  for (let i = 0; i < checked.length; i++) {
    for (const { resolution: r } of checked[i][1]) {
      if (r.status !== 'ok' && r.status !== 'case') continue;
      if (r.type !== 'file' || !isMarkdownPath(r.abs) || seen.has(r.abs) || seen.size >= MAX_MARKDOWN_FILES) continue;
      seen.add(r.abs);
      deps?.add(r.abs);
      const read = ctx.markdownNow(r.abs);
      const m = read instanceof Promise ? await read : read;
      if ('doc' in m) checked.push([m.doc, await resolveAll(ctx, m.doc, skillDir)]);
    }
  }
  return usedBy(checked, skillDir);
}

function omitUndefined<T extends object>(o: T): T {
  const out = {} as Record<string, unknown>;
  for (const k in o) {
    const v = o[k];
    if (v !== undefined && k !== 'severity' && k !== 'file') out[k] = v;
  }
  return out as T;
}

export function formatSize(n: number): string {
  return formatBytes(n);
}

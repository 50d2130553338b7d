import * as path from 'node:path';
import type { CheckOptions } from '../check/checkDocument';
import type { SkillDocument } from '../document/model';
import type { SkillDiagnostic } from '../types';
import { childPath } from '../workspace/childPath';
import type { FileSystem } from '../workspace/fileSystem';
import { isMarkdownPath, ReferenceContext } from './context';
import { isLinkKind } from './edits';
import { extractReferences, KNOWN_FOLDERS, type SkillReference } from './extract';
import { baseDirOf, resolveReferenceNow, surelyAbsent, type Resolution } from './resolve';
import { PER_REFERENCE } from './rules';
import { checkCodexIcons } from './rules/referenceCodexIcon';
import { checkLocalFragment } from './rules/referenceFragmentMissing';
import { reportTooDeep } from './rules/referenceTooDeep';
import { checkUnused, referenceUnusedFile, usedBy } from './rules/referenceUnusedFile';
import { DocumentRun, SkillRun, type ResolvedReference } from './run';
import { after, type Pending } from './settled';

export { RESOURCE_FOLDERS } from './rules/referenceUnusedFile';
export type { ResolvedReference } from './run';

export interface ReferenceCheckResult {
  diagnostics: SkillDiagnostic[];
  /**
   * Absolute paths this SKILL.md's diagnostics depend on: every target (existing or
   * not), the Markdown files read transitively, and the resource folders walked.
   */
  dependencies: string[];
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

/** Markdown files a skill's check follows at most (a skill with more is unusual). */
const MAX_MARKDOWN_FILES = 200;

/**
 * The reference checks for one SKILL.md and the Markdown files it references,
 * transitively: an agent that reads references/guide.md follows its links too, so
 * their problems are the skill's (reported on those files). Reads through one
 * ReferenceContext, so every folder is listed and every file read at most once;
 * never throws for file problems. Each code's check is its module in rules/.
 */
export async function checkReferences(fs: FileSystem, doc: SkillDocument, opts: CheckOptions = {}, ctx = new ReferenceContext(fs)): Promise<ReferenceCheckResult> {
  ctx.seedText(doc.path, doc.text);
  const run = new SkillRun(ctx, doc, opts);
  // How many links an agent follows from SKILL.md to reach each Markdown file (breadth first: the fewest).
  const depth = new Map<string, number>([[doc.path, 0]]);
  const queue: string[] = [];
  const follow = (from: SkillDocument, resolved: ResolvedReference[]) => {
    const d = depth.get(from.path)! + 1;
    for (const { ref, resolution: r } of resolved) {
      if ((r.status !== 'ok' && r.status !== 'case') || r.type !== 'file' || !isMarkdownPath(r.abs) || depth.has(r.abs)) continue;
      if (depth.size >= MAX_MARKDOWN_FILES) return;
      depth.set(r.abs, d);
      run.deps.add(r.abs);
      queue.push(r.abs);
      // Only what a link leads to: a name in code or prose may be read, or not.
      if (d >= 2 && isLinkKind(ref)) reportTooDeep(run, from, ref, r.rel, d);
    }
  };
  const checkOne = async (d: SkillDocument) => {
    const resolved = await checkDocument(new DocumentRun(run, d));
    run.checked.push([d, resolved]);
    follow(d, resolved);
  };
  await checkOne(doc);
  // Breadth first, as the files are found.
  for (let i = 0; i < queue.length && !run.cancelled; i++) {
    const read = ctx.markdownNow(queue[i]);
    const m = read instanceof Promise ? await read : read;
    if ('doc' in m) await checkOne(m.doc);
  }
  const icons = run.cancelled ? [] : await checkCodexIcons(run);
  // Half a check knows half the uses: no unused-file claims from it.
  if (run.enabled(referenceUnusedFile) && !run.cancelled) await checkUnused(run, icons);
  return { diagnostics: run.diagnostics, dependencies: [...run.deps] };
}

/** Checks the references of SKILL.md or of a Markdown file it leads to; returns them resolved. */
async function checkDocument(doc: DocumentRun): Promise<ResolvedReference[]> {
  const { run, d } = doc;
  const resolved: ResolvedReference[] = [];
  // By index: a for-of over an array in an async function allocates each step's
  // iterator result (114 MB on the 10,000-skill bench corpus).
  const refs = extractReferences(d, run.skillDir);
  for (let i = 0; i < refs.length; i++) {
    const extracted = refs[i];
    if (run.opts.token?.isCancellationRequested) {
      run.cancelled = true;
      break;
    }
    if (extracted.kind === 'reflink') continue;
    // Only VS Code attaches `#file:x`; to the other agents it names a file, as prose does.
    // (A copy: the extracted list is shared by every caller.)
    const ref = extracted.kind === 'attachment' && !run.attachesFileMentions ? { ...extracted, tentative: true } : extracted;
    if (ref.path === '') {
      await checkLocalFragment(doc, ref);
      continue;
    }
    const found = resolveTentative(run.ctx, ref, baseDirOf(ref, d.path, run.skillDir), run.skillDir);
    const res = found instanceof Promise ? await found : found;
    const entry = res ? { ref, resolution: res } : ref.interpreted ? await bareScript(doc, ref) : undefined;
    if (!entry) continue;
    resolved.push(entry);
    if ('abs' in entry.resolution) run.deps.add(entry.resolution.abs);
    for (const rule of PER_REFERENCE) {
      const done = rule.check!(doc, ref, entry.resolution, entry);
      if (done instanceof Promise) await done;
    }
  }
  return resolved;
}

/**
 * `python check.py` for scripts/check.py: run from the skill folder the bare name is
 * not found (reported missing, with the file meant; which also counts it as used).
 */
async function bareScript(doc: DocumentRun, ref: SkillReference): Promise<ResolvedReference | undefined> {
  if (!ref.interpreted || ref.path.includes('/') || !/\.[A-Za-z0-9]{1,8}$/.test(ref.path)) return undefined;
  const { run, d } = doc;
  const other = await inResourceFolder(run.ctx, run.skillDir, ref.path);
  // scripts/README.md's `python add.py` runs scripts/add.py from where the README is.
  if (!other || path.dirname(other) === path.dirname(d.path)) return undefined;
  const rel = path.relative(baseDirOf(ref, d.path, run.skillDir), other).split(path.sep);
  // Reported by reference-missing, with the file meant.
  return { ref, resolution: { status: 'missing', abs: childPath(run.skillDir, ref.path), rel: ref.path, missingIndex: 0, suggestion: rel } };
}

/** The one file named `name` directly in one of the skill's known folders (scripts/, references/…): listings only, no walk. */
async function inResourceFolder(ctx: ReferenceContext, skillDir: string, name: string): Promise<string | undefined> {
  const top = await ctx.listing(skillDir);
  let found: string | undefined;
  for (const folder of KNOWN_FOLDERS) {
    if (top?.byName.get(folder)?.type !== 'directory') continue;
    const dir = childPath(skillDir, folder);
    if ((await ctx.listing(dir))?.byName.get(name)?.type !== 'file') continue;
    if (found) return undefined;
    found = childPath(dir, name);
  }
  return found;
}

/**
 * Absolute paths referenced from SKILL.md and, transitively, from the Markdown files of
 * the skill it references (their links resolve against their own folder).
 */
export async function usedPaths(ctx: ReferenceContext, doc: SkillDocument, skillDir: string, deps?: Set<string>, docRefs?: SkillReference[]): Promise<Set<string>> {
  ctx.confine(skillDir);
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


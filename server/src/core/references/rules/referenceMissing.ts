import * as path from 'node:path';
import type { Fix } from '../../types';
import { isMarkdownPath } from '../context';
import { isLinkKind, writePath } from '../edits';
import type { SkillReference } from '../extract';
import { baseDirOf, isInside, type Resolution } from '../resolve';
import { quote, type DocumentRun } from '../run';
import type { Pending } from '../settled';
import { inCode, type ReferenceRule } from './types';

type Missing = Extract<Resolution, { status: 'missing' }>;

export const referenceMissing: ReferenceRule = {
  code: 'reference-missing',
  title: 'A referenced file or folder does not exist (links: error; paths named in code: warning, folders and extensionless names only with a near name).',
  defaultSeverity: 'error',
  // A promise only while a look-up is not at hand: most references exist, and most
  // missing ones settle at once (the skill's files and listing are known after the first),
  // with no closure or promise on that path (138,000 missing on the bench corpus).
  check(doc, ref, res, entry) {
    if (res.status !== 'missing') return;
    const r = withSuggestion(doc, ref, res);
    if (r instanceof Promise) return r.then((x) => settleMissing(doc, ref, x, entry));
    settleMissing(doc, ref, r, entry);
  },
};

function settleMissing(doc: DocumentRun, ref: SkillReference, r: Missing, entry: { resolution: Resolution }): void {
  entry.resolution = r;
  // A folder or extensionless name in code (`resources/list`): only a near name is evidence enough.
  if (ref.mention && !ref.executed && !ref.interpreted && !r.suggestion) return;
  reportMissing(doc, ref, r);
}

/**
 * No near name on the way: the one file whose path ends so, or with the same name
 * (`./checklist.md` for docs/checklist.md), or a copy at the plugin's or repository's root.
 */
function withSuggestion(doc: DocumentRun, ref: SkillReference, res: Missing): Pending<Missing> {
  if (res.suggestion || res.throughFile || res.brokenLink || ref.path.endsWith('/')) return res;
  const other = doc.run.sameNameElsewhere(ref.path);
  return other instanceof Promise ? other.then((o) => suggestFrom(doc, ref, res, o)) : suggestFrom(doc, ref, res, other);
}

function suggestFrom(doc: DocumentRun, ref: SkillReference, res: Missing, other: string | undefined): Pending<Missing> {
  if (other) {
    const rel = path.relative(baseDirOf(ref, doc.d.path, doc.run.skillDir), other).split(path.sep);
    return { ...res, suggestion: ref.dotSlash && rel[0] !== '..' ? ['.', ...rel] : rel };
  }
  const outside = doc.run.outsideCopy(ref);
  if (outside instanceof Promise) return outside.then((o) => (o ? { ...res, ...o } : res));
  return outside ? { ...res, ...outside } : res;
}

/** The heading a new Markdown file starts with: its name, words capitalized. */
export function titleFor(file: string): string {
  const stem = path.basename(file).replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim();
  return stem ? stem[0].toUpperCase() + stem.slice(1) : 'Untitled';
}

/** What fails when the target is missing, which says what kind of reference it is (certainty.ts). */
export function failing(ref: SkillReference): string {
  if (ref.executed || ref.interpreted) return 'running this script fails';
  if (ref.kind === 'image') return 'this image does not show';
  if (ref.kind === 'attachment') return 'VS Code attaches nothing for this `#file:`';
  if (isLinkKind(ref)) return 'agents following this link fail';
  return ref.kind === 'prose' ? 'agents told to read this file find nothing' : 'agents told to use this path (named in code, not linked) find nothing';
}

export function reportMissing(doc: DocumentRun, ref: SkillReference, res: Missing): void {
  const suggested = res.suggestion?.join('/');
  let hint = suggested !== undefined ? ` Did you mean ${quote(suggested)}?` : '';
  if (res.outside) hint += ` ${quote(res.outside)} exists outside the skill folder, which is not installed with the skill: copy it into the skill.`;
  const why = res.brokenLink
    ? ' is a broken or looping symbolic link'
    : res.throughFile
      ? ` does not exist: ${quote(ref.path.split(/[\\/]/).slice(0, res.missingIndex).join('/') || ref.path)} is a file, not a folder`
      : ' does not exist in the skill folder';
  doc.report(referenceMissing, {
    range: ref.pathRange,
    severity: inCode(ref) ? 'warning' : undefined,
    message: `${quote(ref.path)}${why}, so ${failing(ref)}.${hint || ' Create the file or correct the path.'}`,
    fixes: doc.run.opts.fixes === false ? undefined : missingFixes(doc, ref, res, suggested),
  });
}

/** The path suggested instead, and the file created. */
function missingFixes(doc: DocumentRun, ref: SkillReference, res: Missing, suggested: string | undefined): Fix[] | undefined {
  const fixes: Fix[] = [];
  if (suggested !== undefined) {
    fixes.push({ title: `Change to ${quote(suggested)}`, edits: [{ range: ref.pathRange, newText: writePath(doc.d, ref, suggested) }], preferred: true });
  }
  if (!res.throughFile && !res.brokenLink && !ref.path.endsWith('/')) {
    const content = isMarkdownPath(res.abs) ? `# ${titleFor(res.abs)}\n` : '';
    fixes.push({ title: `Create ${quote(res.rel)}`, change: { edits: {}, creates: [{ path: res.abs, content }] } });
  }
  return fixes.length ? fixes : undefined;
}

/** `../x.md` (or a plugin file) that is not there at all: the reader finds nothing, wherever the skill is. */
export function reportOutsideMissing(doc: DocumentRun, ref: SkillReference, abs: string): void {
  const plugin = doc.run.plugin;
  const where = plugin && isInside(plugin.root, abs) ? 'in the plugin' : 'outside the skill folder either';
  doc.report(referenceMissing, {
    range: ref.pathRange,
    severity: isLinkKind(ref) ? undefined : 'warning',
    message: `${quote(ref.path)} does not exist ${where}, so ${failing(ref)}. Correct the path, or put the file in the skill and reference it there.`,
  });
}

import * as path from 'node:path';
import { likelyBodyStart } from '../document/likelyBodyStart';
import type { SkillDocument } from '../document/model';
import { parseSkillDocument } from '../document/parse';
import { formatBytes } from '../document/readSkillFile';
import { countTokens } from '../text/tokens';
import { utf8Length } from '../text/utf8';
import type { Position, Range, TextEdit, WorkspaceChange } from '../types';
import type { FileSystem } from '../workspace/fileSystem';
import { collectAnchors, findAnchor, type Anchor } from './anchors';
import { isMarkdownPath, ReferenceContext } from './context';
import { writePath } from './edits';
import { extractReferences, isUrl, type SkillReference } from './extract';
import { baseDirOf, isAbsoluteRef, resolveReference } from './resolve';
import { walkFiles } from './walk';

/**
 * Language-server features over references, as pure functions of the file system and
 * a document: no LSP types. Positions are 0-based lines and UTF-16 characters.
 */

/** Supplies editor buffers (unsaved text) in place of the file on disk. */
export type OpenDocuments = (file: string) => SkillDocument | undefined;

export interface Location {
  file: string;
  range: Range;
}

export interface DocumentLink {
  /** the target text as written (path and fragment) */
  range: Range;
  /** absolute path of the target (the document itself for `#local` links) */
  target: string;
  fragment?: string;
  kind: SkillReference['kind'];
}

const fileStart: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function skillDirOf(doc: SkillDocument): string {
  return path.dirname(doc.path);
}

/** Where a reference points, without touching the disk (`undefined` for absolute paths). */
export function targetPath(ref: SkillReference, file: string, skillDir: string): string | undefined {
  if (ref.path === '') return file;
  if (isAbsoluteRef(ref.path)) return undefined;
  return path.resolve(baseDirOf(ref, file, skillDir), ref.path.replace(/\\/g, '/'));
}

function within(r: Range, p: Position): boolean {
  const afterStart = p.line > r.start.line || (p.line === r.start.line && p.character >= r.start.character);
  const beforeEnd = p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character);
  return afterStart && beforeEnd;
}

/** The reference whose target text contains `position`. */
export function referenceAt(doc: SkillDocument, position: Position, skillDir?: string): SkillReference | undefined {
  return extractReferences(doc, skillDir).find((r) => within(r.range, position));
}

/**
 * Document links for every reference except tentative ones (paths in code without a
 * known folder prefix, which need the disk; `resolveAll` gives those).
 */
export function documentLinks(doc: SkillDocument): DocumentLink[] {
  const skillDir = skillDirOf(doc);
  const out: DocumentLink[] = [];
  for (const ref of extractReferences(doc, skillDir)) {
    if (ref.tentative) continue;
    const target = targetPath(ref, doc.path, skillDir);
    if (!target) continue;
    out.push({ range: ref.range, target, fragment: ref.fragment || undefined, kind: ref.kind });
  }
  return out;
}

async function anchorsOf(ctx: ReferenceContext, file: string, openDocs?: OpenDocuments): Promise<Anchor[]> {
  const open = openDocs?.(file);
  if (open) return collectAnchors(open.text, open.lines);
  const a = await ctx.anchors(file);
  return 'anchors' in a ? a.anchors : [];
}

/** Go to definition: the target file (its start), or the heading a `#fragment` names. */
/** `skillDir`: the skill folder, when `doc` is another Markdown file of the skill (default: its own folder). */
export async function definition(fs: FileSystem, doc: SkillDocument, position: Position, openDocs?: OpenDocuments, skillDir = skillDirOf(doc)): Promise<Location | undefined> {
  const ref = referenceAt(doc, position, skillDir);
  if (!ref) return undefined;
  const ctx = new ReferenceContext(fs).confine(skillDir);
  let file: string;
  if (ref.path === '') file = doc.path;
  else {
    const res = await resolveReference(ctx, skillDir, baseDirOf(ref, doc.path, skillDir), ref.path);
    if (res.status !== 'ok' && res.status !== 'case') return undefined;
    file = res.abs;
    if (res.type === 'directory') return { file, range: fileStart };
  }
  if (ref.fragment && isMarkdownPath(file)) {
    const anchors = file === doc.path ? collectAnchors(doc.text, doc.lines) : await anchorsOf(ctx, file, openDocs);
    const a = findAnchor(anchors, ref.fragment);
    if (a) return { file, range: a.range };
  }
  return { file, range: fileStart };
}

/** The Markdown files of a skill: SKILL.md first, then every other `.md` (bounded walk). */
export async function skillMarkdownFiles(ctx: ReferenceContext, skillDir: string): Promise<string[]> {
  const files = await walkFiles(ctx, skillDir, (f) => isMarkdownPath(f));
  const skill = files.filter((f) => path.dirname(f) === skillDir && /^skill\.md$/i.test(path.basename(f)));
  return [...skill, ...files.filter((f) => !skill.includes(f))];
}

async function loadDoc(ctx: ReferenceContext, file: string, openDocs?: OpenDocuments): Promise<SkillDocument | undefined> {
  const open = openDocs?.(file);
  if (open) return open;
  const t = await ctx.readText(file);
  return t.ok && !t.truncated ? parseSkillDocument(file, t.text) : undefined;
}

/**
 * Every location in the skill's Markdown files that points at `target` (a file, or a
 * folder: references to it and to anything inside it).
 */
export async function referencesTo(fs: FileSystem, skillDir: string, target: string, openDocs?: OpenDocuments): Promise<Location[]> {
  const ctx = new ReferenceContext(fs).confine(skillDir);
  const out: Location[] = [];
  const prefix = target + path.sep;
  for (const file of await skillMarkdownFiles(ctx, skillDir)) {
    const doc = await loadDoc(ctx, file, openDocs);
    if (!doc) continue;
    for (const ref of extractReferences(doc, skillDir)) {
      if (ref.kind === 'reflink') continue;
      const t = targetPath(ref, file, skillDir);
      if (!t) continue;
      if (t !== target && !t.startsWith(prefix)) {
        // `FORMS.md` for forms.md (reported as a case mismatch) points at it too.
        const lower = t.toLowerCase();
        if (lower !== target.toLowerCase() && !lower.startsWith(prefix.toLowerCase())) continue;
        const res = await resolveReference(ctx, skillDir, baseDirOf(ref, file, skillDir), ref.path);
        if (res.status !== 'case' || (res.abs !== target && !res.abs.startsWith(prefix))) continue;
      } else if (ref.tentative && !(await ctx.stat(t))) continue;
      out.push({ file, range: ref.range });
    }
  }
  return out;
}

export interface CompletionItem {
  label: string;
  kind: 'file' | 'folder' | 'heading';
  /** text replacing `range` */
  insertText: string;
  range: Range;
  detail?: string;
  /** re-trigger completion after inserting (folders) */
  retrigger?: boolean;
}

/** The path being typed at `position` and where it starts, when the cursor is in a path context. */
export function pathContext(doc: SkillDocument, position: Position): { typed: string; start: number; base: 'file' | 'skill' } | undefined {
  const offset = doc.lines.offsetAt(position);
  if (offset < likelyBodyStart(doc)) return undefined;
  const lineStart = doc.lines.lineStarts[position.line];
  const before = doc.text.slice(lineStart, offset);
  let m = /(?:\{\{\s*\.BaseDirectory\s*\}\}|\$\{CLAUDE_SKILL_DIR\}|\$CLAUDE_SKILL_DIR)\/([^\s"'`()<>]*)$/.exec(before);
  if (m) return { typed: m[1], start: offset - m[1].length, base: 'skill' };
  m = /\]\(<?([^)\s<>]*)$/.exec(before) ?? /^ {0,3}\[[^\]]+\]:[ \t]*<?(\S*)$/.exec(before);
  if (m) return isUrl(m[1]) ? undefined : { typed: m[1], start: offset - m[1].length, base: 'file' };
  m = /\b(?:src|href)\s*=\s*["']([^"']*)$/.exec(before);
  if (m) return isUrl(m[1]) ? undefined : { typed: m[1], start: offset - m[1].length, base: 'file' };
  // A fence being typed (```), not a code span.
  if (/^ {0,3}(?:`{3,}|~{3,})/.test(before)) return undefined;
  const ticks = before.split('`').length - 1;
  if (ticks % 2 === 1) {
    m = /([^\s`"'=]*)$/.exec(before)!;
    if (!m[1].includes('#')) return { typed: m[1], start: offset - m[1].length, base: 'skill' };
  }
  return undefined;
}

/** Completion of files and folders of the skill, then headings after `#`. */
export async function completions(fs: FileSystem, doc: SkillDocument, position: Position, openDocs?: OpenDocuments, skillDir = skillDirOf(doc)): Promise<CompletionItem[]> {
  const c = pathContext(doc, position);
  if (!c) return [];
  const ctx = new ReferenceContext(fs).confine(skillDir);
  const baseDir = c.base === 'skill' ? skillDir : path.dirname(doc.path);
  const hash = c.typed.indexOf('#');
  if (hash !== -1) {
    const p = c.typed.slice(0, hash);
    let file = doc.path;
    if (p) {
      const res = await resolveReference(ctx, skillDir, baseDir, decodeSafe(p));
      if (res.status !== 'ok' || res.type !== 'file' || !isMarkdownPath(res.abs)) return [];
      file = res.abs;
    }
    const anchors = file === doc.path ? collectAnchors(doc.text, doc.lines) : await anchorsOf(ctx, file, openDocs);
    const from = c.start + hash + 1;
    const range = doc.lines.range(from, doc.lines.offsetAt(position));
    return anchors.map((a) => ({ label: '#' + a.id, kind: 'heading', insertText: a.id, range, detail: a.text }));
  }
  const slash = c.typed.lastIndexOf('/');
  const dirPart = slash === -1 ? '' : c.typed.slice(0, slash + 1);
  // `/` (a slash command, an absolute path) or `../..`: not the skill's files, which
  // are all an agent can read.
  if (isAbsoluteRef(c.typed)) return [];
  const dir = path.resolve(baseDir, decodeSafe(dirPart) || '.');
  const inSkill = path.relative(skillDir, dir);
  if (inSkill.startsWith('..') || path.isAbsolute(inSkill)) return [];
  // A folder link out of the skill (`references -> /`): its names are not the skill's.
  if (await ctx.outside(dir)) return [];
  const listing = await ctx.listing(dir);
  if (!listing) return [];
  const range = doc.lines.range(c.start + slash + 1, doc.lines.offsetAt(position));
  const out: CompletionItem[] = [];
  for (const e of listing.entries) {
    if (e.name.startsWith('.') || e.name === 'node_modules' || e.name === '__pycache__') continue;
    const full = path.join(dir, e.name);
    if (full === doc.path) continue;
    let isDir = e.type === 'directory';
    if (e.type === 'symlink') {
      const st = await ctx.stat(full);
      isDir = !(st instanceof Error) && st?.type === 'directory';
    }
    const name = c.base === 'file' ? e.name.replace(/ /g, '%20') : e.name;
    out.push(isDir
      ? { label: e.name + '/', kind: 'folder', insertText: name + '/', range, retrigger: true }
      : { label: e.name, kind: 'file', insertText: name, range });
  }
  return out.sort((a, b) => (a.kind === b.kind ? a.label.localeCompare(b.label) : a.kind === 'folder' ? -1 : 1));
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Edits that keep every reference alive when `oldPath` (a file or folder of the skill)
 * moves to `newPath`: references to it (or into it) get the new path, relative to
 * their own base, keeping `./`, encoding and `#fragment`; a moved Markdown file's own
 * relative links are rewritten for its new folder. Edits are keyed by the files'
 * current paths (apply before the rename, as `workspace/willRenameFiles` does).
 */
export function renameEdits(fs: FileSystem, skillDir: string, oldPath: string, newPath: string, openDocs?: OpenDocuments): Promise<WorkspaceChange> {
  return moveEdits(fs, skillDir, [{ from: oldPath, to: newPath }], openDocs);
}

/**
 * renameEdits for several files or folders of one skill moved at once (dragging two
 * files into a folder): a link between two moved files is rewritten for where both
 * end up, not for one moved and the other left behind.
 */
export async function moveEdits(fs: FileSystem, skillDir: string, moves: readonly { from: string; to: string }[], openDocs?: OpenDocuments): Promise<WorkspaceChange> {
  const ctx = new ReferenceContext(fs).confine(skillDir);
  const edits: Record<string, TextEdit[]> = {};
  const apply = (p: string, ignoreCase: boolean) => {
    const key = ignoreCase ? p.toLowerCase() : p;
    for (const { from, to } of moves) {
      const f = ignoreCase ? from.toLowerCase() : from;
      if (key === f) return to;
      if (key.startsWith(f + path.sep)) return to + p.slice(from.length);
    }
    return p;
  };
  const moved = (p: string) => apply(p, false);
  // `references/GUIDE.md` for guide.md (reference-case-mismatch) moves with it too, and
  // gets the right case on the way, unless a file of exactly that name exists.
  const movedIgnoringCase = (p: string) => apply(p, true);
  for (const file of await skillMarkdownFiles(ctx, skillDir)) {
    const doc = await loadDoc(ctx, file, openDocs);
    if (!doc) continue;
    const fileMoved = moved(file) !== file;
    for (const ref of extractReferences(doc, skillDir)) {
      if (ref.kind === 'reflink' || ref.path === '') continue;
      const target = targetPath(ref, file, skillDir);
      if (!target) continue;
      let newTarget = moved(target);
      let caseMoved = false;
      if (newTarget === target && movedIgnoringCase(target) !== target && !(await ctx.stat(target))) {
        newTarget = movedIgnoringCase(target);
        caseMoved = true;
      }
      const base = ref.base === 'skill' ? skillDir : path.dirname(file);
      const newBase = ref.base === 'skill' ? skillDir : path.dirname(moved(file));
      if (newTarget === target && !(fileMoved && ref.base === 'file')) continue;
      // A tentative path names the file only if it exists (`FORMS.md` for forms.md does).
      if (ref.tentative && !caseMoved && !(await ctx.stat(target))) continue;
      let rel = path.relative(newBase, newTarget).split(path.sep).join('/');
      if (rel === '') rel = '.';
      if (ref.path.endsWith('/') && !rel.endsWith('/')) rel += '/';
      if (newTarget === target && newBase === base) continue;
      const written = path.posix.normalize(ref.path.replace(/\\/g, '/'));
      if (path.posix.normalize(rel) === written) continue;
      (edits[file] ??= []).push({ range: ref.pathRange, newText: writePath(doc, ref, rel) });
    }
  }
  return { edits };
}

export interface HoverInfo {
  range: Range;
  /** Markdown: the first lines of the target (fenced), an image, or a folder listing */
  markdown: string;
  /** size of the target in bytes */
  size?: number;
  /** token count of the target (o200k_base); estimated from the prefix for large files */
  tokens?: number;
  tokensEstimated?: boolean;
}

const IMAGE = /\.(png|jpe?g|gif|svg|webp|bmp|ico|avif)$/i;
const LANG: Record<string, string> = { py: 'python', sh: 'bash', bash: 'bash', js: 'javascript', mjs: 'javascript', ts: 'typescript', json: 'json', yaml: 'yaml', yml: 'yaml', md: 'markdown', toml: 'toml', rb: 'ruby', go: 'go', rs: 'rust', html: 'html', css: 'css', sql: 'sql', xml: 'xml', ps1: 'powershell' };
export const HOVER_LINES = 12;

/** Hover on a reference: the first lines of the target (or the image) and its size in tokens. */
export async function hoverInfo(fs: FileSystem, doc: SkillDocument, position: Position, skillDir = skillDirOf(doc)): Promise<HoverInfo | undefined> {
  const ref = referenceAt(doc, position, skillDir);
  if (!ref) return undefined;
  const ctx = new ReferenceContext(fs).confine(skillDir);
  const range = ref.range;
  let file = doc.path;
  if (ref.path !== '') {
    const res = await resolveReference(ctx, skillDir, baseDirOf(ref, doc.path, skillDir), ref.path);
    if (res.status === 'missing') return ref.tentative ? undefined : { range, markdown: `\`${res.rel}\` does not exist.` };
    if (res.status !== 'ok' && res.status !== 'case') return { range, markdown: `\`${ref.path}\` is outside the skill folder.` };
    file = res.abs;
    if (res.type === 'directory') {
      const outside = await ctx.outside(file);
      if (outside !== undefined) return { range, markdown: `**${res.rel}/**\n\nNot listed: it leads to ${outside}, outside the skill folder, and skillmd reads no folder there.` };
      const l = await ctx.listing(file);
      const names = (l?.entries ?? []).filter((e) => !e.name.startsWith('.')).map((e) => (e.type === 'directory' ? e.name + '/' : e.name));
      return { range, markdown: `**${res.rel}/**\n\n${names.slice(0, 20).map((n) => `- ${n}`).join('\n')}${names.length > 20 ? `\n- … ${names.length - 20} more` : ''}` };
    }
  }
  const st = await ctx.stat(file);
  const size = st && !(st instanceof Error) ? st.size : undefined;
  const title = `**${path.relative(skillDir, file).split(path.sep).join('/')}**${size !== undefined ? ` · ${formatBytes(size)}` : ''}`;
  // Not even an image: the editor would load it from outside the skill folder.
  const outside = file === doc.path ? undefined : await ctx.outside(file);
  if (outside !== undefined) return { range, size, markdown: `${title}\n\nNot shown: it leads to ${outside}, outside the skill folder, and skillmd reads no file there.` };
  if (IMAGE.test(file)) {
    return { range, size, markdown: `${title}\n\n![${path.basename(file)}](${encodeURI('file://' + file.split(path.sep).join('/'))})` };
  }
  const t = file === doc.path ? ({ ok: true, text: doc.text, truncated: false } as const) : await ctx.readText(file);
  if (!t.ok) return { range, size, markdown: `${title}\n\nNot shown: ${t.problem === 'binary' ? 'binary file' : t.detail}.` };
  const lines = t.text.split(/\r\n|\r|\n/);
  let from = 0;
  if (ref.fragment && isMarkdownPath(file)) {
    const a = findAnchor(collectAnchors(t.text), ref.fragment);
    if (a) from = a.range.start.line;
  }
  const shown = lines.slice(from, from + HOVER_LINES).join('\n');
  const lang = LANG[path.extname(file).slice(1).toLowerCase()] ?? '';
  let tokens = countTokens(t.text);
  if (t.truncated && size) tokens = Math.round((tokens * size) / Math.max(1, utf8Length(t.text)));
  const fence = fenceFor(shown);
  const more = lines.length > from + HOVER_LINES ? '\n…' : '';
  return {
    range,
    size,
    tokens,
    tokensEstimated: t.truncated || undefined,
    markdown: `${title} · ${t.truncated ? '≈' : ''}${tokens} tokens\n\n${fence}${lang}\n${shown}${more}\n${fence}`,
  };
}

/**
 * A code fence longer than any run of backticks in `text`: the file's own fences (````
 * too) cannot close it, so no text of the file renders as Markdown in the hover.
 */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`{3,}/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

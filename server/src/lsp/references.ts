// Relative references in the language server: diagnostics (with a dependency index so
// a created, deleted or renamed file re-checks only the SKILL.md files that point at
// it), document links, definition, find references, path completion, hover and the
// edits that keep references alive when files move (workspace/willRenameFiles).
// Adapters only: the work is done by core/references.
import * as nodeFs from 'node:fs';
import * as path from 'node:path';
import {
  CompletionItemKind,
  MarkupKind,
  type CompletionItem,
  type DocumentLink,
  type Hover,
  type Location,
  type Position,
} from 'vscode-languageserver/node';
import type { CheckOptions } from '../core/check/checkDocument';
import type { SkillDocument } from '../core/document/model';
import { parseSkillDocument } from '../core/document/parse';
import {
  checkReferences,
  collectAnchors,
  completions,
  definition,
  DependencyIndex,
  extractReferences,
  findAnchor,
  hoverInfo,
  pathContext,
  ReferenceContext,
  referenceAt,
  referencesTo,
  moveEdits,
  targetPath,
  type OpenDocuments,
} from '../core/references';
import type { SkillDiagnostic, TextEdit, WorkspaceChange } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
import type { CompletionData } from '../protocol';
import { runDiskRules } from '../core/rules/diskRules';
import { isSkillFile, pathToUri, uriToPath } from './convert';

export const isMarkdownFile = (p: string) => /\.(md|markdown|mdx)$/i.test(p);

/** Folders whose SKILL.md existence was looked up (cleared when a SKILL.md appears or goes). */
const SKILL_NAMES = ['SKILL.md', 'skill.md'];

export interface ReferenceHost {
  /** file system that serves open buffers (see OverlayFileSystem) */
  fs: FileSystem;
  /** the text and version of an open editor buffer for a path */
  openText(file: string): { text: string; version: number } | undefined;
}

export class ReferenceService {
  /** which SKILL.md depends on which paths, fed by every check (open documents and the index) */
  readonly deps = new DependencyIndex();
  private readonly hasSkill = new Map<string, boolean>();
  private readonly parsed = new Map<string, { version: number; doc: SkillDocument }>();

  constructor(private readonly host: ReferenceHost) {}

  /** Reference diagnostics of one SKILL.md; records what it depends on. */
  async check(fs: FileSystem, doc: SkillDocument, opts: CheckOptions): Promise<SkillDiagnostic[]> {
    const result = await checkReferences(fs, doc, opts);
    this.deps.update(doc.path, result.dependencies);
    const disk = await runDiskRules(fs, doc, opts);
    return disk.length ? [...result.diagnostics, ...disk] : result.diagnostics;
  }

  /**
   * The SKILL.md files to re-check after `changed` paths were created, changed,
   * deleted or renamed. The skill holding a path always is one (its targets, its
   * unused-file hints, case and "did you mean" all live in its folder); the
   * DependencyIndex adds the rest (a folder moved, a path outside the skill); its
   * lookups walk up the changed path, so they cost the same at any index size.
   */
  dependentsOf(changed: readonly string[], known: (skillFile: string) => boolean): Set<string> {
    const out = new Set<string>();
    for (const file of changed) {
      const dir = this.skillDirOf(file);
      for (const name of SKILL_NAMES) {
        const d = dir && path.join(dir, name);
        if (d && d !== file && (known(d) || this.deps.has(d))) out.add(d);
      }
      for (const d of this.deps.dependentsOf(file)) if (d !== file) out.add(d);
    }
    return out;
  }

  /** A SKILL.md was created or deleted somewhere: forget cached folder lookups. */
  skillFilesChanged(): void {
    this.hasSkill.clear();
  }

  private folderHasSkill(dir: string): boolean {
    let hit = this.hasSkill.get(dir);
    if (hit === undefined) {
      // A lower-case skill.md inside another skill is one of its files (isSkillFile).
      hit = SKILL_NAMES.some((n) => nodeFs.existsSync(path.join(dir, n)) && isSkillFile(path.join(dir, n)));
      if (this.hasSkill.size > 20000) this.hasSkill.clear();
      this.hasSkill.set(dir, hit);
    }
    return hit;
  }

  /** The skill folder holding `file` (or `file` itself when it is a skill folder). */
  skillDirOf(file: string): string | undefined {
    if (isSkillFile(file)) return path.dirname(file);
    for (let d = file, i = 0; d !== path.dirname(d) && i < 32; d = path.dirname(d), i++) {
      if (this.folderHasSkill(d)) return d;
    }
    return undefined;
  }

  /** Open buffers as parsed documents, for the core providers. */
  readonly openDocs: OpenDocuments = (file) => {
    const open = this.host.openText(file);
    if (!open) return undefined;
    const hit = this.parsed.get(file);
    if (hit && hit.version === open.version) return hit.doc;
    const doc = parseSkillDocument(file, open.text, open.version);
    this.parsed.set(file, { version: open.version, doc });
    return doc;
  };

  forget(file: string): void {
    this.parsed.delete(file);
  }

  /** A Markdown file of a skill, from its open buffer or from disk. */
  async markdownDoc(file: string): Promise<SkillDocument | undefined> {
    if (!isMarkdownFile(file)) return undefined;
    const open = this.openDocs(file);
    if (open) return open;
    try {
      const st = await this.host.fs.stat(file);
      if (st?.type !== 'file' || st.size > 1024 * 1024) return undefined;
      return parseSkillDocument(file, Buffer.from(await this.host.fs.readFile(file)).toString('utf8'));
    } catch {
      return undefined;
    }
  }

  // ------------------------------------------------------------ navigation

  /** A link for every reference (tentative code paths only when the file exists). */
  async documentLinks(doc: SkillDocument): Promise<DocumentLink[]> {
    const skillDir = this.skillDirOf(doc.path);
    if (!skillDir) return [];
    const ctx = new ReferenceContext(this.host.fs).confine(skillDir);
    const out: DocumentLink[] = [];
    for (const ref of extractReferences(doc, skillDir)) {
      const target = targetPath(ref, doc.path, skillDir);
      if (!target) continue;
      // A link to a file that is not there opens a modal error in VS Code ("Open … (ctrl
      // + click)"): only what exists is a link; the diagnostic and its fixes say the rest.
      const st = await ctx.stat(target);
      if (!st || st instanceof Error) continue;
      let uri = pathToUri(target);
      if (ref.fragment) {
        const line = await this.headingLine(ctx, doc, target, ref.fragment);
        if (line !== undefined) uri += `#L${line + 1}`;
      }
      const rel = path.relative(skillDir, target).split(path.sep).join('/') || path.basename(target);
      out.push({ range: ref.range, target: uri, tooltip: `Open ${rel}${ref.fragment ? '#' + ref.fragment : ''}` });
    }
    return out;
  }

  private async headingLine(ctx: ReferenceContext, doc: SkillDocument, file: string, fragment: string): Promise<number | undefined> {
    if (!isMarkdownFile(file)) return undefined;
    let anchors;
    const open = file === doc.path ? doc : this.openDocs(file);
    if (open) anchors = collectAnchors(open.text, open.lines);
    else {
      const a = await ctx.anchors(file);
      anchors = 'anchors' in a ? a.anchors : [];
    }
    return findAnchor(anchors, fragment)?.range.start.line;
  }

  /** Go to definition: the target file, or the heading its `#fragment` names. */
  async definition(doc: SkillDocument, position: Position): Promise<Location | null> {
    const skillDir = this.skillDirOf(doc.path);
    if (!skillDir) return null;
    if (skillDir === path.dirname(doc.path)) {
      const loc = await definition(this.host.fs, doc, position, this.openDocs);
      return loc ? { uri: pathToUri(loc.file), range: loc.range } : null;
    }
    // A Markdown file deeper in the skill: code paths resolve against the skill folder.
    const ref = referenceAt(doc, position, skillDir);
    const target = ref && targetPath(ref, doc.path, skillDir);
    if (!ref || !target) return null;
    const ctx = new ReferenceContext(this.host.fs).confine(skillDir);
    const st = await ctx.stat(target);
    if (!st || st instanceof Error) return null;
    const line = ref.fragment ? await this.headingLine(ctx, doc, target, ref.fragment) : undefined;
    const range = line !== undefined ? { start: { line, character: 0 }, end: { line, character: 0 } } : zeroRange;
    return { uri: pathToUri(target), range };
  }

  /**
   * Find all references: of the reference under the cursor, else of the file itself
   * (any file of a skill, open or not, e.g. from the explorer): every location in the
   * skill's Markdown files that points at it.
   */
  async references(file: string, position: Position | undefined): Promise<Location[]> {
    const skillDir = this.skillDirOf(file);
    if (!skillDir) return [];
    let target = file;
    const doc = position ? await this.markdownDoc(file) : undefined;
    const ref = doc && position ? referenceAt(doc, position, skillDir) : undefined;
    if (ref) target = targetPath(ref, file, skillDir) ?? file;
    const locs = await referencesTo(this.host.fs, skillDir, target, this.openDocs);
    return locs.map((l) => ({ uri: pathToUri(l.file), range: l.range }));
  }

  /** Path and heading completion; undefined when `position` is not in a path. */
  async completion(doc: SkillDocument, position: Position): Promise<CompletionItem[] | undefined> {
    const context = pathContext(doc, position);
    if (!context) return undefined;
    const items = await completions(this.host.fs, doc, position, this.openDocs, this.skillDirOf(doc.path));
    // Link destinations are what editors' own Markdown support completes as well;
    // marked so a client can drop ours there (paths in code stay ours alone).
    const data: CompletionData | undefined = context.base === 'file' ? { markdownLink: true } : undefined;
    return items.map((it, i) => ({
      label: it.label,
      kind: it.kind === 'folder' ? CompletionItemKind.Folder : it.kind === 'file' ? CompletionItemKind.File : CompletionItemKind.Reference,
      detail: it.detail,
      sortText: String(i).padStart(5, '0'),
      filterText: it.insertText,
      textEdit: { range: it.range, newText: it.insertText },
      command: it.retrigger ? { title: 'Suggest', command: 'editor.action.triggerSuggest' } : undefined,
      data,
    }));
  }

  /** Hover on a reference: the first lines of the target (or the image) and its size in tokens. */
  async hover(doc: SkillDocument, position: Position): Promise<Hover | undefined> {
    const info = await hoverInfo(this.host.fs, doc, position, this.skillDirOf(doc.path));
    return info ? { contents: { kind: MarkupKind.Markdown, value: info.markdown }, range: info.range } : undefined;
  }

  // ------------------------------------------------------------ renames

  /**
   * Edits that keep every reference alive when files or folders of skills move,
   * keyed by the current paths (applied before the move). `count` references in
   * `files` files.
   */
  async renameChange(moves: { from: string; to: string }[]): Promise<{ change: WorkspaceChange; count: number; files: number }> {
    const edits: Record<string, TextEdit[]> = {};
    // Per skill, every move of its files at once: two files moved together keep the links between them.
    const bySkill = new Map<string, { from: string; to: string }[]>();
    for (const { from, to } of moves) {
      if (isSkillFile(from) || from === to) continue;
      const skillDir = this.skillDirOf(from);
      // Moving a whole skill (or a folder of skills) keeps its relative references.
      if (!skillDir || skillDir === from) continue;
      let list = bySkill.get(skillDir);
      if (!list) bySkill.set(skillDir, (list = []));
      list.push({ from, to });
    }
    for (const [skillDir, list] of bySkill) {
      const change = await moveEdits(this.host.fs, skillDir, list, this.openDocs);
      for (const [file, fileEdits] of Object.entries(change.edits)) {
        const into = (edits[file] ??= []);
        for (const e of fileEdits) if (!into.some((x) => sameRange(x.range, e.range))) into.push(e);
      }
    }
    const files = Object.keys(edits).filter((f) => edits[f].length);
    return { change: { edits }, count: files.reduce((n, f) => n + edits[f].length, 0), files: files.length };
  }
}

const zeroRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function sameRange(a: TextEdit['range'], b: TextEdit['range']): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** The path of a `file:` URI that is a Markdown file (any, not only SKILL.md). */
export function markdownPath(uri: string): string | undefined {
  const p = uriToPath(uri);
  return p && isMarkdownFile(p) ? p : undefined;
}

// Rename a skill (F2 on `name`): one WorkspaceEdit that changes `name`, renames the
// folder when it carries the old name, and updates `/name` invocations and
// `` `name` `` mentions in every skill's Markdown body.
import * as path from 'node:path';
import { ResponseError, ErrorCodes, type Range, type WorkspaceEdit } from 'vscode-languageserver/node';
import { findFrontmatterBounds } from '../core/document/frontmatterBounds';
import type { SkillDocument } from '../core/document/model';
import { LineIndex } from '../core/text/lineIndex';
import { getEntry, resolveNode } from '../core/document/values';
import { replaceValue, yamlScalar } from '../core/rules/edits';
import type { CancellationToken, TextEdit, WorkspaceChange } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
import { decodeFile } from './analysis';
import { toWorkspaceEdit, type EditCapabilities, type VersionOf } from './convert';
import { yieldToEventLoop } from './workspaceIndex';

/** The `name` value under the position: its range without quotes and the name. */
export function prepareRename(doc: SkillDocument, offset: number): { range: Range; placeholder: string } | undefined {
  const entry = getEntry(doc, 'name');
  const node = resolveNode(entry?.value);
  if (!entry || !node || node.kind !== 'scalar' || typeof node.value !== 'string' || node !== entry.value) return undefined;
  const onKey = offset >= entry.keyStart && offset <= entry.keyEnd;
  const onValue = offset >= node.start && offset <= node.end;
  if (!onKey && !onValue) return undefined;
  const quoted = node.style === 'single' || node.style === 'double';
  const s = node.start + (quoted ? 1 : 0);
  const e = node.end - (quoted ? 1 : 0);
  return { range: doc.lines.range(s, e), placeholder: node.value };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Edits replacing references to `oldName` in a Markdown body (offsets from `from`). */
export function referenceEdits(text: string, from: number, oldName: string, newName: string, positionAt: (o: number) => { line: number; character: number }): TextEdit[] {
  const edits: TextEdit[] = [];
  const n = escapeRe(oldName);
  // `/name` invocations (not paths like a/name or URLs), also in inline code
  // (`` `/name` ``, `` `/name args` ``), and `name` alone in inline code.
  const re = new RegExp(`(^|[\\s(\\[>"'*_\`])(\\/${n})(?=$|[\\s)\\].,:;!?"'*_<\`])|(\`)(${n})(\`)`, 'gm');
  const body = text.slice(from);
  for (let m = re.exec(body); m; m = re.exec(body)) {
    if (m[2]) {
      const s = from + m.index + m[1].length + 1;
      edits.push({ range: { start: positionAt(s), end: positionAt(s + oldName.length) }, newText: newName });
    } else {
      const s = from + m.index + 1;
      edits.push({ range: { start: positionAt(s), end: positionAt(s + oldName.length) }, newText: newName });
    }
  }
  return edits;
}

export interface RenameContext {
  doc: SkillDocument;
  newName: string;
  /** every SKILL.md of the workspace */
  skillFiles: Iterable<string>;
  /** the text of an open document, if it is open */
  openText: (file: string) => string | undefined;
  fs: FileSystem;
  caps: EditCapabilities;
  versionOf: VersionOf;
  token: CancellationToken;
}

export async function renameSkill(ctx: RenameContext): Promise<WorkspaceEdit | null> {
  const { doc } = ctx;
  const entry = getEntry(doc, 'name');
  const node = resolveNode(entry?.value);
  if (!entry || !node || node.kind !== 'scalar' || typeof node.value !== 'string') return null;
  const oldName = node.value.trim();
  const newName = ctx.newName.trim();
  if (!newName || /[\\/]/.test(newName) || newName === '.' || newName === '..') {
    throw new ResponseError(ErrorCodes.InvalidParams, `"${ctx.newName}" cannot be a skill name.`);
  }
  if (newName === oldName) return null;
  const change: WorkspaceChange = { edits: {} };
  const own = [replaceValue(doc, entry, yamlScalar(newName))];
  own.push(...referenceEdits(doc.text, doc.bodyStart, oldName, newName, (o) => doc.lines.positionAt(o)));
  change.edits[doc.path] = own;

  let sliceStart = performance.now();
  for (const file of ctx.skillFiles) {
    if (ctx.token.isCancellationRequested) return null;
    if (file === doc.path) continue;
    let text = ctx.openText(file);
    if (text === undefined) {
      try {
        const decoded = decodeFile(file, await ctx.fs.readFile(file));
        if ('diagnostic' in decoded) continue;
        text = decoded.text;
      } catch {
        continue;
      }
    }
    if (text.includes(oldName)) {
      const lines = new LineIndex(text);
      const bodyStart = bodyOffset(text);
      const edits = referenceEdits(text, bodyStart, oldName, newName, (o) => lines.positionAt(o));
      if (edits.length) change.edits[file] = edits;
    }
    if (performance.now() - sliceStart > 8) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }

  const dir = path.dirname(doc.path);
  if (path.basename(dir) === oldName && ctx.caps.resourceOperations && ctx.caps.documentChanges) {
    const to = path.join(path.dirname(dir), newName);
    if (await ctx.fs.stat(to).catch(() => undefined)) {
      throw new ResponseError(ErrorCodes.InvalidRequest, `Cannot rename the folder: ${to} already exists.`);
    }
    change.renames = [{ from: dir, to }];
  }
  return toWorkspaceEdit(change, ctx.caps, ctx.versionOf) ?? null;
}

/** Where the body starts: after the frontmatter's closing line. */
function bodyOffset(text: string): number {
  const b = findFrontmatterBounds(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  return b?.terminated ? b.bodyStart : 0;
}

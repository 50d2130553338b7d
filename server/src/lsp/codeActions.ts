// Code actions: every fix the rules offer (quick fixes, incl. workspace changes
// with folder renames and file creates), "fix all in file", and comments that
// suppress a rule on the next line or for the whole file.
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit,
} from 'vscode-languageserver/node';
import type { SkillDocument } from '../core/document/model';
import { entryKeyLine } from '../core/check/suppressions';
import { eol } from '../core/rules/edits';
import type { Fix, SkillDiagnostic } from '../core/types';
import { fixToWorkspaceEdit, type DiagnosticData, type EditCapabilities, type VersionOf } from './convert';
import { inFrontmatter } from './frontmatterContext';
import { scanBody } from './markdown';
import { LIMIT_CODE } from './limits';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.skillmd`;

export interface CodeActionContextInfo {
  uri: string;
  file: string;
  doc: SkillDocument | undefined;
  /**
   * diagnostics of the current version, with their fixes: a SKILL.md's check also
   * reports on its other files (a linked guide); only those of `file` are used here
   */
  diagnostics: SkillDiagnostic[];
  /** the version they were computed for */
  version: number;
  caps: EditCapabilities;
  versionOf: VersionOf;
}

function sameRange(a: Diagnostic['range'], b: Diagnostic['range']): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

function overlaps(a: Diagnostic['range'], b: Diagnostic['range']): boolean {
  const before = (p: Diagnostic['range']['start'], q: Diagnostic['range']['start']) => p.line < q.line || (p.line === q.line && p.character <= q.character);
  return !(before(a.end, b.start) || before(b.end, a.start));
}

/**
 * The fixes of the core diagnostic a client diagnostic stands for: from the current
 * version, else from its data when that was computed for this same version. A client
 * that asks between an edit and the next check sends the older diagnostic: its edits
 * have the older positions, and applied to the new text they would land elsewhere.
 * undefined: the diagnostic is stale (no fix, and no suppression comment either).
 */
function fixesOf(d: Diagnostic, current: SkillDiagnostic[], file: string, version: number): Fix[] | undefined {
  // Code and range are not enough: `---\n---` has "Missing `name`" and "Missing
  // `description`" on one range, and only the first has a fix. A linked file's
  // diagnostic on the same range is another diagnostic: its edits are for that file.
  const hit = current.find((c) => c.file === file && c.code === d.code && sameRange(c.range, d.range) && c.message === d.message);
  if (hit) return hit.fixes ?? [];
  const data = d.data as DiagnosticData | undefined;
  if (data?.version !== version) return undefined;
  return Array.isArray(data.fixes) ? data.fixes : [];
}

export function provideCodeActions(params: CodeActionParams, info: CodeActionContextInfo): CodeAction[] {
  const only = params.context.only;
  const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(k + '.'));
  const out: CodeAction[] = [];
  if (wants(CodeActionKind.QuickFix)) {
    const live: Diagnostic[] = [];
    for (const d of params.context.diagnostics) {
      if (d.source !== 'skillmd') continue;
      const fixes = fixesOf(d, info.diagnostics, info.file, info.version);
      if (!fixes) continue;
      live.push(d);
      for (const fix of fixes) {
        const edit = fixToWorkspaceEdit(fix, info.file, info.caps, info.versionOf);
        if (!edit) continue;
        out.push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: fix.preferred, edit });
      }
    }
    if (info.doc) {
      for (const d of live) {
        if (typeof d.code !== 'string') continue;
        let actions = suppressions(info.doc, info.uri, d, d.code);
        // Over the size limit only the frontmatter is parsed: a comment elsewhere is never seen.
        if (d.code === LIMIT_CODE) actions = info.doc.frontmatter.openRange ? actions.filter((a) => a.title.endsWith(' in this file')) : [];
        out.push(...actions);
      }
    }
  }
  if (wants(FIX_ALL_KIND) && (only || params.context.diagnostics.length)) {
    const all = fixAll(info);
    if (all) out.push(all);
  }
  return out;
}

/**
 * The preferred in-file fix of every diagnostic, skipping any that overlaps an
 * earlier one. Fixes that delete content or touch other files are never preferred by
 * the rules, so "fix all" cannot remove a field or rename a folder behind your back.
 */
export function fixAll(info: CodeActionContextInfo): CodeAction | undefined {
  const edits: TextEdit[] = [];
  for (const d of info.diagnostics) {
    // Fixes of another file's diagnostics carry that file's positions: "in this file" only.
    if (d.file !== info.file) continue;
    const fixes = d.fixes ?? [];
    const fix = fixes.find((f) => f.preferred);
    if (!fix?.edits?.length || fix.change) continue;
    if (fix.edits.some((e) => edits.some((x) => overlaps(x.range, e.range)))) continue;
    edits.push(...fix.edits);
  }
  if (edits.length === 0) return undefined;
  return {
    title: 'Fix all skillmd problems in this file',
    kind: FIX_ALL_KIND,
    edit: info.caps.documentChanges
      ? { documentChanges: [{ textDocument: { uri: info.uri, version: info.versionOf(info.uri) }, edits }] }
      : { changes: { [info.uri]: edits } },
  };
}

function suppressions(doc: SkillDocument, uri: string, d: Diagnostic, code: string): CodeAction[] {
  const nl = eol(doc);
  const line = d.range.start.line;
  const out: CodeAction[] = [];
  const fm = doc.frontmatter;
  const insertAt = (l: number, text: string): TextEdit => ({ range: { start: { line: l, character: 0 }, end: { line: l, character: 0 } }, newText: text });
  const indent = /^[ \t]*/.exec(doc.lines.lineText(Math.min(line, doc.lines.lineCount - 1)))![0];
  if (inFrontmatter(doc, line)) {
    // Above the entry's key: a comment on a continuation line would land inside a
    // quoted or block value (and the comment covers the whole entry).
    const keyLine = entryKeyLine(doc, line);
    const keyIndent = /^[ \t]*/.exec(doc.lines.lineText(keyLine))![0];
    out.push({
      title: `Suppress \`${code}\` on this line`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      edit: { changes: { [uri]: [insertAt(keyLine, `${keyIndent}# skillmd-disable-next-line ${code}${nl}`)] } },
    });
  } else if (line > (fm.closeRange?.start.line ?? -1) && doc.frontmatter.state !== 'unterminated' && !(fm.state === 'missing' && line === 0) && !inCodeOrTable(doc, line)) {
    out.push({
      title: `Suppress \`${code}\` on this line`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      edit: { changes: { [uri]: [insertAt(line, `${indent}<!-- skillmd-disable-next-line ${code} -->${nl}`)] } },
    });
  }
  // For the whole file: in the frontmatter when there is one (after the opening line), else at the top of the body.
  const fileEdit = fm.openRange && fm.state !== 'unterminated'
    ? insertAt(fm.openRange.start.line + 1, `# skillmd-disable ${code}${nl}`)
    : fm.state === 'missing'
      // After a BOM the client keeps in the text, not in front of it.
      ? { range: doc.lines.range(doc.hasBom ? 1 : 0, doc.hasBom ? 1 : 0), newText: `<!-- skillmd-disable ${code} -->${nl}` }
      : undefined;
  if (fileEdit) {
    out.push({ title: `Suppress \`${code}\` in this file`, kind: CodeActionKind.QuickFix, diagnostics: [d], edit: { changes: { [uri]: [fileEdit] } } });
  }
  return out;
}

/**
 * An HTML comment above this line would change what it belongs to: inside a fenced
 * block it becomes part of the code agents read (and run), between table rows it
 * ends the table. Those lines get only the file-level suppression.
 */
function inCodeOrTable(doc: SkillDocument, line: number): boolean {
  if (scanBody(doc).fences.some((f) => line > f.startLine && line <= f.endLine)) return true;
  const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
  // A table row is in a block of non-blank lines, with `|`, that has a delimiter row.
  for (let l = line; l >= 0; l--) {
    const text = doc.lines.lineText(l);
    if (!text.trim() || !text.includes('|')) return false;
    if (TABLE_DELIMITER.test(text)) return true;
  }
  return false;
}

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
import { thousands } from '../core/text/thousands';
import type { SkillDocument } from '../core/document/model';
import { entryKeyLine } from '../core/check/suppressions';
import { eol } from '../core/rules/edits';
import { documentRules } from '../core/rules/registry';
import type { Fix, SkillDiagnostic } from '../core/types';
import { fixToWorkspaceEdit, type DiagnosticData, type EditCapabilities, type VersionOf } from './convert';
import { inFrontmatter } from './frontmatterContext';
import { scanBody } from './markdown';
import { EditSet } from './editSet';
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

/** Identifies a diagnostic: code and range are not enough (see fixesOf). */
function diagnosticKey(code: unknown, range: Diagnostic['range'], message: string): string {
  return `${String(code)}\u0000${range.start.line}:${range.start.character}:${range.end.line}:${range.end.character}\u0000${message}`;
}

/** The core diagnostics of `file`, by key (the first of equal ones, as a search would find). */
function indexDiagnostics(current: SkillDiagnostic[], file: string): Map<string, SkillDiagnostic> {
  const byKey = new Map<string, SkillDiagnostic>();
  for (const c of current) {
    // A linked file's diagnostic on the same range is another diagnostic: its edits are for that file.
    if (c.file !== file) continue;
    const key = diagnosticKey(c.code, c.range, c.message);
    if (!byKey.has(key)) byKey.set(key, c);
  }
  return byKey;
}

/**
 * The fixes of the core diagnostic a client diagnostic stands for: from the current
 * version, else from its data when that was computed for this same version. A client
 * that asks between an edit and the next check sends the older diagnostic: its edits
 * have the older positions, and applied to the new text they would land elsewhere.
 * undefined: the diagnostic is stale (no fix, and no suppression comment either).
 */
function fixesOf(d: Diagnostic, current: Map<string, SkillDiagnostic>, version: number): Fix[] | undefined {
  // Code and range are not enough: `---\n---` has "Missing `name`" and "Missing
  // `description`" on one range, and only the first has a fix.
  const hit = current.get(diagnosticKey(d.code, d.range, d.message));
  if (hit) return hit.fixes ?? [];
  const data = d.data as DiagnosticData | undefined;
  if (data?.version !== version) return undefined;
  return Array.isArray(data.fixes) ? data.fixes : [];
}

/** How many quick fixes one request lists, and how many diagnostics one action names. */
export const MAX_QUICK_FIXES = 100;
export const MAX_ACTION_DIAGNOSTICS = 50;

/**
 * Quick fixes without repeats: the same title with the same edit (one missing file
 * linked 5,000 times, a suppression on one line) is one action naming the
 * diagnostics it fixes. At most MAX_QUICK_FIXES; `omitted` counts the rest.
 */
class QuickFixes {
  private readonly byKey = new Map<string, CodeAction>();
  readonly list: CodeAction[] = [];
  omitted = 0;

  /**
   * Adds the action `make` builds, unless one with this `key` (title and edits) is
   * there: then `d` joins its diagnostics. `make` runs only for new actions.
   */
  add(key: string, d: Diagnostic, make: () => CodeAction | undefined): void {
    const seen = this.byKey.get(key);
    if (seen) {
      if (seen.diagnostics!.length < MAX_ACTION_DIAGNOSTICS) seen.diagnostics!.push(d);
      return;
    }
    if (this.list.length >= MAX_QUICK_FIXES) {
      this.omitted++;
      return;
    }
    const action = make();
    if (!action) return;
    const a = { ...action, diagnostics: [d] };
    this.byKey.set(key, a);
    this.list.push(a);
  }
}

export interface CodeActionOptions {
  /** the client shows disabled actions with their reason (codeAction.disabledSupport) */
  disabledSupport?: boolean;
  /** told how many quick fixes were left out over MAX_QUICK_FIXES */
  onOmitted?: (count: number) => void;
}

export function provideCodeActions(params: CodeActionParams, info: CodeActionContextInfo, opts: CodeActionOptions = {}): CodeAction[] {
  const only = params.context.only;
  const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(k + '.'));
  const out: CodeAction[] = [];
  if (wants(CodeActionKind.QuickFix) && params.context.diagnostics.length) {
    const quick = new QuickFixes();
    const current = indexDiagnostics(info.diagnostics, info.file);
    const live: Diagnostic[] = [];
    for (const d of params.context.diagnostics) {
      if (d.source !== 'skillmd') continue;
      const fixes = fixesOf(d, current, info.version);
      if (!fixes) continue;
      live.push(d);
      for (const fix of fixes) {
        quick.add(JSON.stringify([fix.title, fix.edits, fix.change]), d, () => {
          const edit = fixToWorkspaceEdit(fix, info.file, info.caps, info.versionOf);
          return edit && { title: fix.title, kind: CodeActionKind.QuickFix, isPreferred: fix.preferred, edit };
        });
      }
    }
    if (info.doc) {
      // One set of suppression comments per rule and line, however many diagnostics share them.
      const suppressed = new Map<string, { key: string; action: CodeAction }[]>();
      for (const d of live) {
        if (typeof d.code !== 'string') continue;
        const lineKey = `${d.code}\u0000${d.range.start.line}`;
        let actions = suppressed.get(lineKey);
        if (!actions) {
          let list = suppressions(info.doc, info.uri, d, d.code);
          // Over the size limit only the frontmatter is parsed: a comment elsewhere is never seen.
          if (d.code === LIMIT_CODE) list = info.doc.frontmatter.openRange ? list.filter((a) => a.title.endsWith(' in this file')) : [];
          actions = list.map((action) => ({ key: JSON.stringify([action.title, action.edit]), action }));
          suppressed.set(lineKey, actions);
        }
        for (const { key, action } of actions) quick.add(key, d, () => action);
      }
    }
    out.push(...quick.list);
    if (quick.omitted) {
      opts.onOmitted?.(quick.omitted);
      if (opts.disabledSupport) out.push(omittedAction(quick.omitted));
    }
  }
  if (wants(FIX_ALL_KIND) && (only || params.context.diagnostics.length)) {
    const all = fixAll(info);
    if (all) out.push(all);
  }
  return out;
}

/** Says, where the client shows it, why the list ends: a disabled action with the reason. */
function omittedAction(count: number): CodeAction {
  const n = thousands(count);
  return {
    title: `${n} more quick fix${count === 1 ? '' : 'es'} not listed`,
    kind: CodeActionKind.QuickFix,
    disabled: { reason: `skillmd lists the first ${MAX_QUICK_FIXES} distinct quick fixes of a request; select a smaller range, or use "Fix all skillmd problems in this file".` },
  };
}

/**
 * The preferred in-file fix of every diagnostic, skipping any that overlaps an
 * earlier one. Fixes that delete content are never preferred by the rules, and those
 * that touch other files (a folder rename) are skipped here, so "fix all" cannot
 * remove a field or rename a folder behind your back.
 */
export function fixAll(info: CodeActionContextInfo): CodeAction | undefined {
  const edits = new EditSet();
  for (const d of info.diagnostics) {
    // Fixes of another file's diagnostics carry that file's positions: "in this file" only.
    if (d.file !== info.file) continue;
    const fixes = d.fixes ?? [];
    const fix = fixes.find((f) => f.preferred && !f.change && f.edits?.length);
    if (!fix?.edits?.length) continue;
    edits.addAll(fix.edits);
  }
  if (edits.size === 0) return undefined;
  const list = edits.edits();
  return {
    title: 'Fix all skillmd problems in this file',
    kind: FIX_ALL_KIND,
    edit: info.caps.documentChanges
      ? { documentChanges: [{ textDocument: { uri: info.uri, version: info.versionOf(info.uri) }, edits: list }] }
      : { changes: { [info.uri]: list } },
  };
}

/** Rules whose reports only a file-wide comment silences (see Rule.wholeDocument). */
const WHOLE_DOCUMENT = new Set(documentRules.filter((r) => r.wholeDocument).map((r) => r.code));

function suppressions(doc: SkillDocument, uri: string, d: Diagnostic, code: string): CodeAction[] {
  const nl = eol(doc);
  const line = d.range.start.line;
  const out: CodeAction[] = [];
  const fm = doc.frontmatter;
  const insertAt = (l: number, text: string): TextEdit => ({ range: { start: { line: l, character: 0 }, end: { line: l, character: 0 } }, newText: text });
  const indent = /^[ \t]*/.exec(doc.lines.lineText(Math.min(line, doc.lines.lineCount - 1)))![0];
  if (WHOLE_DOCUMENT.has(code)) {
    // A comment above the line would only move the report onto itself: the file-wide one alone.
  } else if (inFrontmatter(doc, line)) {
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

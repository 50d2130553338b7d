// Conversions between the core's shapes and LSP's. The core mirrors LSP positions
// (0-based line, UTF-16 character), so ranges are copied as they are.
import { existsSync } from 'node:fs';
import { enclosingSkillFiles } from '../core/workspace/findSkillFiles';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DiagnosticSeverity,
  DiagnosticTag,
  type Diagnostic,
  type WorkspaceEdit,
  type TextDocumentEdit,
  type CreateFile,
  type RenameFile,
  type OptionalVersionedTextDocumentIdentifier,
} from 'vscode-languageserver/node';
import { ruleDocsUrl } from '../core/rules/catalog';
import type { Fix, Severity, SkillDiagnostic, TextEdit, WorkspaceChange } from '../core/types';

/** File system path of a `file:` URI (undefined for other schemes). */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

const openUris = new Map<string, string>();

/**
 * Remembers the URI a client used for an open document, so replies use the same
 * spelling. Only spellings of its own are kept: one entry per document ever opened
 * grew the server by hundreds of bytes a file, for no change in any reply.
 */
export function rememberUri(p: string, uri: string): void {
  if (uri === pathToFileURL(p).href) openUris.delete(p);
  else openUris.set(p, uri);
}

export function pathToUri(p: string): string {
  return openUris.get(p) ?? pathToFileURL(p).href;
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What a diagnostic carries for its quick fixes (LSP `data`). */
export interface DiagnosticData {
  /** the document version the fixes were computed for (0 = file on disk) */
  version: number;
  fixes: Fix[];
}

export function toLspDiagnostic(d: SkillDiagnostic, version: number): Diagnostic {
  const out: Diagnostic = {
    range: d.range,
    severity: SEVERITY[d.severity],
    code: d.code,
    codeDescription: { href: ruleDocsUrl(d.code) },
    source: 'skillmd',
    message: d.message,
  };
  if (d.fixes?.length) out.data = { version, fixes: d.fixes } satisfies DiagnosticData;
  if (d.related?.length) {
    out.relatedInformation = d.related.map((r) => ({ location: { uri: pathToUri(r.file), range: r.range }, message: r.message }));
  }
  if (d.tags?.length) {
    out.tags = d.tags.map((t) => (t === 'unnecessary' ? DiagnosticTag.Unnecessary : DiagnosticTag.Deprecated));
  }
  return out;
}

export interface EditCapabilities {
  /** client accepts `documentChanges` */
  documentChanges: boolean;
  /** client accepts create/rename/delete operations */
  resourceOperations: boolean;
}

/** Looks up the version of an open document (null when it is not open). */
export type VersionOf = (uri: string) => number | null;

/**
 * A core WorkspaceChange as one LSP WorkspaceEdit (one undo step): text edits first,
 * then creates (with their content), then renames, as the core specifies. Returns
 * undefined when the client cannot apply file operations the change needs.
 */
export function toWorkspaceEdit(change: WorkspaceChange, caps: EditCapabilities, versionOf: VersionOf): WorkspaceEdit | undefined {
  const needsOps = (change.renames?.length ?? 0) + (change.creates?.length ?? 0) > 0;
  if (needsOps && !(caps.documentChanges && caps.resourceOperations)) return undefined;
  const files = Object.keys(change.edits).filter((f) => change.edits[f].length > 0);
  if (!caps.documentChanges) {
    const changes: Record<string, TextEdit[]> = {};
    for (const f of files) changes[pathToUri(f)] = change.edits[f];
    return { changes };
  }
  const documentChanges: (TextDocumentEdit | CreateFile | RenameFile)[] = [];
  for (const f of files) {
    const uri = pathToUri(f);
    const textDocument: OptionalVersionedTextDocumentIdentifier = { uri, version: versionOf(uri) };
    documentChanges.push({ textDocument, edits: change.edits[f] });
  }
  for (const c of change.creates ?? []) {
    const uri = pathToUri(c.path);
    // Never touch a file that exists by now (created since the check): the edit fails
    // instead of writing the new file's heading into it.
    documentChanges.push({ kind: 'create', uri, options: { overwrite: false, ignoreIfExists: false } });
    if (c.content) {
      documentChanges.push({
        textDocument: { uri, version: null },
        edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: c.content }],
      });
    }
  }
  for (const r of change.renames ?? []) {
    documentChanges.push({ kind: 'rename', oldUri: pathToUri(r.from), newUri: pathToUri(r.to), options: { overwrite: false, ignoreIfExists: false } });
  }
  return { documentChanges };
}

/** A fix as a WorkspaceEdit: its in-file edits plus its wider change, merged. */
export function fixToWorkspaceEdit(fix: Fix, file: string, caps: EditCapabilities, versionOf: VersionOf): WorkspaceEdit | undefined {
  const change: WorkspaceChange = {
    edits: { ...(fix.change?.edits ?? {}) },
    renames: fix.change?.renames,
    creates: fix.change?.creates,
  };
  if (fix.edits?.length) change.edits[file] = [...(fix.edits ?? []), ...(change.edits[file] ?? [])];
  return toWorkspaceEdit(change, caps, versionOf);
}

export function isSkillFile(p: string): boolean {
  const b = path.basename(p);
  if (b === 'SKILL.md') return true;
  // As the workspace walk has it: inside a skill, a lower-case skill.md is one of its files.
  return b === 'skill.md' && !enclosingSkillFiles(path.dirname(p)).some((f) => existsSync(f));
}

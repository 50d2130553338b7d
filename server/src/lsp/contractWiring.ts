// Hooks of the contract features into the server: each handler in server.ts asks
// `handles(uri)` first and hands contract files over here.
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type CodeAction, type CodeActionParams, type CompletionParams, type DefinitionParams, type DocumentDiagnosticReport, type HoverParams, type PrepareRenameParams, type ReferenceParams, type RenameParams } from 'vscode-languageserver/node';
import type { DiagnosticData } from './convert';
import type { SkillDocument } from '../core/document/model';
import { ContractIndexMerge } from './contractIndex';
import { ContractService, isContractFile, type ContractHost } from './contracts';
import { isSkillFile, uriToPath } from './convert';
import type { WorkspaceIndex } from './workspaceIndex';

export interface ContractWiringOptions {
  pullMode(): boolean;
  /** the client answers workspace/diagnostic/refresh */
  canRefresh(): boolean;
  debounceMs(): number;
  /** the workspace index, which gets the workspace checks of the SKILL.md files not open */
  index: WorkspaceIndex;
  isOpen(file: string): boolean;
  /** an open SKILL.md's workspace checks changed with another file: check it again */
  recheckOpen(file: string): void;
}

export function contractFeatures(connection: Connection, documents: TextDocuments<TextDocument>, host: ContractHost, opts: ContractWiringOptions) {
  const { pullMode, debounceMs } = opts;
  const service = new ContractService(host);
  // The index lists every folder of the workspace: the contract files come from its walk.
  opts.index.contractWalk = { stamp: () => service.changeStamp(), found: (files, stamp, folders) => service.offerWalk(files, stamp, folders) };
  const merge = new ContractIndexMerge(opts.index, opts.isOpen, () => service.skillChecks(), debounceMs, (f) => opts.recheckOpen(f));
  const fileOf = (uri: string) => {
    const f = uriToPath(uri);
    return f && isContractFile(f) ? f : undefined;
  };
  const timers = new Map<string, NodeJS.Timeout>();
  const publish = (uri: string) => {
    const file = fileOf(uri);
    if (!file || pullMode()) return;
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(async () => {
      timers.delete(uri);
      const doc = documents.get(uri);
      if (!doc) return;
      const diagnostics = await service.diagnostics(file, doc.version).catch(() => []);
      if (documents.get(uri)?.version === doc.version) void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
    }, debounceMs()));
  };
  const republishOpen = () => {
    for (const d of documents.all()) if (fileOf(d.uri)) publish(d.uri);
  };
  documents.onDidOpen((e) => publish(e.document.uri));
  documents.onDidChangeContent((e) => {
    if (!fileOf(e.document.uri)) return;
    // Another open contract's fallback or a registry may name this one: all are checked again.
    republishOpen();
    merge.schedule();
  });
  documents.onDidClose((e) => {
    // A closed SKILL.md counts with its disk text again.
    if (isSkillFile(uriToPath(e.document.uri) ?? '')) merge.schedule();
    if (fileOf(e.document.uri) && !pullMode()) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  const text = (uri: string) => documents.get(uri)?.getText();
  return {
    handles: (uri: string) => !!fileOf(uri),
    /** Files changed on disk (`changed`: a file's text, not a file created or deleted): contracts, SKILL.md names and test cases may have. */
    filesChanged(changes: readonly { file: string; changed: boolean }[]): void {
      service.filesChanged(changes);
      republishOpen();
      merge.schedule();
      if (pullMode() && opts.canRefresh()) connection.languages.diagnostics.refresh();
    },
    async pull(uri: string): Promise<DocumentDiagnosticReport> {
      const doc = documents.get(uri);
      return { kind: 'full', items: doc ? await service.diagnostics(fileOf(uri)!, doc.version) : [] };
    },
    completion: (p: CompletionParams) => service.completion(fileOf(p.textDocument.uri)!, text(p.textDocument.uri) ?? '', p.position),
    hover: (p: HoverParams) => service.hover(fileOf(p.textDocument.uri)!, text(p.textDocument.uri) ?? '', p.position),
    definition: (p: DefinitionParams) => service.definition(fileOf(p.textDocument.uri)!, text(p.textDocument.uri) ?? '', p.position),
    references: (p: ReferenceParams) => service.references(fileOf(p.textDocument.uri)!, text(p.textDocument.uri) ?? '', p.position, p.context.includeDeclaration),
    prepareRename: (p: PrepareRenameParams) => service.prepareRename(fileOf(p.textDocument.uri)!, text(p.textDocument.uri) ?? '', p.position),
    /** Quick fixes: the fixes each diagnostic carries, for the version they were made for. */
    codeActions(p: CodeActionParams): CodeAction[] {
      const doc = documents.get(p.textDocument.uri);
      const out: CodeAction[] = [];
      for (const d of p.context.diagnostics) {
        const data = d.data as DiagnosticData | undefined;
        if (d.source !== 'skillmd' || !data?.fixes || data.version !== doc?.version) continue;
        for (const f of data.fixes) {
          if (!f.edits?.length) continue;
          out.push({ title: f.title, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: f.preferred, edit: { changes: { [p.textDocument.uri]: f.edits } } });
        }
      }
      return out;
    },
    /** The workspace checks of an open SKILL.md (contract fields, routing), for its reference checks. */
    skillMdDiagnostics: (doc: SkillDocument) => service.skillMdDiagnostics(doc, (all) => (all ? merge.offer(all, doc.path) : merge.schedule())).catch(() => []),
    rename: (p: RenameParams) => service.rename(fileOf(p.textDocument.uri)!, text(p.textDocument.uri) ?? '', p.position, p.newName),
  };
}

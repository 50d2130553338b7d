// The skillmd language server: wiring only. Every feature lives in ./lsp/* as an
// adapter over the host-agnostic core (./core).
import * as path from 'node:path';
import {
  createConnection,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  FileOperationPatternKind,
  type PrepareRenameResult,
  MessageType,
  ProposedFeatures,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  WatchKind,
  type ClientCapabilities,
  type FileOperationRegistrationOptions,
  type InitializeParams,
  type InitializeResult,
  type Position,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { resolveSkillSettings } from './core/check/checkDocument';
import { CONFIG_FILE_NAME } from './core/config/loadConfig';
import { findSkillFiles } from './core/workspace/findSkillFiles';
import { checkReferences, enableReferenceChecks } from './core/references';
import type { SkillDiagnostic } from './core/types';
import { decodeFile, parseBounded } from './lsp/analysis';
import { preloadTokenizer, tokenizerFailure } from './core/text/tokens';
import { NodeFileSystem } from './node/nodeFileSystem';
import { pluginFolderProbe } from './node/pluginFolders';
import { PLUGIN_FOLDERS } from './core/profiles/targets';
import { FIX_ALL_KIND, MAX_QUICK_FIXES, provideCodeActions } from './lsp/codeActions';
import { provideCompletion } from './lsp/completion';
import { Configuration, readSettings } from './lsp/configuration';
import { isSkillFile, pathToUri, rememberUri, toWorkspaceEdit, uriToPath, type EditCapabilities } from './lsp/convert';
import { DiagnosticsService, type DiagnosticMode } from './lsp/diagnostics';
import { SkillDocuments } from './lsp/documents';
import { foldingRanges } from './lsp/folding';
import { guard } from './lsp/guard';
import { IndexPool, indexThreads } from './lsp/indexWorkers';
import { OverlayFileSystem } from './lsp/overlayFileSystem';
import { isMarkdownFile, ReferenceService } from './lsp/references';
import { provideHover } from './lsp/hover';
import { SkillSetIndex } from './lsp/skillSet';
import { IndexCache } from './lsp/indexCache';
import { CONTRACT_INDEX_CODES } from './lsp/contractIndex';
import { skillSetRuleInfos } from './core/rules/skillSet/duplicates';
import { prepareRename, renameSkill } from './lsp/rename';
import { serverStats } from './lsp/serverStats';
import { documentSymbols, flatSymbols } from './lsp/symbols';
import { SlicedFileSystem } from './lsp/slicedFileSystem';
import { slicedPause, statusSnapshot, WorkspaceIndex } from './lsp/workspaceIndex';
import { registerCatalogFeatures } from './lsp/catalog';
import { contractFeatures } from './lsp/contractWiring';
import { registerRouteRequest } from './lsp/route';
import { registerNewSkill } from './lsp/newSkill';
import { commandName, selectTransport, serverUsage } from './lsp/transport';
import { INDEX_STATUS, SERVER_STATS, type IndexStatus, type ServerStatsParams } from './protocol';

const transport = selectTransport(process.argv);
if (typeof transport === 'object') {
  process.stderr.write(`${commandName(process.argv)}: ${transport.error}\n${serverUsage(commandName(process.argv))}`);
  process.exit(2);
}
if (transport === 'help') {
  process.stdout.write(serverUsage(commandName(process.argv)));
  process.exit(0);
}
const connection = createConnection(ProposedFeatures.all);
// A promise nobody waits for that fails (a client's error answer to a request sent for
// effect) must not end the user's session: Node would exit on it. It is logged instead.
process.on('unhandledRejection', (e) => connection.console.error(`skillmd: unhandled rejection: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
const documents = new TextDocuments(TextDocument);
/** A request handler whose failure answers that request with an error, logged once. */
const guarded = <A extends unknown[], R>(method: string, handler: (...args: A) => R | Promise<R>) => guard(method, (m) => connection.console.error(m), handler);
const fs = new NodeFileSystem();
const config = new Configuration(fs, pluginFolderProbe);
const docs = new SkillDocuments(documents, config);
/** every open document (any file, not only SKILL.md) by path */
const openByPath = new Map<string, string>();
const openText = (file: string) => {
  const uri = openByPath.get(file);
  const d = uri ? documents.get(uri) : undefined;
  return d ? { text: d.getText(), version: d.version } : undefined;
};
const bufferText = (file: string) => openText(file)?.text;
/** the disk with the editor's unsaved buffers on top */
const liveFs = new OverlayFileSystem(fs, bufferText);
const refs = new ReferenceService({ fs: liveFs, openText });
// The index reads with sync calls in time slices: several times faster than fs/promises.
const index = new WorkspaceIndex(new OverlayFileSystem(new SlicedFileSystem(), bufferText), config, (f) => docs.isOpenPath(f), (m) => connection.console.log(m));
enableReferenceChecks({ index: refs.deps });
index.references = true;
index.onDependencies = (f, deps) => refs.deps.update(f, deps);
index.onRemoved = (f) => refs.deps.remove(f);
index.onReferencesChecked = () => diagnostics?.referencesChecked();
// The index workers run their own, smaller bundle (indexWorker.ts), built next to this one.
index.pool = new IndexPool(path.join(__dirname, 'indexWorker.js'), indexThreads(), (m) => connection.console.log(m));
index.openBuffers = () => [...openByPath.keys()].flatMap((f) => {
  const t = openText(f);
  return t ? [[f, t.text] as [string, string]] : [];
});
// Before the contracts: both merge their diagnostics into the index entries.
const skillSet = new SkillSetIndex(index, liveFs, config);
// skill.yaml, <id>.skill.yaml, meta.yaml: each handler below hands them over first.
const contracts = contractFeatures(connection, documents, { fs: liveFs, folders: () => folders, optionsFor: (f) => config.optionsFor(f), isIgnored: (f) => config.isIgnored(f), text: bufferText, openFiles: () => openByPath.keys(), plainSkills: () => index.plainSkills() },
  { pullMode: () => mode === 'pull', canRefresh: () => !!caps.workspace?.diagnostics?.refreshSupport, debounceMs: () => config.settings.debounceMs, index, isOpen: (f) => docs.isOpenPath(f),
    recheckOpen: (f) => docs.invalidateReferences(f) && diagnostics.dependencyChanged(pathToUri(f)) });
// An open SKILL.md also gets the checks that need other skills (its contract fields' fallbacks, routing).
docs.referenceCheck = async (doc, opts) => [...(await refs.check(liveFs, doc, opts)), ...(await contracts.skillMdDiagnostics(doc))];
// Duplicate names and descriptions of an open SKILL.md follow its buffer (after the checks above).
skillSet.followOpenDocuments(docs, (f) => diagnostics.dependencyChanged(openByPath.get(f) ?? pathToUri(f)));

let caps: ClientCapabilities = {};
/** initializationOptions.storagePath: where the index cache lives (none: no cache) */
let storagePath: string | undefined;
/** What a check's result depends on besides the disk and its options. */
const CACHE_BUNDLES = ['server.js', 'indexWorker.js', 'yaml.js', 'picomatch.js', 'ajv.js', 'o200k_base.bin'];
let folders: string[] = [];
let mode: DiagnosticMode = 'push';
let diagnostics: DiagnosticsService;
let editCaps: EditCapabilities = { documentChanges: false, resourceOperations: false };
let initSettings: unknown;
let hierarchicalSymbols = false;
let snippets = false;

/** Settings and config files are loaded after `initialized`; checks wait for them. */
let settingsLoaded!: () => void;
const settingsReady = new Promise<void>((resolve) => (settingsLoaded = resolve));

const versionOf = (uri: string) => documents.get(uri)?.version ?? null;
const targetsFor = (file: string) => resolveSkillSettings(file, config.optionsFor(file)).targets;
// Catalog and preview requests. Before onDidChangeWatchedFiles below: it chains behind that handler.
const catalogService = registerCatalogFeatures(connection, { fs, config, folders: () => folders, capabilities: () => caps, ready: settingsReady });
registerRouteRequest(connection, catalogService, liveFs);
const ANY_FILE_OR_FOLDER: FileOperationRegistrationOptions["filters"] = [
  { scheme: 'file', pattern: { glob: '**/*', matches: FileOperationPatternKind.file } },
  { scheme: 'file', pattern: { glob: '**/*', matches: FileOperationPatternKind.folder } },
];
registerNewSkill(connection, { fs, config, roots: () => catalogService.roots(), ready: settingsReady });

connection.onInitialize((params: InitializeParams): InitializeResult => {
  caps = params.capabilities;
  const opts = (params.initializationOptions ?? {}) as { settings?: unknown; skillmd?: unknown; diagnosticMode?: DiagnosticMode; storagePath?: unknown };
  if (typeof opts.storagePath === 'string' && opts.storagePath) storagePath = opts.storagePath;
  initSettings = opts.settings ?? opts.skillmd;
  folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri)).filter((p): p is string => !!p);
  if (folders.length === 0 && params.rootUri) folders = [uriToPath(params.rootUri)].filter((p): p is string => !!p);
  if (folders.length === 0 && params.rootPath) folders = [params.rootPath];
  if (folders.length) index.pool?.prestart();
  const pull = !!caps.textDocument?.diagnostic && !!caps.workspace?.diagnostics;
  mode = opts.diagnosticMode ?? (pull ? 'pull' : 'push');
  diagnostics = new DiagnosticsService(connection, mode, docs, index, config);
  diagnostics.clientRefresh = !!caps.workspace?.diagnostics?.refreshSupport;
  const ops = caps.workspace?.workspaceEdit?.resourceOperations ?? [];
  editCaps = {
    documentChanges: !!caps.workspace?.workspaceEdit?.documentChanges,
    resourceOperations: ops.includes('rename') && ops.includes('create'),
  };
  hierarchicalSymbols = !!caps.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport;
  snippets = !!caps.textDocument?.completion?.completionItem?.snippetSupport;
  if (initSettings !== undefined) config.setSettings(readSettings(initSettings));
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: [':', ' ', '-', ',', '/', '#', '(', '"', '`'], resolveProvider: false },
      documentLinkProvider: { resolveProvider: false },
      definitionProvider: true,
      referencesProvider: true,
      hoverProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix', FIX_ALL_KIND], resolveProvider: false },
      renameProvider: { prepareProvider: true },
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      diagnosticProvider: mode === 'pull' ? { identifier: 'skillmd', interFileDependencies: true, workspaceDiagnostics: true } : undefined,
      workspace: {
        workspaceFolders: { supported: true, changeNotifications: true },
        // Files and folders inside skills; the handler ignores everything else.
        fileOperations: {
          willRename: { filters: ANY_FILE_OR_FOLDER },
          didRename: { filters: ANY_FILE_OR_FOLDER },
          didDelete: { filters: ANY_FILE_OR_FOLDER },
          didCreate: { filters: ANY_FILE_OR_FOLDER },
        },
      },
    },
    serverInfo: { name: 'skillmd-language-server', version: '0.1.0' },
  };
});

/** Editor settings: pulled with workspace/configuration where the client can. */
async function loadSettings(pushed?: unknown): Promise<void> {
  let raw = pushed;
  if (raw === undefined && caps.workspace?.configuration) {
    try {
      [raw] = await connection.workspace.getConfiguration([{ section: 'skillmd' }]);
    } catch (e) {
      connection.console.error(`workspace/configuration failed: ${(e as Error).message}`);
    }
  }
  if (raw === undefined || raw === null) raw = initSettings;
  config.setSettings(readSettings(raw));
}

async function loadConfigFiles(): Promise<void> {
  const problems = await config.loadConfigFiles(folders);
  for (const p of problems) {
    // A message with no actions: a notification, nothing to answer (or to fail).
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `skillmd: ${p.file}: ${p.problems.join('; ')}` }).catch(() => undefined);
  }
}

async function reindex(): Promise<void> {
  let progress: { report(percentage: number, message?: string): void; done(): void } | undefined;
  if (caps.window?.workDoneProgress) {
    const p = await connection.window.createWorkDoneProgress().catch(() => undefined);
    if (p) {
      p.begin('skillmd: checking skills', 0, undefined, false);
      progress = { report: (pct, msg) => p.report(pct, msg ?? ''), done: () => p.done() };
    }
  }
  // Half the bar for the index, half for the reference checks that go on after it.
  await index.rebuild(folders, (done, total, referencesDone) => {
    const n = Math.max(1, total);
    progress?.report(Math.floor((50 * (done + referencesDone)) / n), index.references ? `${done}/${total}, references ${referencesDone}/${total}` : `${done}/${total}`);
  });
  progress?.done();
}

connection.onInitialized(async () => {
  if (caps.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
    await connection.client.register(DidChangeWatchedFilesNotification.type, {
      watchers: [
        { globPattern: `**/${CONFIG_FILE_NAME}` },
        // Every file: skills come and go, and the files skills reference are created,
        // changed, deleted and renamed (a renamed folder takes its skills with it).
        { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
      ],
    }).catch(() => undefined);
  }
  if (caps.workspace?.workspaceFolders) {
    connection.workspace.onDidChangeWorkspaceFolders((e) => {
      const removed = new Set(e.removed.map((f) => uriToPath(f.uri)));
      folders = folders.filter((f) => !removed.has(f));
      for (const f of e.added) {
        const p = uriToPath(f.uri);
        if (p && !folders.includes(p)) folders.push(p);
      }
      void loadConfigFiles().then(reindex);
    });
  }
  await loadSettings();
  await loadConfigFiles();
  settingsLoaded();
  // Lazily: let the client's first requests in before the scan starts. The
  // tokenizer's table (a 4 MB read) is loaded after it, to warn of a broken install.
  const warmUp = () =>
    void preloadTokenizer().then(() => {
      const failure = tokenizerFailure();
      if (failure) connection.console.warn(`skillmd: token counts are estimates (4 UTF-8 bytes per token): the o200k_base tables could not be loaded: ${failure}`);
    });
  setTimeout(async () => {
    // The last session's checks, where the client keeps this workspace's files (VS Code:
    // the extension's workspace storage). Read here, after the handshake, between requests.
    if (storagePath) index.cache = await IndexCache.open(path.join(storagePath, 'index.cache'), __dirname, CACHE_BUNDLES, new Set([...skillSetRuleInfos.map((r) => r.code), ...CONTRACT_INDEX_CODES]), slicedPause());
    if (config.settings.workspaceDiagnostics) void reindex().finally(warmUp);
    else warmUp();
  }, 0);
});

connection.onDidChangeConfiguration(async (change) => {
  const pushed = (change.settings as { skillmd?: unknown } | undefined)?.skillmd;
  await loadSettings(caps.workspace?.configuration ? undefined : pushed);
  settingsChanged();
});

function settingsChanged(): void {
  diagnostics.refreshAll(!!caps.workspace?.diagnostics?.refreshSupport);
  if (!config.settings.workspaceDiagnostics) return;
  if (index.status.runs === 0 && index.status.state !== 'indexing') void reindex();
  else void index.recheckAll();
}

connection.onDidChangeWatchedFiles(({ changes }) => filesChanged(changes));

/** Files and folders created, changed or deleted: from the file watcher, or the editor's file operations. */
async function filesChanged(changes: readonly { uri: string; type: FileChangeType }[]): Promise<void> {
  let configChanged = false;
  let pluginsChanged = false;
  const changed: string[] = [];
  for (const c of changes) {
    const file = uriToPath(c.uri);
    if (!file) continue;
    if (path.basename(file) === CONFIG_FILE_NAME) {
      configChanged = true;
      continue;
    }
    // A plugin's manifest folder came or went: the skills below it may target Claude Code now.
    if (c.type !== FileChangeType.Changed && file.split(path.sep).some((part) => PLUGIN_FOLDERS.includes(part))) {
      pluginsChanged = true;
      continue;
    }
    if (c.type === FileChangeType.Deleted || (isSkillFile(file) && c.type === FileChangeType.Created)) refs.skillFilesChanged();
    // An open SKILL.md saved with another encoding: a BOM may have come or gone.
    if (c.type !== FileChangeType.Deleted && isSkillFile(file) && docs.diskChanged(c.uri)) diagnostics.dependencyChanged(c.uri);
    if (c.type === FileChangeType.Deleted) {
      index.remove(file);
    } else if (isSkillFile(file) && !docs.isOpenPath(file) && config.settings.workspaceDiagnostics) {
      await index.update(file);
    } else if (c.type === FileChangeType.Created && config.settings.workspaceDiagnostics && index.status.runs > 0) {
      // A folder created, copied or renamed in: editors report the folder, not the skills inside.
      await indexCreatedFolder(file);
    }
    changed.push(file);
  }
  await recheckDependents(changed);
  contracts.filesChanged(changes.flatMap((c) => {
    const file = uriToPath(c.uri);
    return file ? [{ file, changed: c.type === FileChangeType.Changed }] : [];
  }));
  if (pluginsChanged) config.pluginFoldersChanged();
  if (configChanged || pluginsChanged) {
    if (configChanged) await loadConfigFiles();
    if (config.settings.workspaceDiagnostics && index.status.runs > 0) void reindex();
    diagnostics.refreshAll(!!caps.workspace?.diagnostics?.refreshSupport);
  }
}

// The editor's own renames and deletes (Explorer, F2 on `name`, "Rename the folder"):
// the same path as the file watcher's events, so the diagnostics of what is gone go at
// once even where the watcher is late, or reports a folder and not the files in it.
// The watcher usually reports them as well: every step is idempotent.
const fileOperation = async (changes: { uri: string; type: FileChangeType }[]) => {
  await filesChanged(changes);
  const kind = (t: FileChangeType) => (t === FileChangeType.Created ? 'created' : 'deleted') as 'created' | 'deleted';
  await catalogService.filesChanged(changes.flatMap((c) => {
    const p = uriToPath(c.uri);
    return p ? [{ path: p, type: kind(c.type) }] : [];
  }));
};
connection.workspace.onDidRenameFiles(({ files }) => fileOperation(files.flatMap((f) => [
  { uri: f.oldUri, type: FileChangeType.Deleted },
  { uri: f.newUri, type: FileChangeType.Created },
])));
connection.workspace.onDidDeleteFiles(({ files }) => fileOperation(files.map((f) => ({ uri: f.uri, type: FileChangeType.Deleted }))));
connection.workspace.onDidCreateFiles(({ files }) => fileOperation(files.map((f) => ({ uri: f.uri, type: FileChangeType.Created }))));

async function indexCreatedFolder(folder: string): Promise<void> {
  const st = await fs.stat(folder).catch(() => undefined);
  if (st?.type !== 'directory') return;
  refs.skillFilesChanged();
  // Never out of the workspace folder, also when the new folder is a link (`ln -s / evil`).
  const within = folders.find((f) => folder === f || folder.startsWith(f + path.sep));
  if (!within) return;
  const scan = await findSkillFiles(fs, folder, { exclude: (p) => config.isIgnored(p), within });
  for (const f of scan.files) if (!docs.isOpenPath(f)) await index.update(f);
}

/**
 * Files were created, changed, deleted or renamed (on disk, or in an editor buffer):
 * re-check the SKILL.md files whose references depend on them, and only those. Open
 * ones from their buffers, the others through the index, without reopening them.
 */
async function recheckDependents(changed: string[]): Promise<void> {
  const dependents = refs.dependentsOf(changed, (f) => index.skills.has(f) || docs.isOpenPath(f));
  for (const d of dependents) {
    if (docs.invalidateReferences(d)) {
      diagnostics.dependencyChanged(pathToUri(d));
    } else if (config.settings.workspaceDiagnostics && index.skills.has(d)) {
      await index.update(d);
    }
  }
}

/** Unsaved edits to another Markdown file of a skill count for its dependents (debounced). */
const bufferTimers = new Map<string, NodeJS.Timeout>();
function bufferChanged(file: string): void {
  clearTimeout(bufferTimers.get(file));
  bufferTimers.set(file, setTimeout(() => {
    bufferTimers.delete(file);
    void recheckDependents([file]);
  }, config.settings.debounceMs));
}

// ---------------------------------------------------------------- documents

const justOpened = new Set<string>();
documents.onDidOpen((e) => {
  const file = uriToPath(e.document.uri);
  if (file) openByPath.set(file, e.document.uri);
  if (!file || !isSkillFile(file)) return;
  rememberUri(file, e.document.uri);
  justOpened.add(e.document.uri);
  void settingsReady.then(() => diagnostics.documentOpened(e.document.uri));
});
documents.onDidChangeContent((e) => {
  if (justOpened.delete(e.document.uri)) return;
  if (docs.get(e.document.uri)) diagnostics.documentChanged(e.document.uri);
  else {
    const file = uriToPath(e.document.uri);
    if (file && isMarkdownFile(file) && refs.skillDirOf(file)) bufferChanged(file);
  }
});
documents.onDidClose((e) => {
  justOpened.delete(e.document.uri);
  const file = uriToPath(e.document.uri);
  docs.forget(e.document.uri);
  if (file && openByPath.get(file) === e.document.uri) {
    openByPath.delete(file);
    refs.forget(file);
    // The disk's text counts again for whatever depends on this file.
    if (!isSkillFile(file) && isMarkdownFile(file) && refs.skillDirOf(file)) bufferChanged(file);
  }
  if (!file || !isSkillFile(file)) return;
  // While open the index skipped it; now the disk's text counts again, if the file is
  // one of the workspace's. Outside the folders, or gone from disk, nothing is shown.
  const uri = e.document.uri;
  const indexed = config.settings.workspaceDiagnostics && folders.some((f) => file === f || file.startsWith(f + path.sep));
  diagnostics.documentClosed(uri, indexed);
  // Shown for nothing now: what its references depended on is no one's business (a
  // server that opens and closes thousands of skills kept every one's paths).
  const forgotten = () => {
    refs.deps.remove(file);
    diagnostics.documentClosed(uri, false);
  };
  if (indexed) void index.update(file).then(() => index.skills.has(file) || forgotten());
  else refs.deps.remove(file);
});

connection.languages.diagnostics.on(guarded('textDocument/diagnostic', async (params, token) => {
  await settingsReady;
  if (contracts.handles(params.textDocument.uri)) return contracts.pull(params.textDocument.uri);
  return diagnostics.pullDocument(params.textDocument.uri, params.previousResultId, token);
}));
connection.languages.diagnostics.onWorkspace(guarded('workspace/diagnostic', async (params, token) => {
  await settingsReady;
  return diagnostics.pullWorkspace(params.previousResultIds, token);
}));

// ---------------------------------------------------------------- features

/** A SKILL.md we serve, or another Markdown file inside a skill (open buffer or disk). */
async function markdownDoc(uri: string) {
  const doc = docs.parse(uri);
  if (doc) return doc;
  const file = uriToPath(uri);
  return file && !isSkillFile(file) && isMarkdownFile(file) && refs.skillDirOf(file) ? refs.markdownDoc(file) : undefined;
}

/**
 * The document for a request at `position`, or undefined when the position lies past
 * what was parsed: over the full-check size only the head (the frontmatter) is, and an
 * answer computed from it would act on text it never saw.
 */
async function markdownDocAt(uri: string, position: Position) {
  const doc = await markdownDoc(uri);
  const open = documents.get(uri);
  if (doc && open && doc.text.length < open.getText().length && open.offsetAt(position) > doc.text.length) return undefined;
  return doc;
}

connection.onCompletion(guarded('textDocument/completion', async (params) => {
  if (contracts.handles(params.textDocument.uri)) return contracts.completion(params);
  // The targets come from the settings and .skillmd.json: a completion before they are
  // loaded would offer another agent's keys and values.
  await settingsReady;
  const doc = await markdownDocAt(params.textDocument.uri, params.position);
  if (!doc) return [];
  const paths = await refs.completion(doc, params.position);
  if (paths) return paths;
  return isSkillFile(doc.path) ? provideCompletion(doc, params.position, targetsFor(doc.path), { snippets }) : [];
}));

connection.onHover(guarded('textDocument/hover', async (params) => {
  if (contracts.handles(params.textDocument.uri)) return contracts.hover(params);
  await settingsReady;
  const doc = await markdownDocAt(params.textDocument.uri, params.position);
  if (!doc) return null;
  const skillFile = isSkillFile(doc.path);
  const key = skillFile ? provideHover(doc, params.position, targetsFor(doc.path)) : null;
  return key ?? (await refs.hover(doc, params.position)) ?? null;
}));

connection.onDocumentLinks(guarded('textDocument/documentLink', async (params) => {
  const doc = await markdownDoc(params.textDocument.uri);
  return doc ? refs.documentLinks(doc) : [];
}));

connection.onDefinition(guarded('textDocument/definition', async (params) => {
  if (contracts.handles(params.textDocument.uri)) return contracts.definition(params);
  const doc = await markdownDocAt(params.textDocument.uri, params.position);
  return doc ? refs.definition(doc, params.position) : null;
}));

connection.onReferences(guarded('textDocument/references', async (params) => {
  if (contracts.handles(params.textDocument.uri)) return contracts.references(params);
  const file = uriToPath(params.textDocument.uri);
  return file ? refs.references(file, params.position) : [];
}));

connection.workspace.onWillRenameFiles(guarded('workspace/willRenameFiles', async (params) => {
  const setting = config.settings.renameUpdateReferences;
  if (setting === 'never') return null;
  const moves = params.files
    .map((f) => ({ from: uriToPath(f.oldUri), to: uriToPath(f.newUri) }))
    .filter((m): m is { from: string; to: string } => !!m.from && !!m.to);
  const { change, count, files } = await refs.renameChange(moves);
  if (count === 0) return null;
  if (setting === 'prompt') {
    const s = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
    const answer = await connection.window
      .showInformationMessage(`Update ${s(count, 'reference')} in ${s(files, 'file')}?`, { title: 'Yes' }, { title: 'No' })
      .catch(() => undefined);
    if (answer?.title !== 'Yes') return null;
  }
  return toWorkspaceEdit(change, editCaps, versionOf) ?? null;
}));

connection.onCodeAction(guarded('textDocument/codeAction', async (params) => {
  if (contracts.handles(params.textDocument.uri)) return contracts.codeActions(params);
  const uri = params.textDocument.uri;
  const file = uriToPath(uri);
  if (!file) return [];
  const r = await docs.fullDiagnostics(uri);
  const opts = {
    disabledSupport: !!caps.textDocument?.codeAction?.disabledSupport,
    onOmitted: (n: number) => connection.console.log(`skillmd: ${n} quick fixes over ${MAX_QUICK_FIXES} not listed for ${uri}`),
  };
  if (r) return provideCodeActions(params, { uri, file, doc: docs.parse(uri), diagnostics: r.diagnostics, version: r.version, caps: editCaps, versionOf }, opts);
  const open = documents.get(uri);
  const dir = open && !isSkillFile(file) && isMarkdownFile(file) ? refs.skillDirOf(file) : undefined;
  if (!open || !dir) return [];
  // Editors ask on every cursor move: check the skill again only when there is a fix to find.
  if (!params.context.only && !params.context.diagnostics.some((d) => d.source === 'skillmd')) return [];
  return provideCodeActions(params, { uri, file, doc: undefined, diagnostics: await markdownFileDiagnostics(file, dir), version: open.version, caps: editCaps, versionOf }, opts);
}));

/**
 * What the skill's check reports on one of its Markdown files, with fixes: the index
 * keeps no fixes, so the SKILL.md is checked again, through the open buffers.
 */
async function markdownFileDiagnostics(file: string, skillDir: string): Promise<SkillDiagnostic[]> {
  for (const name of ['SKILL.md', 'skill.md']) {
    const owner = path.join(skillDir, name);
    const opened = await docs.fullDiagnostics(pathToUri(owner));
    if (opened) return opened.diagnostics.filter((d) => d.file === file);
    const bytes = await liveFs.readFile(owner).catch(() => undefined);
    if (!bytes) continue;
    const decoded = decodeFile(owner, bytes);
    const parsed = 'text' in decoded ? parseBounded(owner, decoded.text, 0, decoded.strippedBom) : undefined;
    if (!parsed?.doc) return [];
    const checked = await checkReferences(liveFs, parsed.doc, config.optionsFor(owner)).catch(() => undefined);
    return checked?.diagnostics.filter((d) => d.file === file) ?? [];
  }
  return [];
}

connection.onPrepareRename(guarded('textDocument/prepareRename', async (params): Promise<PrepareRenameResult | null> => {
  if (contracts.handles(params.textDocument.uri)) return contracts.prepareRename(params);
  const doc = docs.parse(params.textDocument.uri);
  if (!doc) return null;
  return prepareRename(doc, doc.lines.offsetAt(params.position)) ?? null;
}));

connection.onRenameRequest(guarded('textDocument/rename', async (params, token) => {
  if (contracts.handles(params.textDocument.uri)) return contracts.rename(params);
  const doc = docs.parse(params.textDocument.uri);
  if (!doc || !prepareRename(doc, doc.lines.offsetAt(params.position))) return null;
  // The index holds every skill once it is ready; without it (workspace diagnostics
  // off, or a rename during the first scan) the folders are walked for this rename.
  const files = new Set(index.skills.keys());
  if (!config.settings.workspaceDiagnostics || !index.ready) {
    for (const folder of folders) {
      const scan = await findSkillFiles(fs, folder, { token, exclude: (p) => config.isIgnored(p) });
      for (const f of scan.files) files.add(f);
    }
  }
  for (const p of docs.openPaths()) files.add(p);
  return renameSkill({
    doc,
    newName: params.newName,
    skillFiles: files,
    openText: (f) => {
      for (const d of documents.all()) if (uriToPath(d.uri) === f) return d.getText();
      return undefined;
    },
    fs,
    caps: editCaps,
    versionOf,
    token,
  });
}));

connection.onDocumentSymbol(guarded('textDocument/documentSymbol', (params) => {
  const doc = docs.parse(params.textDocument.uri);
  if (!doc) return [];
  const symbols = documentSymbols(doc);
  return hierarchicalSymbols ? symbols : flatSymbols(params.textDocument.uri, symbols);
}));

connection.onFoldingRanges(guarded('textDocument/foldingRange', (params) => {
  const doc = docs.parse(params.textDocument.uri);
  return doc ? foldingRanges(doc) : [];
}));

connection.onRequest(INDEX_STATUS, guarded(INDEX_STATUS, (): IndexStatus => ({ ...statusSnapshot(index.status), diagnosticMode: mode })));
connection.onRequest(SERVER_STATS, guarded(SERVER_STATS, (params: ServerStatsParams | undefined) => serverStats(params)));

documents.listen(connection);
connection.listen();

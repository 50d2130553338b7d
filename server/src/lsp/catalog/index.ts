// Language-server face of the skill catalog and the agent previews: the custom
// requests `skillmd/catalog`, `skillmd/previewIndex`, `skillmd/previewLoad`,
// `skillmd/previewRead` and the `skillmd/catalogChanged` notification (types in
// ../../protocol). Catalogs are made per agent on the first request.
import {
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  FileChangeType,
  ResponseError,
  WatchKind,
  type ClientCapabilities,
  type Connection,
  type DidChangeWatchedFilesParams,
  type Disposable,
  type FileSystemWatcher,
  type NotificationHandler,
} from 'vscode-languageserver/node';
import type { FileChange } from '../../core/catalog/types';
import { UnsupportedPreviewError } from '../../core/render';
import {
  CATALOG, CATALOG_CHANGED, PREVIEW_INDEX, PREVIEW_LOAD, PREVIEW_READ,
  type CatalogChangedParams, type CatalogParams, type PreviewIndexParams, type PreviewLoadParams, type PreviewReadParams,
} from '../../protocol';
import { pathToUri, uriToPath } from '../convert';
import { CatalogRequestError, CatalogService, type CatalogHost } from './service';

export { CatalogService } from './service';

export interface CatalogFeatureOptions extends Omit<CatalogHost, 'log'> {
  /** the client's capabilities (read after initialize) */
  capabilities(): ClientCapabilities;
}

type CatalogConnection = Pick<Connection, 'onRequest' | 'sendNotification' | 'onDidChangeWatchedFiles' | 'client' | 'console' | 'workspace'>;

const toChange = (c: { uri: string; type: number }): FileChange | undefined => {
  const p = uriToPath(c.uri);
  if (!p) return undefined;
  return { path: p, type: c.type === FileChangeType.Created ? 'created' : c.type === FileChangeType.Deleted ? 'deleted' : 'changed' };
};

/**
 * Registers the catalog requests on `connection`.
 *
 * Watched-file events: a connection has one `workspace/didChangeWatchedFiles`
 * handler, and the server registers its own. So this must be called BEFORE the
 * server calls `connection.onDidChangeWatchedFiles`: that call is wrapped so the
 * server's handler runs first (it reloads .skillmd.json), then the catalog's
 * incremental update. The server's handler is kept exactly as it is.
 */
export function registerCatalogFeatures(connection: CatalogConnection, opts: CatalogFeatureOptions): CatalogService {
  const log = (m: string) => connection.console.log(m);
  const service = new CatalogService({ ...opts, log }, (agents) => {
    const params: CatalogChangedParams = { agents };
    void connection.sendNotification(CATALOG_CHANGED, params);
  });

  // ---- watched files: chain behind the server's handler
  let chained = false;
  const onCatalogChanges = async (params: DidChangeWatchedFilesParams) => {
    const changes = params.changes.map(toChange).filter((c): c is FileChange => !!c);
    if (changes.length) await service.filesChanged(changes);
  };
  const register = connection.onDidChangeWatchedFiles.bind(connection);
  connection.onDidChangeWatchedFiles = (handler: NotificationHandler<DidChangeWatchedFilesParams>): Disposable => {
    chained = true;
    return register(async (params) => {
      try {
        await handler(params);
      } finally {
        await onCatalogChanges(params);
      }
    });
  };

  // ---- extra watchers for skill folders (created/deleted folders, configured roots)
  let watching: { key: string; disposable?: Disposable } | undefined;
  const watchRoots = async () => {
    const caps = opts.capabilities().workspace?.didChangeWatchedFiles;
    if (!caps?.dynamicRegistration) return;
    const outside = service.roots().filter((r) => r.origin !== 'workspace');
    const key = JSON.stringify(outside.map((r) => r.path));
    if (watching?.key === key) return;
    const previous = watching;
    watching = { key };
    const watchers: FileSystemWatcher[] = [
      // A skill folder created, renamed or deleted under any agent skills folder.
      { globPattern: '**/skills', kind: WatchKind.Create | WatchKind.Delete },
      { globPattern: '**/skills/**', kind: WatchKind.Create | WatchKind.Delete },
    ];
    if (caps.relativePatternSupport) {
      for (const r of outside) watchers.push({ globPattern: { baseUri: pathToUri(r.path), pattern: '**/*' }, kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete });
    }
    const d = await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch(() => undefined);
    if (watching.key === key) watching.disposable = d;
    else d?.dispose();
    previous?.disposable?.dispose();
  };

  // ---- first request: check the chain, follow workspace folder changes
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (!chained) log('skillmd catalog: no workspace/didChangeWatchedFiles handler was registered after registerCatalogFeatures, so catalogs do not follow file changes');
    try {
      connection.workspace.onDidChangeWorkspaceFolders(() => void service.refresh());
    } catch {
      // the client sends no folder changes
    }
  };

  const answer = async <T>(what: () => Promise<T>): Promise<T> => {
    start();
    try {
      const out = await what();
      void watchRoots();
      return out;
    } catch (e) {
      if (e instanceof CatalogRequestError || e instanceof UnsupportedPreviewError) throw new ResponseError(ErrorCodes.InvalidParams, e.message);
      throw e;
    }
  };

  connection.onRequest(CATALOG, (p: CatalogParams | undefined) => answer(() => service.catalog(p?.agent)));
  connection.onRequest(PREVIEW_INDEX, (p: PreviewIndexParams | undefined) => answer(() => service.previewIndex(p?.agent, p?.options ?? {})));
  connection.onRequest(PREVIEW_LOAD, (p: PreviewLoadParams) => answer(() => service.previewLoad(p?.agent, p?.name)));
  connection.onRequest(PREVIEW_READ, (p: PreviewReadParams) => answer(() => service.previewRead(p?.agent, p?.name, p?.path)));
  return service;
}

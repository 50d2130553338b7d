// skillmd/route: `skillmd route` for the editor, over the agent's catalog the previews use.
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import { routableFromCatalog } from '../core/routing/catalogSkills';
import { routeRequest, type RouteCandidate } from '../core/routing/route';
import type { FileSystem } from '../core/workspace/fileSystem';
import { ROUTE, type RouteParams, type RouteResultWire } from '../protocol';
import type { CatalogService } from './catalog/service';

export function registerRouteRequest(connection: Pick<Connection, 'onRequest'>, catalog: CatalogService, fs: FileSystem): void {
  connection.onRequest(ROUTE, async (p: RouteParams | undefined): Promise<RouteResultWire> => {
    const request = typeof p?.request === 'string' ? p.request.trim() : '';
    if (!request) throw new ResponseError(ErrorCodes.InvalidParams, 'skillmd/route needs a request');
    let snap;
    try {
      snap = await catalog.catalog(p?.agent);
    } catch (e) {
      throw new ResponseError(ErrorCodes.InvalidParams, (e as Error).message);
    }
    const result = routeRequest(request, await routableFromCatalog(fs, snap.skills));
    const uris = new Map(snap.skills.map((s) => [s.name, s.uri]));
    const wire = (c: RouteCandidate) => ({ ...c, uri: uris.get(c.name) ?? '' });
    return { agent: snap.agent, request, candidates: result.candidates.map(wire), others: result.others.map(wire) };
  });
}

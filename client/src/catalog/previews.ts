// Read-only virtual documents (scheme `skillmd-preview`) with the exact text an agent
// puts into the model's context, one document per part, and the report (tokens,
// left-out skills) in its own document: report text never enters the agent text.
import * as vscode from 'vscode';
import type { PreviewResult } from '../../../server/src/protocol';
import type { CatalogClient, PreviewRequest } from './catalogClient';

export const PREVIEW_SCHEME = 'skillmd-preview';
export const PREVIEW_LANGUAGE = 'skill-preview';

interface UriData {
  req: PreviewRequest & { agent: string };
  /** part id, for the agent text; absent for the report */
  part?: string;
  view: 'text' | 'report';
}

export interface OpenedPreview {
  /** agent text documents, one per part */
  text: vscode.Uri[];
  report: vscode.Uri;
  result: PreviewResult;
}

const keyOf = (req: PreviewRequest) => JSON.stringify(req);

/** A file name for the tab: `lovia index.skill-preview`, `lovia load_skill pdf-forms.skill-preview`, … */
function title(req: PreviewRequest & { agent: string }, part: string | undefined, multi: boolean): string {
  const safe = (s: string) => s.replace(/[\\/]/g, '∕');
  let t: string;
  if (req.kind === 'index') t = `${req.agent} index`;
  else if (req.kind === 'load') t = `${req.agent} load ${safe(req.name)}`;
  else t = `${req.agent} read ${safe(req.name)} ${safe(req.path)}`;
  if (multi && part) t += ` (${part})`;
  return t;
}

export class PreviewProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly results = new Map<string, PreviewResult>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly catalog: CatalogClient) {
    this.subscriptions.push(
      vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, this),
      catalog.onDidChange(() => void this.refreshOpen()),
    );
  }

  static parse(uri: vscode.Uri): UriData | undefined {
    try {
      return JSON.parse(uri.query) as UriData;
    } catch {
      return undefined;
    }
  }

  uriFor(req: PreviewRequest & { agent: string }, view: 'text' | 'report', part: string | undefined, multi: boolean): vscode.Uri {
    const data: UriData = { req, view, ...(part !== undefined ? { part } : {}) };
    const name = title(req, part, multi) + (view === 'report' ? ' report.txt' : `.${PREVIEW_LANGUAGE}`);
    return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${name}`, query: JSON.stringify(data) });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const data = PreviewProvider.parse(uri);
    if (!data) return '';
    const key = keyOf(data.req);
    let result = this.results.get(key);
    if (!result) {
      result = await this.catalog.preview(data.req);
      this.results.set(key, result);
    }
    if (data.view === 'report') return result.report;
    return result.parts.find((p) => p.id === data.part)?.text ?? '';
  }

  /** Asks the server, then opens the agent text (one editor per part) and the report beside it. */
  async open(req: PreviewRequest, opts: { showReport?: boolean } = {}): Promise<OpenedPreview> {
    const result = await this.catalog.preview(req);
    const resolved = { ...req, agent: result.agent } as PreviewRequest & { agent: string };
    this.results.set(keyOf(resolved), result);
    const multi = result.parts.length > 1;
    const text = result.parts.map((p) => this.uriFor(resolved, 'text', p.id, multi));
    const report = this.uriFor(resolved, 'report', undefined, false);
    // Documents that are already open show the fresh result.
    for (const u of [...text, report]) this.emitter.fire(u);
    for (const u of text) {
      const doc = await vscode.workspace.openTextDocument(u);
      if (doc.languageId !== PREVIEW_LANGUAGE) await vscode.languages.setTextDocumentLanguage(doc, PREVIEW_LANGUAGE);
      await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
    }
    if (opts.showReport !== false) {
      const doc = await vscode.workspace.openTextDocument(report);
      await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Two, preserveFocus: true });
    }
    return { text, report, result };
  }

  /** Re-asks the server for every open preview (after a catalog change) and updates the documents. */
  async refreshOpen(): Promise<void> {
    const byKey = new Map<string, { req: PreviewRequest; uris: vscode.Uri[] }>();
    for (const d of vscode.workspace.textDocuments) {
      if (d.uri.scheme !== PREVIEW_SCHEME) continue;
      const data = PreviewProvider.parse(d.uri);
      if (!data) continue;
      const key = keyOf(data.req);
      const e = byKey.get(key) ?? { req: data.req, uris: [] };
      e.uris.push(d.uri);
      byKey.set(key, e);
    }
    this.results.clear();
    for (const [key, { req, uris }] of byKey) {
      try {
        this.results.set(key, await this.catalog.preview(req));
      } catch {
        continue; // e.g. the server restarts; the document keeps its text
      }
      for (const u of uris) this.emitter.fire(u);
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
  }
}

// Read-only virtual documents (scheme `skillmd-preview`) with the exact text an agent
// puts into the model's context. One document (one tab) per kind of preview, reused
// and updated by the next preview of that kind: the agent's parts in order (each
// under a separator line when there are several), then the report (tokens, left-out
// skills) under its own separator. The agent text itself is never changed.
import * as vscode from 'vscode';
import type { PreviewResult } from '../../../server/src/protocol';
import type { CatalogClient, PreviewRequest } from './catalogClient';
import { PreviewOrder } from './previewOrder';

export const PREVIEW_SCHEME = 'skillmd-preview';
export const PREVIEW_LANGUAGE = 'skill-preview';

type Kind = PreviewRequest['kind'];

/** The tab titles: the path of each kind's one document. */
const TITLES: Record<Kind, string> = {
  index: 'Skill Index Preview',
  load: 'Skill Load Preview',
  read: 'Skill File Preview',
};

/** Separator lines: recognisable, and never in an agent's own text. */
export const PART_SEPARATOR = (title: string, tokens: number) => `━━━━ ${title} · ${tokens} tokens ━━━━`;
export const REPORT_SEPARATOR = '━━━━ skillmd report (not sent to the model) ━━━━';

export interface OpenedPreview {
  /** the kind's one document */
  uri: vscode.Uri;
  /** where each part's exact agent text is in the document */
  parts: { id: string; title: string; range: vscode.Range }[];
  /** the report under its separator */
  report: vscode.Range;
  result: PreviewResult;
}

interface Layout {
  text: string;
  parts: OpenedPreview['parts'];
  report: vscode.Range;
}

function endOf(text: string): vscode.Position {
  const lines = text.split('\n');
  return new vscode.Position(lines.length - 1, lines[lines.length - 1].length);
}

/** The document text of a result and where its pieces are. */
export function layout(result: PreviewResult): Layout {
  let text = '';
  const parts: Layout['parts'] = [];
  const multi = result.parts.length > 1;
  for (const p of result.parts) {
    if (multi) text += `${PART_SEPARATOR(p.title, p.tokens)}\n`;
    const start = endOf(text);
    text += p.text;
    parts.push({ id: p.id, title: p.title, range: new vscode.Range(start, endOf(text)) });
    text += p.text.endsWith('\n') ? '\n' : '\n\n';
  }
  text += `${REPORT_SEPARATOR}\n`;
  const start = endOf(text);
  text += result.report;
  return { text, parts, report: new vscode.Range(start, endOf(text)) };
}

export class PreviewProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  /** the last request and result of each kind: what its document shows */
  private readonly current = new Map<Kind, { req: PreviewRequest; result: PreviewResult; layout: Layout }>();
  /** which of overlapping answers a kind's document shows (the newest asked) */
  private readonly order = new PreviewOrder<Kind, PreviewRequest>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly catalog: CatalogClient) {
    this.subscriptions.push(
      vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, this),
      catalog.onDidChange(() => void this.refreshOpen()),
    );
  }

  static uriOf(kind: Kind): vscode.Uri {
    return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${TITLES[kind]}` });
  }

  private static kindOf(uri: vscode.Uri): Kind | undefined {
    return (Object.keys(TITLES) as Kind[]).find((k) => `/${TITLES[k]}` === uri.path);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const kind = PreviewProvider.kindOf(uri);
    // A tab restored after a reload has no result yet: say how to fill it.
    return (kind && this.current.get(kind)?.layout.text) ?? 'Run a skillmd preview command (Skills view, or the command palette: "Skillmd: Preview …") to show what the agent sees.\n';
  }

  /** Asks the server, then shows the kind's one document with the fresh result. */
  async open(req: PreviewRequest): Promise<OpenedPreview> {
    const ticket = this.order.open(req.kind, req);
    const result = await this.catalog.preview(req).catch((e: unknown) => {
      this.order.failed(req.kind, ticket);
      throw e;
    });
    const shown = layout(result);
    // Superseded (a newer open, or a refresh of this request that answered first): the document keeps that.
    if (this.order.settle(req.kind, ticket)) this.current.set(req.kind, { req, result, layout: shown });
    const uri = PreviewProvider.uriOf(req.kind);
    const doc = await this.update(uri);
    if (doc.languageId !== PREVIEW_LANGUAGE) await vscode.languages.setTextDocumentLanguage(doc, PREVIEW_LANGUAGE);
    await vscode.window.showTextDocument(doc, { preview: false });
    return { uri, parts: shown.parts, report: shown.report, result };
  }

  /** The document of `uri`, with the provider's current text (an open one is told to re-read). */
  private async update(uri: vscode.Uri): Promise<vscode.TextDocument> {
    const want = this.provideTextDocumentContent(uri);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!open) return vscode.workspace.openTextDocument(uri);
    if (open.getText() === want) return open;
    const changed = new Promise<void>((resolve) => {
      const sub = vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === uri.toString() && e.document.getText() === want) {
          sub.dispose();
          resolve();
        }
      });
      setTimeout(() => {
        sub.dispose();
        resolve();
      }, 5000);
    });
    this.emitter.fire(uri);
    await changed;
    return open;
  }

  /** Re-asks the server for each kind shown (after a catalog change) and updates the documents. */
  async refreshOpen(): Promise<void> {
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const kind of [...this.current.keys()]) {
      if (!open.has(PreviewProvider.uriOf(kind).toString())) continue;
      const { ticket, req } = this.order.refresh(kind)!;
      let result: PreviewResult;
      try {
        result = await this.catalog.preview(req);
      } catch {
        continue; // e.g. the server restarts; the document keeps its text
      }
      if (!this.order.settle(kind, ticket)) continue;
      this.current.set(kind, { req, result, layout: layout(result) });
      await this.update(PreviewProvider.uriOf(kind));
    }
  }

  /** The request a kind's document shows, if any. */
  shown(kind: Kind): PreviewRequest | undefined {
    return this.current.get(kind)?.req;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
  }
}

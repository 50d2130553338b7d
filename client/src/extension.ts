import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { INDEX_STATUS, type CompletionData, type IndexStatus } from '../../server/src/protocol';
import { registerCatalogUi, type SkillsApi } from './catalog';
import { registerFileReferences } from './fileReferences';
import { registerRenameSkill } from './renameSkill';

let client: LanguageClient | undefined;

// VS Code 1.100 gives SKILL.md the `markdown` language id; newer releases `skill`.
// Other Markdown files are sent too: a skill's references/*.md link to each other
// and their unsaved text feeds the SKILL.md checks. The server answers only inside
// skill folders, and only adds to VS Code's own Markdown features there (its link
// path completions are dropped below where VS Code offers the same).
export const skillSelector = [
  { scheme: 'file', language: 'markdown', pattern: '**/{SKILL,skill}.md' },
  { scheme: 'file', language: 'skill' },
  { scheme: 'untitled', language: 'skill' },
  { scheme: 'file', language: 'markdown', pattern: '**/*.md' },
];

export async function activate(context: vscode.ExtensionContext): Promise<SkillsApi> {
  const serverModule = context.asAbsolutePath(path.join('server', 'out', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.stdio },
    debug: { module: serverModule, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: skillSelector,
    // `skillmd.trace.server` is read by the client itself (id `skillmd`).
    synchronize: {
      configurationSection: 'skillmd',
      fileEvents: [
        vscode.workspace.createFileSystemWatcher('**/.skillmd.json'),
        vscode.workspace.createFileSystemWatcher('**/{SKILL,skill}.md'),
      ],
    },
    diagnosticPullOptions: { onChange: true, onSave: true, onTabs: false },
    middleware: {
      async provideCompletionItem(document, position, context, token, next) {
        const result = await next(document, position, context, token);
        if (!result || !vsCodeCompletesLinks(document)) return result;
        // VS Code's Markdown support already completes link destinations: one list, not two.
        const keep = (item: vscode.CompletionItem) => !(item as { data?: CompletionData }).data?.markdownLink;
        return Array.isArray(result) ? result.filter(keep) : new vscode.CompletionList(result.items.filter(keep), result.isIncomplete);
      },
    },
  };
  client = new LanguageClient('skillmd', 'skillmd', serverOptions, clientOptions);
  if (await skillsAround()) {
    await client.start();
  } else {
    // No skill yet: the first skill file opened starts the server (so does any
    // request, e.g. from the Skills view or a command).
    const opened = vscode.workspace.onDidOpenTextDocument((doc) => {
      if (!isSkillDocument(doc)) return;
      opened.dispose();
      void client?.start();
    });
    context.subscriptions.push(opened);
  }
  context.subscriptions.push({ dispose: () => void client?.stop() });
  context.subscriptions.push(
    vscode.commands.registerCommand('skillmd.showIndexStatus', async () => {
      const s = await client?.sendRequest<IndexStatus>(INDEX_STATUS);
      if (s) void vscode.window.showInformationMessage(`skillmd: ${s.state}, ${s.done}/${s.total} skills checked${s.durationMs !== undefined ? ` in ${s.durationMs} ms` : ''} (${s.diagnosticMode} diagnostics).`);
    }),
    vscode.commands.registerCommand('skillmd.restartServer', async () => {
      await client?.restart();
    }),
  );
  registerFileReferences(context, client);
  registerRenameSkill(context, client);
  // Skills view, previews, status bar: they ask the server only once shown or used.
  return registerCatalogUi(context, client);
}

/** A skill file: the documents the server is for (other Markdown matters only inside skills). */
function isSkillDocument(doc: vscode.TextDocument): boolean {
  return doc.languageId === 'skill' || /^(SKILL|skill)\.md$/.test(path.posix.basename(doc.uri.path));
}

/**
 * Whether the server is needed now: a skill file is open or in the workspace.
 * `onLanguage:markdown` activates the extension for any Markdown file (so a lone
 * SKILL.md works); without a skill around, the server would walk the whole
 * workspace for nothing.
 */
async function skillsAround(): Promise<boolean> {
  if (vscode.workspace.textDocuments.some(isSkillDocument)) return true;
  return (await vscode.workspace.findFiles('**/{SKILL,skill}.md', '**/node_modules/**', 1)).length > 0;
}

/** Whether VS Code's own Markdown path completion answers in this document. */
function vsCodeCompletesLinks(document: vscode.TextDocument): boolean {
  return document.languageId === 'markdown'
    && !!vscode.extensions.getExtension('vscode.markdown-language-features')
    && vscode.workspace.getConfiguration('markdown', document).get<boolean>('suggest.paths.enabled', true);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

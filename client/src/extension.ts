import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { INDEX_STATUS, type CompletionData, type IndexStatus } from '../../server/src/protocol';
import { registerArgumentTokens } from './argumentTokens';
import { registerCatalogUi, type SkillsApi } from './catalog';
import { registerFileReferences } from './fileReferences';
import { registerNewSkill } from './newSkill';
import { registerRenameSkill } from './renameSkill';
import { registerWhichSkill } from './whichSkill';
import { ServerClient } from './serverClient';
import { SkillFolders } from './skillFolders';

let client: ServerClient | undefined;

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
  // Skill contracts and registries (diagnostics, completion, hover from the contract schema).
  { scheme: 'file', pattern: '**/{skill.yaml,skill.yml,*.skill.yaml,*.skill.yml,meta.yaml,meta.yml}' },
];

export async function activate(context: vscode.ExtensionContext): Promise<SkillsApi & { skillFolders(): string[] }> {
  const serverModule = context.asAbsolutePath(path.join('server', 'out', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.stdio },
    debug: { module: serverModule, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  // One channel for every client a restart makes (the client would make its own each time).
  const output = vscode.window.createOutputChannel('skillmd');
  const clientOptions: LanguageClientOptions = {
    documentSelector: skillSelector,
    outputChannel: output,
    // `skillmd.trace.server` is read by the client itself (id `skillmd`). File events:
    // the server registers its own watchers (`**/.skillmd.json`, `**/*`).
    synchronize: { configurationSection: 'skillmd' },
    diagnosticPullOptions: { onChange: true, onSave: true, onTabs: false },
    // The server keeps each skill's check there for the next session (its index cache).
    initializationOptions: { storagePath: context.storageUri?.fsPath },
    // No raw "Pending response rejected..." popup: ServerClient.start says why, once.
    initializationFailedHandler: () => false,
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
  const server = new ServerClient((errorHandler) => new LanguageClient('skillmd', 'skillmd', serverOptions, { ...clientOptions, errorHandler }));
  client = server;
  context.subscriptions.push(output, server);

  // Commands and views first: they (Restart above all) must work when the server cannot start.
  context.subscriptions.push(
    vscode.commands.registerCommand('skillmd.showIndexStatus', async () => {
      try {
        const s = await server.sendRequest<IndexStatus>(INDEX_STATUS);
        const refs = s.references.state === 'idle' ? '' : `; references ${s.references.state}, ${s.references.done}/${s.total} skills${s.references.durationMs !== undefined ? ` in ${s.references.durationMs} ms` : ''}`;
        void vscode.window.showInformationMessage(`skillmd: index ${s.state}, ${s.done}/${s.total} skills checked${s.durationMs !== undefined ? ` in ${s.durationMs} ms` : ''}${refs} (${s.diagnosticMode} diagnostics).`);
        return s;
      } catch (e) {
        void vscode.window.showErrorMessage(`skillmd: ${(e as Error).message}`);
        return undefined;
      }
    }),
    vscode.commands.registerCommand('skillmd.restartServer', () => server.restart()),
  );
  registerFileReferences(context, server);
  const skillFolders = new SkillFolders();
  context.subscriptions.push(skillFolders);
  registerRenameSkill(context, server);
  registerWhichSkill(context, server);
  registerNewSkill(context, server);
  registerArgumentTokens(context);
  // Skills view, previews, status bar: they ask the server only once shown or used.
  const api = { ...registerCatalogUi(context, server), skillFolders: () => skillFolders.folders };

  // The server starts for the first skill file opened, or now if a skill is around
  // (any request, e.g. from the Skills view or a command, starts it too).
  const opened = vscode.workspace.onDidOpenTextDocument((doc) => {
    if (isSkillDocument(doc)) startServer();
  });
  const startServer = () => {
    opened.dispose();
    void server.start();
  };
  context.subscriptions.push(opened);
  void skillsAround().then((yes) => yes && startServer(), () => undefined);
  return api;
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

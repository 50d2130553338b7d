import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { INDEX_STATUS, type IndexStatus } from '../../server/src/protocol';
import { registerCatalogUi, type SkillsApi } from './catalog';
import { registerFileReferences } from './fileReferences';

let client: LanguageClient | undefined;

// VS Code 1.100 gives SKILL.md the `markdown` language id; newer releases `skill`.
// Other Markdown files are sent too: a skill's references/*.md link to each other
// and their unsaved text feeds the SKILL.md checks. The server answers only inside
// skill folders, and only adds to VS Code's own Markdown features there.
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
  };
  client = new LanguageClient('skillmd', 'skillmd', serverOptions, clientOptions);
  await client.start();
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
  // Skills view, previews, status bar: they ask the server only once shown or used.
  return registerCatalogUi(context, client);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

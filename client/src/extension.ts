import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

// VS Code 1.100 gives SKILL.md the `markdown` language id; newer releases `skill`.
const skillSelector = [
  { scheme: 'file', language: 'markdown', pattern: '**/{SKILL,skill}.md' },
  { scheme: 'file', language: 'skill' },
];

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('server', 'out', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.stdio },
    debug: { module: serverModule, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: skillSelector,
    synchronize: { configurationSection: 'skillmd' },
  };
  client = new LanguageClient('skillmd', 'skillmd', serverOptions, clientOptions);
  await client.start();
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

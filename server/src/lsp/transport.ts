// How the server talks to its client. vscode-languageserver reads the transport from the
// command line and throws when none is given; an editor configured with just the
// command name (`skillmd-language-server`, `skillmd lsp`) expects stdio, as most
// language servers default to.
import * as path from 'node:path';

const TRANSPORTS = /^--(stdio|node-ipc|socket=.+|pipe=.+)$/;

export function serverUsage(command: string): string {
  return `${command}: the skillmd language server (LSP)

Usage:
  ${command} [--stdio]          over stdin and stdout (the default)
  ${command} --node-ipc         over Node IPC, when a Node process starts it
  ${command} --socket=<port>    over a TCP socket the client listens on
  ${command} --pipe=<name>      over a named pipe the client listens on
`;
}

/**
 * What the command line asks for: usage, or a transport. Adds `--stdio` to `argv`
 * (vscode-languageserver reads process.argv) when no transport is named.
 */
export function selectTransport(argv: string[]): 'help' | 'run' | { error: string } {
  const args = argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) return 'help';
  // vscode-languageserver would throw on a port that is not one, with a stack trace.
  const socket = args.find((a) => a.startsWith('--socket='));
  if (socket) {
    const port = socket.slice('--socket='.length);
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) return { error: `--socket needs a TCP port number (1-65535), not "${port}"` };
  }
  if (!args.some((a) => TRANSPORTS.test(a))) argv.push('--stdio');
  return 'run';
}

/** The name the server was started by, for its usage text. */
export function commandName(argv: string[]): string {
  return path.basename(argv[1] ?? '') === 'cli.js' || argv[2] === 'lsp' ? 'skillmd lsp' : 'skillmd-language-server';
}

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import rpc from 'vscode-jsonrpc/node.js';
const dir = process.argv[2]; const N = Number(process.argv[3] ?? 300);
const proc = spawn(process.execPath, ['/work/main/server/out/server.js', '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
let stderr = ''; proc.stderr.on('data', (d) => (stderr += d));
const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
const logs = [];
conn.onNotification('window/logMessage', (m) => { if (m.type <= 2) logs.push(m.message); });
conn.onNotification('window/showMessage', (m) => logs.push('show: ' + m.message));
conn.onNotification('textDocument/publishDiagnostics', () => {});
conn.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
conn.onRequest('client/registerCapability', () => null);
conn.listen();
const rootUri = pathToFileURL(dir).href;
await conn.sendRequest('initialize', { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 's' }], capabilities: { workspace: { configuration: true }, textDocument: { completion: { completionItem: { snippetSupport: true } }, documentSymbol: { hierarchicalDocumentSymbolSupport: true }, diagnostic: {} } }, initializationOptions: { diagnosticMode: 'pull' } });
conn.sendNotification('initialized', {});
const files = [];
const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name === 'SKILL.md') files.push(p); } };
walk(dir);
let seed = 42; const rnd = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const errors = []; let reqs = 0;
const req = async (m, p) => { reqs++; try { return await conn.sendRequest(m, p); } catch (e) { errors.push(`${m} ${JSON.stringify(p).slice(0, 200)}: ${e.message}`); } };
for (let i = 0; i < Math.min(N, files.length); i++) {
  const f = files[rnd(files.length)]; const uri = pathToFileURL(f).href; const text = readFileSync(f, 'utf8'); const lines = text.split('\n');
  conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
  const td = { uri };
  await req('textDocument/diagnostic', { textDocument: td });
  await req('textDocument/documentSymbol', { textDocument: td });
  await req('textDocument/foldingRange', { textDocument: td });
  const links = await req('textDocument/documentLink', { textDocument: td });
  await req('textDocument/codeAction', { textDocument: td, range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } }, context: { diagnostics: [] } });
  for (let k = 0; k < 6; k++) {
    const line = rnd(lines.length); const character = rnd(lines[line].length + 1);
    const pos = { textDocument: td, position: { line, character } };
    await req('textDocument/hover', pos); await req('textDocument/completion', pos); await req('textDocument/definition', pos); await req('textDocument/references', { ...pos, context: { includeDeclaration: true } });
    await req('textDocument/prepareRename', pos);
  }
  for (const l of (links ?? []).slice(0, 3)) await req('textDocument/hover', { textDocument: td, position: l.range.start });
  // an edit that breaks the frontmatter, then undo
  conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'x: [unclosed\n' }] });
  await req('textDocument/diagnostic', { textDocument: td });
  await req('textDocument/completion', { textDocument: td, position: { line: 1, character: 3 } });
  conn.sendNotification('textDocument/didClose', { textDocument: td });
}
await req('skillmd/catalog', {});
for (const a of ['lovia', 'agentskills', 'eino', 'codex', 'claude-code']) await req('skillmd/previewIndex', { agent: a });
console.log('requests', reqs, 'errors', errors.length); for (const e of errors.slice(0, 20)) console.log(e);
console.log('logs', logs.length); for (const l of logs.slice(0, 20)) console.log(l.slice(0, 300));
console.log('stderr', stderr.slice(0, 2000));
await conn.sendRequest('shutdown'); conn.sendNotification('exit'); setTimeout(() => process.exit(0), 300);

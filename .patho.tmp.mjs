import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import rpc from 'vscode-jsonrpc/node.js';
const root = mkdtempSync(join(tmpdir(), 'patho-'));
const head = (name) => `---\nname: ${name}\ndescription: ${name} document. Use when measuring how long the server blocks.\n---\n`;
const big = head('big') + 'Some body text with [a link](references/guide.md) and `scripts/run.py`.\n'.repeat(140_000);
mkdirSync(join(root, 'big')); writeFileSync(join(root, 'big/SKILL.md'), big);
const proc = spawn(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.PROF] : []), '/work/main/server/out/server.js', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
conn.onRequest('workspace/configuration', (p) => p.items.map(() => ({ diagnostics: { debounceMs: 0 } })));
conn.onRequest('client/registerCapability', () => null);
conn.listen();
const rootUri = pathToFileURL(root).href;
await conn.sendRequest('initialize', { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'p' }], capabilities: { workspace: { configuration: true } }, initializationOptions: { settings: { diagnostics: { debounceMs: 0 } } } });
conn.sendNotification('initialized', {});
for (;;) { const st = await conn.sendRequest('skillmd/indexStatus'); if (st.state === 'ready') break; await new Promise((r) => setTimeout(r, 20)); }
await new Promise((r) => setTimeout(r, 1500));
const uri = pathToFileURL(join(root, 'big/SKILL.md')).href;
const probe = async (l) => { const t = performance.now(); await conn.sendRequest('skillmd/indexStatus'); console.log(l, (performance.now() - t).toFixed(1)); };
conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: big } });
await probe('after open');
for (let v = 2; v < 6; v++) { conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 6 } }, text: 'x' }] }); await probe('after edit'); }
const t = performance.now(); await conn.sendRequest('textDocument/diagnostic', { textDocument: { uri } }); console.log('pull', (performance.now() - t).toFixed(1));
await conn.sendRequest('shutdown'); conn.sendNotification('exit'); setTimeout(() => process.exit(0), 1000);

// temp driver: node .drive-tmp.mjs <dir> <storagePath> <pull:0|1> [node flags...]
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import * as rpc from 'vscode-jsonrpc/node.js';
const [dir, storagePath, pullArg, ...flags] = process.argv.slice(2);
const pull = pullArg === '1';
const server = new URL('../../server/out/server.js', import.meta.url).pathname;
const t0 = performance.now();
const proc = spawn(process.execPath, [...flags, server, '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] });
const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
let last = 0, n = 0;
conn.onNotification('textDocument/publishDiagnostics', () => { last = performance.now(); n++; });
conn.onNotification('window/logMessage', (p) => console.error(`${Math.round(performance.now() - t0)} ms: ${p.message}`));
conn.onRequest('workspace/configuration', (p) => p.items.map(() => ({ diagnostics: { debounceMs: 0 } })));
conn.onRequest('client/registerCapability', () => null);
conn.onRequest('window/workDoneProgress/create', () => null);
conn.listen();
const rootUri = pathToFileURL(dir).href;
await conn.sendRequest('initialize', { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'x' }],
  capabilities: { workspace: { configuration: true, ...(pull ? { diagnostics: { refreshSupport: true } } : {}) }, textDocument: { ...(pull ? { diagnostic: {} } : {}) } },
  initializationOptions: { settings: { diagnostics: { debounceMs: 0 } }, ...(storagePath !== '-' ? { storagePath } : {}) } });
const ti = performance.now();
await conn.sendNotification('initialized', {});
for (;;) { const s = await conn.sendRequest('skillmd/indexStatus'); if (s.state === 'ready' && s.references?.state !== 'checking') break; await new Promise((r) => setTimeout(r, 20)); }
let done = performance.now();
if (!pull) { while (performance.now() - last < 300) await new Promise((r) => setTimeout(r, 20)); done = Math.max(done, last); }
console.log(`start->initialized ${Math.round(ti - t0)} ms, every diagnostic ${Math.round(done - ti)} ms, published ${n}`);
await conn.sendRequest('shutdown'); await conn.sendNotification('exit');
setTimeout(() => process.exit(0), 2000).unref();
proc.on('exit', () => process.exit(0));

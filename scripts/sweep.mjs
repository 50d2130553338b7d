// `npm run sweep -- <folder>…`: skillmd over a corpus of real skills, looking for its
// own faults (never for the skills' problems). For each folder: `skillmd check` (the
// CLI, JSON), then the language server over stdio on every SKILL.md: open it, hover on
// every frontmatter key, complete there and at the end of the frontmatter, document
// symbols, code actions over the whole document, document links. Prints the files,
// the internal errors (CLI exit 3 or `internal-error` diagnostics, server request
// errors, server crashes), the slowest 10 files, every range outside its document,
// and the server's memory. Exit status 1 when there is any internal error or range
// outside its document, 2 on usage errors.
//
//   --cli-only / --server-only   one half only
//   --limit N                    the first N SKILL.md files of each folder (server half)
//   --target T                   passed to `check` as well (repeatable)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'bin', 'skillmd.js');
const serverJs = join(root, 'server', 'out', 'server.js');

function usage(message) {
  process.stderr.write(`sweep: ${message}\nusage: npm run sweep -- [--cli-only|--server-only] [--limit N] [--target T]… <folder>…\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const folders = [];
const targets = [];
let cliOnly = false;
let serverOnly = false;
let limit = Infinity;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--cli-only') cliOnly = true;
  else if (a === '--server-only') serverOnly = true;
  else if (a === '--limit') limit = Number(args[++i]);
  else if (a === '--target') targets.push(args[++i]);
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else folders.push(resolve(a));
}
if (!folders.length) usage('no folder given');
if (!Number.isFinite(limit) && limit !== Infinity) usage('--limit needs a number');
for (const f of folders) if (!existsSync(f) || !statSync(f).isDirectory()) usage(`${f} is not a folder`);
if (!existsSync(serverJs)) usage('server/out/server.js is missing: run `node esbuild.mjs` first');

/** SKILL.md files under `dir`, sorted, without following links (as `check` walks). */
function skillFiles(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules' && e.name !== '.git') skillFiles(p, out);
    else if (e.isFile() && e.name === 'SKILL.md') out.push(p);
  }
  return out;
}

// ------------------------------------------------------------------ the CLI

function sweepCli(folder) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, 'check', folder, '--format', 'json', ...targets.flatMap((t) => ['--target', t])], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = (performance.now() - t0) / 1000;
  const faults = [];
  if (r.status === 3 || r.status === null) faults.push(`check exited ${r.status ?? r.signal}: ${(r.stderr || '').trim().split('\n').slice(0, 3).join(' | ')}`);
  let skills = 0;
  let diagnostics = 0;
  try {
    const json = JSON.parse(r.stdout);
    skills = json.skills.length;
    for (const s of json.skills) {
      for (const d of s.diagnostics) {
        diagnostics++;
        if (d.code === 'internal-error') faults.push(`${d.file}: internal-error: ${d.message}`);
      }
    }
  } catch (e) {
    if (r.status !== 3) faults.push(`check printed no JSON (exit ${r.status}): ${e.message}`);
  }
  return { seconds, skills, diagnostics, status: r.status, faults };
}

// ------------------------------------------------------------------ the server

const CAPABILITIES = {
  textDocument: {
    completion: { completionItem: { snippetSupport: true } },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, dataSupport: true },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } }, disabledSupport: true },
  },
  workspace: { configuration: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] } },
};

class Server {
  constructor(folder) {
    this.folder = folder;
    this.proc = spawn(process.execPath, [serverJs, '--stdio'], { cwd: folder, stdio: ['pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.proc.stderr.on('data', (d) => (this.stderr = (this.stderr + d).slice(-4000)));
    this.exited = new Promise((r) => this.proc.on('exit', (code, signal) => r(code ?? signal)));
    this.conn = createMessageConnection(new StreamMessageReader(this.proc.stdout), new StreamMessageWriter(this.proc.stdin));
    this.waiters = new Map();
    this.logs = [];
    this.conn.onNotification('textDocument/publishDiagnostics', (p) => {
      const w = this.waiters.get(p.uri);
      if (w && p.version === w.version) {
        this.waiters.delete(p.uri);
        w.resolve(p.diagnostics);
      }
    });
    this.conn.onNotification('window/logMessage', (p) => {
      if (/internal error|unhandled rejection/i.test(p.message)) this.logs.push(p.message.split('\n')[0]);
    });
    this.conn.onNotification('window/showMessage', () => undefined);
    this.conn.onNotification('$/progress', () => undefined);
    this.conn.onRequest('workspace/configuration', (p) => p.items.map(() => ({ diagnostics: { workspace: false }, ...(targets.length ? { targets } : {}) })));
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.onRequest('window/workDoneProgress/create', () => null);
    this.conn.onError(() => undefined);
    this.conn.listen();
  }

  async start() {
    const uri = pathToFileURL(this.folder).href;
    await this.conn.sendRequest('initialize', { processId: process.pid, rootUri: uri, workspaceFolders: [{ uri, name: 'sweep' }], capabilities: CAPABILITIES });
    await this.conn.sendNotification('initialized', {});
  }

  diagnostics(uri, version) {
    return new Promise((resolve) => this.waiters.set(uri, { version, resolve }));
  }

  async stop() {
    try {
      await Promise.race([this.conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      await this.conn.sendNotification('exit');
    } catch {
      // gone already
    }
    this.conn.dispose();
    if (this.proc.exitCode === null) this.proc.kill();
  }
}

let checkedRanges = 0;

/** Ranges outside the text, as LSP splits it into lines (CRLF, LF and CR end a line). */
function rangeChecker(text) {
  const lines = text.split(/\r\n|\r|\n/);
  const inside = (p) => p && Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0 && p.line < lines.length && p.character <= lines[p.line].length;
  const ordered = (r) => r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character);
  return (what, r) => {
    checkedRanges++;
    return r && (!inside(r.start) || !inside(r.end) || !ordered(r)) ? [`${what} ${JSON.stringify(r)}`] : [];
  };
}

/** Every range in a request's answer that belongs to `uri`. */
function answerRanges(method, answer, uri) {
  const out = [];
  const walk = (x, path) => {
    if (!x || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach((y, i) => walk(y, path));
    for (const [k, v] of Object.entries(x)) {
      if ((k === 'range' || k === 'selectionRange') && v && typeof v === 'object' && 'start' in v) out.push([`${method} ${path}${k}`, v]);
      else if (k === 'documentChanges' && Array.isArray(v)) {
        for (const c of v) if (c.textDocument?.uri === uri) walk(c.edits, `${path}edit.`);
      } else if (k === 'changes' && v && typeof v === 'object') walk(v[uri], `${path}edit.`);
      else if (k === 'relatedInformation' || k === 'data') continue;
      else if (k !== 'location') walk(v, path);
    }
  };
  walk(answer, '');
  return out;
}

async function sweepServer(folder) {
  const files = skillFiles(folder).slice(0, limit);
  const faults = [];
  const outside = [];
  const times = [];
  let server = new Server(folder);
  await server.start();
  let crashes = 0;
  let requests = 0;
  const memory = {};
  const stats = async () => server.conn.sendRequest('skillmd/serverStats', { gc: true });
  for (let n = 0; n < files.length; n++) {
    const file = files[n];
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const uri = pathToFileURL(file).href;
    const check = rangeChecker(text);
    const t0 = performance.now();
    const ask = async (method, params) => {
      requests++;
      try {
        return await server.conn.sendRequest(method, params);
      } catch (e) {
        faults.push(`${file}: ${method}: ${e.message}`);
        return undefined;
      }
    };
    try {
      const published = server.diagnostics(uri, 1);
      await server.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
      const diagnostics = await Promise.race([published, server.exited.then(() => undefined), new Promise((r) => setTimeout(() => r('timeout'), 60_000))]);
      if (diagnostics === 'timeout') faults.push(`${file}: no diagnostics within 60 s`);
      for (const d of Array.isArray(diagnostics) ? diagnostics : []) outside.push(...check(`diagnostic ${d.code}`, d.range).map((m) => `${file}: ${m}`));
      const symbols = (await ask('textDocument/documentSymbol', { textDocument: { uri } })) ?? [];
      const keys = symbols.find((s) => s.name === 'frontmatter')?.children ?? [];
      const fmEnd = symbols.find((s) => s.name === 'frontmatter')?.range.end;
      const positions = keys.map((k) => k.selectionRange.start);
      // On each key, and at the end of its entry (in its value).
      const hovers = [...positions, ...keys.map((k) => k.range.end)];
      const asks = [
        ...hovers.map((position) => ['textDocument/hover', { textDocument: { uri }, position }]),
        ...positions.map((position) => ['textDocument/completion', { textDocument: { uri }, position }]),
        ...(fmEnd ? [['textDocument/completion', { textDocument: { uri }, position: { line: Math.max(0, fmEnd.line), character: 0 } }]] : []),
        ['textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: text.split(/\r\n|\r|\n/).length, character: 0 } }, context: { diagnostics: Array.isArray(diagnostics) ? diagnostics : [] } }],
        ['textDocument/documentLink', { textDocument: { uri } }],
      ];
      const answers = await Promise.all(asks.map(([m, p]) => ask(m, p).then((a) => [m, a])));
      for (const [m, a] of [['textDocument/documentSymbol', symbols], ...answers]) {
        for (const [what, r] of answerRanges(m, a, uri)) outside.push(...check(what, r).map((x) => `${file}: ${x}`));
      }
      await server.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      if (n === Math.min(100, files.length - 1)) memory.warm = await stats();
    } catch (e) {
      faults.push(`${file}: ${e.message}`);
    }
    times.push([performance.now() - t0, file]);
    if (server.proc.exitCode !== null || server.proc.signalCode) {
      crashes++;
      faults.push(`${file}: the server died (${server.proc.exitCode ?? server.proc.signalCode}): ${server.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      server = new Server(folder);
      await server.start();
    }
  }
  memory.end = await stats().catch(() => undefined);
  for (const l of server.logs) faults.push(`server log: ${l}`);
  await server.stop();
  times.sort((a, b) => b[0] - a[0]);
  return { files: files.length, requests, crashes, faults, outside, slowest: times.slice(0, 10), memory };
}

// ------------------------------------------------------------------ report

let failed = false;
const mb = (b) => (b / 1024 / 1024).toFixed(1);
for (const folder of folders) {
  console.log(`\n== ${folder}`);
  if (!serverOnly) {
    const r = sweepCli(folder);
    console.log(`check: ${r.skills} skills, ${r.diagnostics} diagnostics, exit ${r.status}, ${r.seconds.toFixed(1)} s; internal errors: ${r.faults.length}`);
    for (const f of r.faults.slice(0, 20)) console.log(`  ${f}`);
    if (r.faults.length) failed = true;
  }
  if (!cliOnly) {
    const t0 = performance.now();
    const r = await sweepServer(folder);
    const seconds = (performance.now() - t0) / 1000;
    console.log(`server: ${r.files} files, ${r.requests} requests, ${seconds.toFixed(1)} s; internal errors: ${r.faults.length} (crashes: ${r.crashes}); ranges outside their document: ${r.outside.length} of ${checkedRanges}`);
    checkedRanges = 0;
    for (const f of r.faults.slice(0, 20)) console.log(`  ${f}`);
    for (const o of r.outside.slice(0, 20)) console.log(`  outside: ${o}`);
    console.log('  slowest:');
    for (const [ms, file] of r.slowest) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${file}`);
    if (r.memory.warm && r.memory.end) {
      const w = r.memory.warm;
      const e = r.memory.end;
      console.log(`  memory after GC, file 100 → last: RSS ${mb(w.rssBytes)} → ${mb(e.rssBytes)} MiB (${(((e.rssBytes - w.rssBytes) / w.rssBytes) * 100).toFixed(1)}%), heap ${mb(w.heapUsedBytes)} → ${mb(e.heapUsedBytes)} MiB`);
    }
    if (r.faults.length || r.outside.length) failed = true;
  }
}
process.exit(failed ? 1 : 0);

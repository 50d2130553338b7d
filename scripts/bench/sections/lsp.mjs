// Section "lsp": the language server over stdio (server/out/server.js), on a
// 1,000-skill corpus and on the bench corpus (default 10,000 skills):
//   - initial workspace index time (initialized -> skillmd/indexStatus ready), then the
//     time until the reference checks that follow it are done too, the server's CPU
//     time for both and its peak RSS (VmHWM from /proc), and hover latency meanwhile;
//   - diagnostics after an edit (didChange -> publishDiagnostics for that version,
//     debounce set to 0 so the number is the server's own work);
//   - completion and hover latency on an open SKILL.md;
//   - the initial index again with pulled diagnostics (as VS Code gets them; the main
//     session pushes them, as Neovim and Helix get them);
//   - the first index from the index cache (initializationOptions.storagePath): a cold
//     session writes it, the next sessions on the unchanged workspace read it;
//   - pathological documents (10 MB, 50,000 keys, one 1 MB line) opened, edited and
//     queried while a probe hovers a small skill back to back: the longest event-loop
//     block the server measured (skillmd/serverStats), and the probes' latency.
// Targets (issue 5): diagnostics p95 < 10 ms, completion/hover p95 < 20 ms,
// index of 10k < 3 s, peak RSS < 300 MB, never blocked > 200 ms; (issue 23) every
// diagnostic of 10k cold ≤ 4 s, warm from the index cache ≤ 1 s.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import rpc from 'vscode-jsonrpc/node.js';
import { ensureCorpus } from '../corpus.mjs';
import { fmtInt, fmtMiB, table, target } from '../report.mjs';

const SAMPLES = 200;

function pct(values, p) {
  if (!values.length) return undefined;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

/**
 * CPU seconds the server process has used (user + system, all its threads): steadier
 * than wall time on a shared machine, and what a laptop's battery pays.
 */
function cpuSeconds(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return undefined;
  }
}

/** LSP shutdown and exit; a server that does not exit within 500 ms is killed. */
async function stopServer(proc, conn) {
  await conn.sendRequest('shutdown').catch(() => undefined);
  await conn.sendNotification('exit').catch(() => undefined);
  conn.dispose();
  setTimeout(() => proc.exitCode === null && proc.kill(), 500).unref();
}

/**
 * The initial index: polls `skillmd/indexStatus` until ready and then until its
 * reference checks are done, calling `each` first on every round (e.g. a hover while
 * they run). Wall times from `initialized`; the server's CPU seconds at each point.
 */
async function waitForIndex(conn, pid, each = async () => {}, lastPublish = undefined) {
  const t0 = performance.now();
  await conn.sendNotification('initialized', {});
  let status;
  let indexWallMs;
  let indexCpuS;
  for (;;) {
    await each();
    status = await conn.sendRequest('skillmd/indexStatus');
    if (status.state === 'ready' && indexWallMs === undefined) {
      indexWallMs = performance.now() - t0;
      indexCpuS = cpuSeconds(pid);
    }
    if (status.state === 'ready' && status.references?.state !== 'checking') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  let referencesWallMs = performance.now() - t0;
  // Pushed diagnostics still arriving count too: a server's status may say done early
  // (skillmd's did, before 1eea93d). Until none came for QUIET_MS; the CPU then includes that wait's idle.
  if (lastPublish) {
    while (performance.now() - lastPublish() < QUIET_MS) await new Promise((r) => setTimeout(r, 20));
    referencesWallMs = Math.max(referencesWallMs, lastPublish() - t0);
  }
  return { status, indexWallMs, indexCpuS, referencesWallMs, referencesCpuS: cpuSeconds(pid) };
}

/** How long no pushed diagnostics must arrive before the index counts as published. */
const QUIET_MS = 300;

function peakRssKiB(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Every SKILL.md path of a corpus folder, from the generator's own listing when possible. */
function findSkill(dir) {
  const { readdirSync, statSync } = require_fs();
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const name of readdirSync(d)) {
      if (name === 'node_modules' || name === '.git') continue;
      const p = join(d, name);
      if (name === 'SKILL.md') {
        const text = readFileSync(p, 'utf8');
        if (/^---\n[\s\S]*?\ndescription: /.test(text) && text.split('\n', 3)[1].startsWith('name:')) return p;
      } else if (statSync(p).isDirectory()) stack.push(p);
    }
  }
  return undefined;
}
let fsMod;
function require_fs() {
  return fsMod;
}

let serverSeq = 0;

/**
 * The bundled server on `dir`, initialized (not yet `initialized`), debounce 0. Its log
 * (timings, worker threads started or lost) goes to `bench-out/lsp-server-<n>-<name>.log`.
 */
async function startServer(ctx, dir, name, onDiagnostics, { pull = false, server = join(ctx.root, 'server', 'out', 'server.js'), storagePath } = {}) {
  const proc = spawn(process.execPath, [server, '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  conn.onNotification('textDocument/publishDiagnostics', onDiagnostics);
  const logFile = join(ctx.outDir, `lsp-server-${++serverSeq}-${name}.log`);
  const t0 = performance.now();
  writeFileSync(logFile, '');
  conn.onNotification('window/logMessage', (p) => appendFileSync(logFile, `${Math.round(performance.now() - t0)} ms: ${p.message}\n`));
  conn.onRequest('workspace/configuration', (p) => p.items.map(() => ({ diagnostics: { debounceMs: 0 } })));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.listen();
  const rootUri = pathToFileURL(dir).href;
  await conn.sendRequest('initialize', {
    processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name }],
    capabilities: {
      workspace: { configuration: true, ...(pull ? { diagnostics: { refreshSupport: true } } : {}) },
      textDocument: { completion: { completionItem: { snippetSupport: true } }, documentSymbol: { hierarchicalDocumentSymbolSupport: true }, ...(pull ? { diagnostic: {} } : {}) },
    },
    initializationOptions: { settings: { diagnostics: { debounceMs: 0 } }, ...(storagePath ? { storagePath } : {}) },
  });
  return { proc, conn };
}

async function session(ctx, dir, label) {
  const published = new Map();
  const waiters = [];
  let lastPublish = 0;
  const { proc, conn } = await startServer(ctx, dir, 'bench', (p) => {
    lastPublish = performance.now();
    published.set(p.uri, p);
    for (const w of waiters.splice(0)) w();
  });
  const skill = findSkill(dir);
  if (!skill) throw new Error(`no SKILL.md with name and description under ${dir}`);
  const uri = pathToFileURL(skill).href;
  const text = readFileSync(skill, 'utf8');
  const descLine = text.split('\n').findIndex((l) => l.startsWith('description:'));

  // ---- index, with hovers while it runs (and the server's own event-loop delay)
  await conn.sendRequest('skillmd/serverStats', { reset: true });
  const hoverDuringIndex = [];
  let opened = false;
  const { status, indexWallMs, indexCpuS, referencesWallMs, referencesCpuS } = await waitForIndex(conn, proc.pid, async () => {
    if (!opened) {
      opened = true;
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
    }
    const h0 = performance.now();
    await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: descLine, character: 2 } });
    hoverDuringIndex.push(performance.now() - h0);
  }, () => lastPublish);
  const rssAfterIndex = peakRssKiB(proc.pid);
  const indexBlockMs = (await conn.sendRequest('skillmd/serverStats', {})).eventLoop.maxMs;
  ctx.log(`  ${label}: ${fmtInt(status.total)} skills indexed in ${Math.round(indexWallMs)} ms (server: ${status.durationMs} ms, ${indexCpuS?.toFixed(2) ?? '?'} CPU-s), references checked at ${Math.round(referencesWallMs)} ms (${referencesCpuS?.toFixed(2) ?? '?'} CPU-s), longest event-loop block ${Math.round(indexBlockMs)} ms`);

  // ---- diagnostics after an edit
  const lines = text.split('\n');
  const nameLen = lines[1].length;
  const diag = [];
  let version = 1;
  for (let i = 0; i < SAMPLES + 10; i++) {
    version++;
    const newText = i % 2 ? 'name: Bench_Name' : 'name: bench-name';
    const want = version;
    const got = new Promise((resolve) => {
      const check = () => (published.get(uri)?.version === want ? resolve() : waiters.push(check));
      check();
    });
    const e0 = performance.now();
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: i === 0 ? nameLen : 16 } }, text: newText }],
    });
    await got;
    if (i >= 10) diag.push(performance.now() - e0);
  }

  // ---- completion and hover
  const completion = [];
  const hover = [];
  for (let i = 0; i < SAMPLES + 10; i++) {
    const c0 = performance.now();
    await conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: 0 } });
    const c1 = performance.now();
    await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: descLine, character: 2 } });
    const c2 = performance.now();
    if (i >= 10) {
      completion.push(c1 - c0);
      hover.push(c2 - c1);
    }
  }
  const rss = peakRssKiB(proc.pid);
  await stopServer(proc, conn);
  const stat = (v) => ({ p50: pct(v, 50), p95: pct(v, 95), max: Math.max(...v) });
  return {
    label, skills: status.total, indexWallMs, indexServerMs: status.durationMs, indexCpuS, referencesWallMs, referencesCpuS, indexBlockMs,
    peakRssKiB: rss ?? rssAfterIndex, hoverDuringIndex: stat(hoverDuringIndex),
    diagnostics: stat(diag), completion: stat(completion), hover: stat(hover),
  };
}

/**
 * The initial index alone, with the client pulling diagnostics as VS Code does (the
 * main session pushes them, as Neovim and Helix get them): wall time and peak RSS.
 */
async function pullIndex(ctx, dir) {
  const { proc, conn } = await startServer(ctx, dir, 'bench-pull', () => {}, { pull: true });
  const { status, indexWallMs, indexCpuS, referencesWallMs, referencesCpuS } = await waitForIndex(conn, proc.pid);
  const rss = peakRssKiB(proc.pid);
  await stopServer(proc, conn);
  ctx.log(`  pull: ${fmtInt(status.total)} skills indexed in ${Math.round(indexWallMs)} ms (diagnostic mode ${status.diagnosticMode}, ${indexCpuS?.toFixed(2) ?? '?'} CPU-s), references checked at ${Math.round(referencesWallMs)} ms (${referencesCpuS?.toFixed(2) ?? '?'} CPU-s)`);
  return { indexWallMs, peakRssKiB: rss, mode: status.diagnosticMode, indexCpuS, referencesWallMs, referencesCpuS };
}

/**
 * --base-server: this build's first index against another's (e.g. an older commit's
 * server/out/server.js), alternating, `runs` rounds, both diagnostic modes: the medians
 * of "ready" and "references checked" (every diagnostic), wall and CPU.
 */
async function againstBase(ctx, dir, base) {
  const builds = [['this', join(ctx.root, 'server', 'out', 'server.js')], ['base', base]];
  const times = { this: { push: [], pull: [] }, base: { push: [], pull: [] } };
  for (let round = 0; round < ctx.runs; round++) {
    for (const pull of [false, true]) {
      for (const [label, server] of round % 2 ? [...builds].reverse() : builds) {
        let last = 0;
        const { proc, conn } = await startServer(ctx, dir, `${label}-${pull ? 'pull' : 'push'}`, () => (last = performance.now()), { pull, server });
        const r = await waitForIndex(conn, proc.pid, undefined, pull ? undefined : () => last);
        await stopServer(proc, conn);
        times[label][pull ? 'pull' : 'push'].push(r);
        ctx.log(`  ${label} ${pull ? 'pull' : 'push'}: ready ${Math.round(r.indexWallMs)} ms, every diagnostic ${Math.round(r.referencesWallMs)} ms (${r.referencesCpuS?.toFixed(2) ?? '?'} CPU-s)`);
      }
    }
  }
  const med = (v) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];
  const out = {};
  for (const label of ['this', 'base']) {
    for (const mode of ['push', 'pull']) {
      const rs = times[label][mode];
      out[`${label}-${mode}`] = { readyMs: med(rs.map((r) => r.indexWallMs)), allMs: med(rs.map((r) => r.referencesWallMs)), cpuS: med(rs.map((r) => r.referencesCpuS ?? NaN)) };
    }
  }
  return out;
}

/**
 * The first index from the index cache (issue 23): a cold session with a storage path
 * (as VS Code gives its workspace storage) writes the cache once its reference checks
 * are done; warm sessions on the unchanged workspace then read it, pushing diagnostics
 * and pulling them (VS Code). The second session lists every folder once more to keep
 * its stamp (docs/cache.md) and writes the file again: measured apart, the sessions
 * after it are the warm ones. Times from `initialized` to every diagnostic.
 */
async function warmIndex(ctx, dir) {
  const storagePath = mkdtempSync(join(tmpdir(), 'skillmd-bench-storage-'));
  const cacheFile = join(storagePath, 'index.cache');
  const out = {};
  try {
    for (const [label, pull] of [['cold', false], ['second', true], ['warm-push', false], ['warm-pull', true]]) {
      let last = 0;
      const { proc, conn } = await startServer(ctx, dir, `bench-${label}`, () => (last = performance.now()), { pull, storagePath });
      await conn.sendRequest('skillmd/serverStats', { reset: true });
      const r = await waitForIndex(conn, proc.pid, undefined, pull ? undefined : () => last);
      // The cold session writes the cache after its reference checks: wait for the file.
      for (let i = 0; label === 'cold' && !existsSync(cacheFile) && i < 600; i++) await new Promise((res) => setTimeout(res, 50));
      // The longest the event loop was held meanwhile (reading the file, writing it).
      const blockMs = (await conn.sendRequest('skillmd/serverStats', {})).eventLoop.maxMs;
      await stopServer(proc, conn);
      out[label] = { readyMs: r.indexWallMs, allMs: r.referencesWallMs, cpuS: r.referencesCpuS, skills: r.status.total, blockMs };
      ctx.log(`  index cache, ${label}: ready ${Math.round(r.indexWallMs)} ms, every diagnostic ${Math.round(r.referencesWallMs)} ms (${r.referencesCpuS?.toFixed(2) ?? '?'} CPU-s), longest event-loop block ${Math.round(blockMs)} ms`);
    }
  } finally {
    rmSync(storagePath, { recursive: true, force: true });
  }
  return out;
}

/** The pathological documents of issue 5, each in its own skill folder. */
function pathologicalDocs() {
  const head = (name) => `---\nname: ${name}\ndescription: ${name} document. Use when measuring how long the server blocks.\n---\n`;
  let keys = '---\nname: keys\ndescription: keys document. Use when measuring how long the server blocks.\n';
  for (let i = 0; i < 50_000; i++) keys += `k${i}: v${i}\n`;
  return {
    big: head('big') + 'Some body text with [a link](references/guide.md) and `scripts/run.py`.\n'.repeat(140_000),
    keys: keys + '---\n# Body\n',
    line: head('line') + 'x'.repeat(1024 * 1024) + '\n',
  };
}

async function pathological(ctx) {
  const root = mkdtempSync(join(tmpdir(), 'skillmd-bench-patho-'));
  const docs = pathologicalDocs();
  const small = '---\nname: small\ndescription: A small skill. Use when probing the server between heavy requests.\n---\n# Small\n';
  for (const [name, text] of Object.entries({ ...docs, small })) {
    mkdirSync(join(root, name), { recursive: true });
    writeFileSync(join(root, name, 'SKILL.md'), text);
  }
  const { proc, conn } = await startServer(ctx, root, 'patho', () => {});
  await conn.sendNotification('initialized', {});
  const uriOf = (name) => pathToFileURL(join(root, name, 'SKILL.md')).href;
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf('small'), languageId: 'markdown', version: 1, text: small } });
  // The index and its reference checks: what is measured below is the documents' own cost.
  for (;;) {
    const st = await conn.sendRequest('skillmd/indexStatus');
    if (st.state === 'ready' && st.references?.state !== 'checking') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  // Warm up the probe (first hover loads the tokenizer).
  const probeHover = () => conn.sendRequest('textDocument/hover', { textDocument: { uri: uriOf('small') }, position: { line: 2, character: 2 } });
  await probeHover();
  // The server's own event-loop delay monitor: the probe's latency also counts moving
  // 10 MB through the pipe, which does not block the server.
  await conn.sendRequest('skillmd/serverStats', { reset: true });
  await new Promise((r) => setTimeout(r, 50));
  await conn.sendRequest('skillmd/serverStats', { reset: true });

  const probes = [];
  const probeStarts = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t0 = performance.now();
      await probeHover();
      probes.push(performance.now() - t0);
      probeStarts.push(t0);
    }
  })();
  const ops = [];
  const timed = async (label, fn) => {
    const t0 = performance.now();
    await fn();
    ops.push([label, performance.now() - t0, t0]);
  };
  for (const [name, text] of Object.entries(docs)) {
    const uri = uriOf(name);
    const lastLine = text.split('\n').length - 2;
    const td = { uri };
    await timed(`${name}: open`, () => conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } }));
    for (let v = 2; v < 6; v++) {
      await timed(`${name}: edit`, () => conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 6 } }, text: 'x' }] }));
      await new Promise((r) => setTimeout(r, 30));
    }
    await timed(`${name}: pull diagnostics`, () => conn.sendRequest('textDocument/diagnostic', { textDocument: td }).catch(() => undefined));
    await timed(`${name}: hover`, () => conn.sendRequest('textDocument/hover', { textDocument: td, position: { line: 2, character: 3 } }));
    await timed(`${name}: completion`, () => conn.sendRequest('textDocument/completion', { textDocument: td, position: { line: 3, character: 0 } }));
    await timed(`${name}: symbols`, () => conn.sendRequest('textDocument/documentSymbol', { textDocument: td }));
    await timed(`${name}: folding`, () => conn.sendRequest('textDocument/foldingRange', { textDocument: td }));
    await timed(`${name}: links`, () => conn.sendRequest('textDocument/documentLink', { textDocument: td }));
    await timed(`${name}: code actions`, () => conn.sendRequest('textDocument/codeAction', { textDocument: td, range: { start: { line: lastLine, character: 0 }, end: { line: lastLine, character: 0 } }, context: { diagnostics: [] } }));
    await timed(`${name}: close`, () => conn.sendNotification('textDocument/didClose', { textDocument: td }));
    await new Promise((r) => setTimeout(r, 50));
  }
  running = false;
  await probe;
  const stats = await conn.sendRequest('skillmd/serverStats', {});
  await stopServer(proc, conn);
  rmSync(root, { recursive: true, force: true });
  // The operation during which the slowest probe was sent: what blocked the server.
  const worst = probes.indexOf(Math.max(...probes));
  const during = ops.filter(([, d, t0]) => t0 <= probeStarts[worst] + probes[worst] && t0 + d >= probeStarts[worst]).map(([l]) => l);
  const before = ops.filter(([, , t0]) => t0 <= probeStarts[worst]).map(([l]) => l).pop();
  return {
    blockMs: stats.eventLoop.maxMs, probes: probes.length, maxProbeMs: probes[worst], p95ProbeMs: pct(probes, 95), worstDuring: during.length ? during : [before],
    slowestOps: ops.sort((a, b) => b[1] - a[1]).slice(0, 5).map(([l, d]) => [l, d]),
  };
}

export default {
  name: 'lsp',
  description: 'language server over stdio: index time, peak RSS, diagnostics/completion/hover latency (1k and corpus)',
  options: {
    'base-server': { type: 'string', help: 'another build\'s server/out/server.js: first index against it, alternating (section lsp)' },
  },
  async run(ctx) {
    fsMod = await import('node:fs');
    const server = join(ctx.root, 'server', 'out', 'server.js');
    if (!existsSync(server)) {
      ctx.print('server/out/server.js missing; run `npm run build`');
      return { failed: ['server not built'] };
    }
    const main = await ctx.corpus();
    const sizes = [];
    if (main.source === 'generated' && main.skills > 1000) {
      const small = ensureCorpus({ outDir: ctx.outDir, skills: 1000, seed: Number(ctx.args.seed ?? 1), log: ctx.log });
      sizes.push([small.dir, '1k']);
    }
    sizes.push([main.dir, !main.skills ? 'folder' : main.skills >= 1000 ? `${Math.round(main.skills / 1000)}k` : String(main.skills)]);
    const results = [];
    for (const [dir, label] of sizes) results.push(await session(ctx, dir, label));
    const pull = await pullIndex(ctx, sizes[sizes.length - 1][0]);
    const warm = await warmIndex(ctx, sizes[sizes.length - 1][0]);
    const base = ctx.args['base-server'] ? await againstBase(ctx, sizes[sizes.length - 1][0], resolve(ctx.args['base-server'])) : undefined;
    ctx.log('  pathological documents (10 MB, 50,000 keys, one 1 MB line)');
    const patho = await pathological(ctx);

    const ms = (x) => (x === undefined ? '?' : `${x.toFixed(1)} ms`);
    ctx.print('');
    ctx.print(table([
      ['corpus', 'skills', 'index', 'index CPU', 'references checked', 'CPU by then', 'peak RSS', 'diag p50/p95', 'completion p50/p95', 'hover p50/p95', 'hover while indexing p95/max', 'longest block while indexing'],
      ...results.map((r) => [r.label, fmtInt(r.skills), `${(r.indexWallMs / 1000).toFixed(2)} s`, r.indexCpuS === undefined ? '?' : `${r.indexCpuS.toFixed(2)} s`,
        `${(r.referencesWallMs / 1000).toFixed(2)} s`, r.referencesCpuS === undefined ? '?' : `${r.referencesCpuS.toFixed(2)} s`, fmtMiB(r.peakRssKiB),
        `${ms(r.diagnostics.p50)} / ${ms(r.diagnostics.p95)}`, `${ms(r.completion.p50)} / ${ms(r.completion.p95)}`,
        `${ms(r.hover.p50)} / ${ms(r.hover.p95)}`, `${ms(r.hoverDuringIndex.p95)} / ${ms(r.hoverDuringIndex.max)}`, ms(r.indexBlockMs)]),
    ]));
    ctx.print('');
    ctx.print(`initial index of ${results[results.length - 1].label} with pulled diagnostics (VS Code): ${(pull.indexWallMs / 1000).toFixed(2)} s (${pull.indexCpuS?.toFixed(2) ?? '?'} CPU-s), references checked at ${(pull.referencesWallMs / 1000).toFixed(2)} s (${pull.referencesCpuS?.toFixed(2) ?? '?'} CPU-s), peak RSS ${fmtMiB(pull.peakRssKiB)}; the table's index pushes them (Neovim, Helix).`);
    ctx.print('The index is ready when every skill is found and checked by the document rules; "references checked" is when the reference checks that follow it have completed every skill\'s diagnostics. Hovers while indexing cover both.');
    ctx.print(`pathological documents: longest event-loop block ${ms(patho.blockMs)}; ${patho.probes} probe hovers, p95 ${ms(patho.p95ProbeMs)}, slowest ${ms(patho.maxProbeMs)} (during ${patho.worstDuring.join(', ')}); slowest requests: ${patho.slowestOps.map(([l, t]) => `${l} ${ms(t)}`).join(', ')}`);
    const big = results[results.length - 1];
    const worst = (k) => Math.max(...results.map((r) => r[k].p95));
    const rssMiB = Math.max(pull.peakRssKiB ?? 0, ...results.map((r) => r.peakRssKiB ?? 0)) / 1024;
    const targets = [
      target('diagnostics after edit p95', worst('diagnostics'), '< 10 ms', worst('diagnostics') < 10),
      target('completion p95', worst('completion'), '< 20 ms', worst('completion') < 20),
      target('hover p95', worst('hover'), '< 20 ms', worst('hover') < 20),
      target(`initial index (${big.label}, push)`, big.indexWallMs / 1000, '< 3 s', big.skills < 10000 || big.indexWallMs < 3000,
        big.skills < 10000 ? 'corpus smaller than 10k' : undefined),
      target('server peak RSS', rssMiB, '< 300 MiB', rssMiB < 300),
      target('longest block (pathological documents)', patho.blockMs, '≤ 200 ms', patho.blockMs <= 200),
      target(`initial index (${big.label}, pull)`, pull.indexWallMs / 1000, '< 3 s', big.skills < 10000 || pull.indexWallMs < 3000,
        big.skills < 10000 ? 'corpus smaller than 10k' : undefined),
    ];
    ctx.print('');
    ctx.print(`index cache (initializationOptions.storagePath) on ${big.label}: cold session every diagnostic ${(warm.cold.allMs / 1000).toFixed(2)} s (longest event-loop block ${Math.round(warm.cold.blockMs)} ms, ${Math.round(warm['warm-pull'].blockMs)} ms warm); unchanged workspace, second session ${(warm.second.allMs / 1000).toFixed(2)} s pulled; later sessions: ready ${(warm['warm-push'].readyMs / 1000).toFixed(2)} s, every diagnostic ${(warm['warm-push'].allMs / 1000).toFixed(2)} s pushed (${warm['warm-push'].cpuS?.toFixed(2) ?? '?'} CPU-s), ${(warm['warm-pull'].allMs / 1000).toFixed(2)} s pulled`);
    const bigEnough = big.skills >= 10000;
    targets.push({ ...target(`every diagnostic, cold (${big.label}, push)`, big.referencesWallMs / 1000, '≤ 4 s', !bigEnough || big.referencesWallMs <= 4000, bigEnough ? undefined : 'corpus smaller than 10k'), display: `${(big.referencesWallMs / 1000).toFixed(2)} s` });
    for (const mode of ['push', 'pull']) {
      const v = warm[`warm-${mode}`].allMs / 1000;
      targets.push({ ...target(`every diagnostic, warm from the index cache (${big.label}, ${mode})`, v, '≤ 1 s', !bigEnough || v <= 1, bigEnough ? undefined : 'corpus smaller than 10k'), display: `${v.toFixed(2)} s` });
    }
    if (base) {
      ctx.print('');
      ctx.print(`first index against --base-server (${ctx.runs} alternating rounds, medians):`);
      ctx.print(table([['build', 'mode', 'ready', 'every diagnostic', 'CPU by then'],
        ...Object.entries(base).map(([k, v]) => [...k.split('-'), `${(v.readyMs / 1000).toFixed(2)} s`, `${(v.allMs / 1000).toFixed(2)} s`, `${v.cpuS.toFixed(2)} s`])]));
      for (const mode of ['push', 'pull']) {
        const ratio = base[`base-${mode}`].allMs / base[`this-${mode}`].allMs;
        targets.push({ ...target(`every diagnostic (${mode}), base / this`, ratio, '≥ 1×', ratio >= 1), display: `${ratio.toFixed(2)}×` });
      }
    }
    targets[0].display = ms(targets[0].value);
    targets[1].display = ms(targets[1].value);
    targets[2].display = ms(targets[2].value);
    targets[3].display = `${targets[3].value.toFixed(2)} s`;
    targets[4].display = fmtMiB(rssMiB * 1024);
    targets[5].display = ms(targets[5].value);
    targets[6].display = `${targets[6].value.toFixed(2)} s`;
    ctx.print('');
    ctx.print(table([['target', 'value', 'goal', 'result'], ...targets.map((t) => [t.label, t.display, t.goal, t.pass ? 'PASS' : 'MISS'])]));
    return { results, pullIndex: pull, indexCache: warm, pathological: patho, targets: targets.map(({ label, value, goal, pass }) => ({ label, value, goal, pass })) };
  },
};

// Section "lsp": the language server over stdio (server/out/server.js), on a
// 1,000-skill corpus and on the bench corpus (default 10,000 skills):
//   - initial workspace index time (initialized -> skillmd/indexStatus ready) and the
//     server's peak RSS (VmHWM from /proc), and hover latency while it indexes;
//   - diagnostics after an edit (didChange -> publishDiagnostics for that version,
//     debounce set to 0 so the number is the server's own work);
//   - completion and hover latency on an open SKILL.md.
// Targets (issue 5): diagnostics p95 < 10 ms, completion/hover p95 < 20 ms,
// index of 10k < 3 s, peak RSS < 300 MB.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

async function session(ctx, dir, label) {
  const server = join(ctx.root, 'server', 'out', 'server.js');
  const proc = spawn(process.execPath, [server, '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const published = new Map();
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    published.set(p.uri, p);
    for (const w of waiters.splice(0)) w();
  });
  conn.onRequest('workspace/configuration', (p) => p.items.map(() => ({ diagnostics: { debounceMs: 0 } })));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.listen();
  const rootUri = pathToFileURL(dir).href;
  await conn.sendRequest('initialize', {
    processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'bench' }],
    capabilities: { workspace: { configuration: true }, textDocument: { completion: { completionItem: { snippetSupport: true } } } },
    initializationOptions: { settings: { diagnostics: { debounceMs: 0 } } },
  });
  const skill = findSkill(dir);
  if (!skill) throw new Error(`no SKILL.md with name and description under ${dir}`);
  const uri = pathToFileURL(skill).href;
  const text = readFileSync(skill, 'utf8');
  const descLine = text.split('\n').findIndex((l) => l.startsWith('description:'));

  // ---- index, with hovers while it runs
  const t0 = performance.now();
  await conn.sendNotification('initialized', {});
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
  const hoverDuringIndex = [];
  let status;
  for (;;) {
    const h0 = performance.now();
    await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: descLine, character: 2 } });
    hoverDuringIndex.push(performance.now() - h0);
    status = await conn.sendRequest('skillmd/indexStatus');
    if (status.state === 'ready') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const indexWallMs = performance.now() - t0;
  const rssAfterIndex = peakRssKiB(proc.pid);
  ctx.log(`  ${label}: ${fmtInt(status.total)} skills indexed in ${Math.round(indexWallMs)} ms (server: ${status.durationMs} ms)`);

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
  await conn.sendRequest('shutdown').catch(() => undefined);
  await conn.sendNotification('exit').catch(() => undefined);
  conn.dispose();
  setTimeout(() => proc.exitCode === null && proc.kill(), 500).unref();
  const stat = (v) => ({ p50: pct(v, 50), p95: pct(v, 95), max: Math.max(...v) });
  return {
    label, skills: status.total, indexWallMs, indexServerMs: status.durationMs,
    peakRssKiB: rss ?? rssAfterIndex, hoverDuringIndex: stat(hoverDuringIndex),
    diagnostics: stat(diag), completion: stat(completion), hover: stat(hover),
  };
}

export default {
  name: 'lsp',
  description: 'language server over stdio: index time, peak RSS, diagnostics/completion/hover latency (1k and corpus)',
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
    sizes.push([main.dir, main.skills ? `${Math.round(main.skills / 1000)}k` : 'folder']);
    const results = [];
    for (const [dir, label] of sizes) results.push(await session(ctx, dir, label));

    const ms = (x) => (x === undefined ? '?' : `${x.toFixed(1)} ms`);
    ctx.print('');
    ctx.print(table([
      ['corpus', 'skills', 'index', 'peak RSS', 'diag p50/p95', 'completion p50/p95', 'hover p50/p95', 'hover while indexing p95/max'],
      ...results.map((r) => [r.label, fmtInt(r.skills), `${(r.indexWallMs / 1000).toFixed(2)} s`, fmtMiB(r.peakRssKiB),
        `${ms(r.diagnostics.p50)} / ${ms(r.diagnostics.p95)}`, `${ms(r.completion.p50)} / ${ms(r.completion.p95)}`,
        `${ms(r.hover.p50)} / ${ms(r.hover.p95)}`, `${ms(r.hoverDuringIndex.p95)} / ${ms(r.hoverDuringIndex.max)}`]),
    ]));
    const big = results[results.length - 1];
    const worst = (k) => Math.max(...results.map((r) => r[k].p95));
    const rssMiB = Math.max(...results.map((r) => r.peakRssKiB ?? 0)) / 1024;
    const targets = [
      target('diagnostics after edit p95', worst('diagnostics'), '< 10 ms', worst('diagnostics') < 10),
      target('completion p95', worst('completion'), '< 20 ms', worst('completion') < 20),
      target('hover p95', worst('hover'), '< 20 ms', worst('hover') < 20),
      target(`initial index (${big.label})`, big.indexWallMs / 1000, '< 3 s', big.skills < 10000 || big.indexWallMs < 3000,
        big.skills < 10000 ? 'corpus smaller than 10k' : undefined),
      target('server peak RSS', rssMiB, '< 300 MiB', rssMiB < 300),
    ];
    targets[0].display = ms(targets[0].value);
    targets[1].display = ms(targets[1].value);
    targets[2].display = ms(targets[2].value);
    targets[3].display = `${targets[3].value.toFixed(2)} s`;
    targets[4].display = fmtMiB(rssMiB * 1024);
    ctx.print('');
    ctx.print(table([['target', 'value', 'goal', 'result'], ...targets.map((t) => [t.label, t.display, t.goal, t.pass ? 'PASS' : 'MISS'])]));
    return { results, targets: targets.map(({ label, value, goal, pass }) => ({ label, value, goal, pass })) };
  },
};

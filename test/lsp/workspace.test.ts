// Configuration (editor settings + .skillmd.json with live reload), size limits for
// pathological documents, and edits arriving while the workspace index runs.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cancellable, makeWorkspace, r, removeWorkspace, serverJs, startServer, uriOf, type Diag, type TestClient } from './client';

/** Skills s0…s(n-1) under skills/, each with `body` (line 6) and the same extra files. */
function numberedSkills(n: number, body: string, extra: Record<string, string> = {}): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    files[`skills/s${i}/SKILL.md`] = `---\nname: s${i}\ndescription: Skill ${i}. Use when the user asks for skill number ${i}.\n---\n# S${i}\n\n${body}\n`;
    for (const [rel, text] of Object.entries(extra)) files[`skills/s${i}/${rel}`] = text;
  }
  return files;
}

/** Skills whose names are not their folders' (a document rule's error), each with a missing reference. */
function misnamedSkills(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) files[`skills/s${i}/SKILL.md`] = `---\nname: t${i}\ndescription: Skill ${i}. Use when the user asks for skill number ${i}.\n---\n# S${i}\n\nSee [this](references/gone.md).\n`;
  return files;
}

const brief = (d: Diag[]) => d.map((x) => [x.code, x.severity, x.range]);
const SKILL = '---\nname: demo\ndescription: Demo.\nmodel: sonnet\n---\n';

describe('configuration', () => {
  let root: string;
  let c: TestClient;
  let uri: string;
  before(async () => {
    root = makeWorkspace({ 'demo/SKILL.md': SKILL });
    c = await startServer({ root, mode: 'push', settings: { rules: { 'description-quality': 'off' } } });
    uri = await c.open(join(root, 'demo/SKILL.md'), SKILL);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('editor settings: per-rule severities from workspace/configuration', async () => {
    assert.deepEqual(brief(await c.diagnosticsFor(uri, (p) => p.version === 1)), [['unknown-field', 1, r(3, 0, 3, 5)]]);
  });

  test('editor settings change: targets and severities re-check open documents', async () => {
    c.settings = { targets: ['claude-code'], rules: { 'description-quality': 'hint' } };
    await c.notify('workspace/didChangeConfiguration', { settings: null });
    assert.deepEqual(brief(await c.diagnosticsFor(uri, (p) => p.diagnostics.some((d) => d.code === 'description-quality' && d.severity === 4))), [['description-quality', 4, r(2, 13, 2, 18)]]);
  });

  test('.skillmd.json wins over the editor and reloads when it changes', async () => {
    writeFileSync(join(root, '.skillmd.json'), JSON.stringify({ targets: ['agentskills'], rules: { 'unknown-field': 'info', 'description-quality': 'off' } }));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(join(root, '.skillmd.json')), type: 1 }] });
    assert.deepEqual(brief(await c.diagnosticsFor(uri, (p) => p.diagnostics.some((d) => d.code === 'unknown-field' && d.severity === 3))), [['unknown-field', 3, r(3, 0, 3, 5)]]);
    assert.ok(c.registrations.some((x) => (x as { method: string }).method === 'workspace/didChangeWatchedFiles'), 'the server watches .skillmd.json and SKILL.md');
  });
});

describe('pathological documents', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'big/SKILL.md': SKILL, 'keys/SKILL.md': SKILL, 'line/SKILL.md': SKILL, 'ok/SKILL.md': SKILL });
    c = await startServer({ root, mode: 'push' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('10 MB, 50,000 keys, a 1 MB line: bounded checks that say so; the server keeps answering', async () => {
    type Stats = { rssBytes: number; heapUsedBytes: number; eventLoop: { maxMs: number; p99Ms: number } };
    // The first call starts the event-loop monitor: nothing measured yet.
    assert.deepEqual((await c.request<Stats>('skillmd/serverStats', { reset: true })).eventLoop, { maxMs: 0, p99Ms: 0 });
    const head = '---\nname: big\ndescription: Big. Use when testing limits.\n---\n';
    const big = await c.open(join(root, 'big/SKILL.md'), head + 'Some body text here with words.\n'.repeat(330_000));
    let keys = '---\nname: keys\ndescription: Keys. Use when testing limits.\n';
    for (let i = 0; i < 50_000; i++) keys += `k${i}: v${i}\n`;
    const many = await c.open(join(root, 'keys/SKILL.md'), keys + '---\nbody\n');
    const line = await c.open(join(root, 'line/SKILL.md'), '---\nname: line\ndescription: Line. Use when testing limits.\n---\n' + 'x'.repeat(1024 * 1024) + '\n');
    const ok = await c.open(join(root, 'ok/SKILL.md'), SKILL);
    const hover = await c.request<{ range: Diag['range'] }>('textDocument/hover', { textDocument: { uri: ok }, position: { line: 1, character: 1 } });
    assert.deepEqual(hover.range, r(1, 0, 1, 4));
    assert.deepEqual((await c.diagnosticsFor(big)).map((d) => [d.code, d.severity, d.message]), [
      ['file-too-large', 1, 'The skill file is 10.1 MiB, over the 5.0 MiB skillmd reads; agents would load all of it into context.'],
    ]);
    assert.deepEqual((await c.diagnosticsFor(many)).map((d) => [d.code, d.severity, d.message]), [
      ['editor-limit', 2, 'The frontmatter is 710.8 KiB; the editor does not check frontmatter over 1,000 lines or 128.0 KiB. Run `skillmd check` on it.'],
    ]);
    // One 1 MB line: over the full-check size, so only the frontmatter is checked.
    assert.deepEqual((await c.diagnosticsFor(line)).map((d) => [d.code, d.severity, d.message]), [
      ['editor-limit', 3, 'This SKILL.md is 1.0 MiB; over 1.0 MiB the editor checks only the frontmatter. Run `skillmd check` for the body.'],
    ]);
    assert.deepEqual(await c.request('textDocument/documentSymbol', { textDocument: { uri: many } }), []);
    // Parsing a 10 MB message alone holds the thread for tens of ms: the monitor saw it.
    const stats = await c.request<Stats>('skillmd/serverStats', {});
    assert.ok(stats.eventLoop.maxMs > 0 && stats.eventLoop.maxMs >= stats.eventLoop.p99Ms, JSON.stringify(stats));
    assert.ok(stats.heapUsedBytes > 10 * 2 ** 20 && stats.rssBytes > stats.heapUsedBytes, JSON.stringify(stats));
  });
});

describe('workspace index', () => {
  let root: string;
  let c: TestClient;
  const N = 3000;
  before(async () => {
    // Each skill has one good and one broken reference: whichever thread checks a
    // skill, every one must get the same result.
    root = makeWorkspace(numberedSkills(N, 'See [the guide](references/guide.md) and [this](references/gone.md).', { 'references/guide.md': '# Guide\n' }));
    c = await startServer({ root, mode: 'pull' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('an edit arriving while the index runs is answered at once, and the index skips the open file', async () => {
    const file = join(root, 'skills/s7/SKILL.md');
    const uri = await c.open(file, '---\nname: s7\ndescription: Skill 7. Use when the user asks for skill number 7.\n---\n\nSee [the guide](references/guide.md).\n');
    const v = await c.change(uri, [{ range: r(1, 0, 1, 8), text: 'name: S7' }]);
    const status = await c.request<{ state: string; done: number; total: number }>('skillmd/indexStatus');
    const rep = await c.request<{ kind: string; items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual(rep.items.map((d) => d.code), ['name-format', 'name-folder-mismatch']);
    assert.equal(v, 2);
    // The pull answered while the scan had not finished (it takes longer than one edit).
    assert.equal(status.state === 'indexing' || status.done < N, true, `index state ${JSON.stringify(status)}`);
    const done = await c.waitForIndex(60_000);
    assert.equal(done.total, N);
    const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    assert.equal(ws.items.length, N - 1, 'every skill but the open one');
    assert.equal(ws.items.some((i) => i.uri === uri), false);
    const results = new Set(ws.items.map((i) => JSON.stringify((i.items ?? []).map((d) => [d.code, d.range.start.line, d.range.start.character]))));
    assert.deepEqual([...results], [JSON.stringify([['reference-missing', 6, 48]])]);
  });

  test('a pending document pull is cancelled when the client cancels it', async () => {
    const uri = uriOf(join(root, 'skills/s7/SKILL.md'));
    await c.change(uri, [{ range: r(1, 0, 1, 8), text: 'name: s7' }]);
    const src = cancellable();
    const p = c.request('textDocument/diagnostic', { textDocument: { uri } }, src.token);
    src.cancel();
    await assert.rejects(p, (e: { code?: number }) => e.code === -32800);
  });
});

describe('workspace index, then its reference checks', () => {
  let root: string;
  let c: TestClient;
  const N = 1500;
  before(async () => {
    root = makeWorkspace(misnamedSkills(N));
    c = await startServer({ root, mode: 'pull', env: { SKILLMD_THREADS: '1' } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('the index is ready with every skill\'s document rules; the reference checks complete each skill after it', async () => {
    const ready = await c.waitForIndex(60_000, { references: false });
    assert.equal(ready.total, N);
    assert.equal(ready.references.state, 'checking', JSON.stringify(ready));
    const first = await c.request<{ items: { uri: string; resultId?: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    assert.equal(first.items.length, N);
    const brief = (items: Diag[] = []) => JSON.stringify(items.map((d) => [d.code, d.range.start.line, d.range.start.character]));
    const documentOnly = brief([{ code: 'name-folder-mismatch', range: r(1, 6, 1, 6 + 1) } as Diag]);
    const complete = JSON.stringify([['name-folder-mismatch', 1, 6], ['reference-missing', 6, 11]]);
    const kinds = new Set(first.items.map((i) => brief(i.items)));
    assert.ok(kinds.has(documentOnly), [...kinds].join('\n'));
    for (const k of kinds) assert.ok(k === documentOnly || k === complete, k);

    const refreshes = c.messages.filter((m) => m === 'refresh').length;
    const done = await c.waitForIndex(60_000);
    assert.deepEqual({ state: done.references.state, done: done.references.done }, { state: 'ready', done: N });
    // A client that does not keep a workspace pull open is asked to pull again.
    await c.until(() => c.messages.filter((m) => m === 'refresh').length > refreshes, 'workspace/diagnostic/refresh');
    const second = await c.request<{ items: { uri: string; kind: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: first.items.map((i) => ({ uri: i.uri, value: i.resultId! })) });
    const all = new Map(first.items.map((i) => [i.uri, brief(i.items)]));
    for (const i of second.items) if (i.kind === 'full') all.set(i.uri, brief(i.items));
    assert.deepEqual([...new Set(all.values())], [complete]);
  });
});

test('a pull client that announces refresh support and answers the refresh with an error does not stop the server', async () => {
  const root = makeWorkspace(numberedSkills(30, 'See [this](references/gone.md).'));
  const c = await startServer({ root, mode: 'pull' });
  c.refreshError = true;
  try {
    await c.waitForIndex(60_000);
    await c.until(() => c.messages.includes('refresh'), 'workspace/diagnostic/refresh');
    await new Promise((r) => setTimeout(r, 100));
    const ws = await c.request<{ items: { items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    assert.equal(ws.items.filter((i) => i.items?.some((d) => d.code === 'reference-missing')).length, 30);
  } finally {
    await c.stop();
    removeWorkspace(root);
  }
});

test('a skill file changed on disk between the two steps, with no watcher event, is checked whole', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 1500; i++) files[`skills/s${i}/SKILL.md`] = `---\nname: s${i}\ndescription: Skill ${i}. Use when the user asks for skill number ${i}.\n---\n# S${i}\n\nSee [this](references/gone.md) and [that](references/gone2.md).\n`;
  // Walked last: its reference check comes after the change below.
  files['zzz/SKILL.md'] = '---\nname: wrong\ndescription: Z. Use when the user asks for z.\n---\n# Z\n\nSee [this](references/gone.md).\n';
  const root = makeWorkspace(files);
  const c = await startServer({ root, mode: 'pull', env: { SKILLMD_THREADS: '1' } });
  try {
    const ready = await c.waitForIndex(60_000, { references: false });
    assert.equal(ready.references.state, 'checking', JSON.stringify(ready));
    // The name fixed, the link three lines down: neither step's result alone is this text's.
    writeFileSync(join(root, 'zzz/SKILL.md'), '---\nname: zzz\ndescription: Z. Use when the user asks for z.\n---\n# Z\n\n\n\n\nSee [this](references/gone.md).\n');
    await c.waitForIndex(60_000);
    const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    const zzz = ws.items.find((i) => i.uri === uriOf(join(root, 'zzz/SKILL.md')))!;
    assert.deepEqual((zzz.items ?? []).map((d) => [d.code, d.range.start.line, d.range.start.character]), [['reference-missing', 9, 11]]);
    // Only that file: the two steps' hashes agree on the 1,500 unchanged ones.
    assert.deepEqual(c.messages.filter((m) => m.includes('changed between')), ["1 skill file(s) changed between the index's two steps: checked whole again"]);
  } finally {
    await c.stop();
    removeWorkspace(root);
  }
});

describe('workspace index: a new run during the reference checks', () => {
  let root: string;
  let extra: string;
  let c: TestClient;
  const N = 1500;
  before(async () => {
    root = makeWorkspace(misnamedSkills(N));
    extra = makeWorkspace({});
    c = await startServer({ root, mode: 'push', env: { SKILLMD_THREADS: '1' } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
    removeWorkspace(extra);
  });

  test('it finishes (the workers are shared with the cancelled run), and no skill loses its reference problems on the way', async () => {
    const ready = await c.waitForIndex(60_000, { references: false });
    assert.equal(ready.references.state, 'checking', JSON.stringify(ready));
    // A new workspace folder: a new run, while the first one's reference checks are in the workers.
    await c.notify('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: uriOf(extra), name: 'extra' }], removed: [] } });
    const done = await c.waitForIndex(60_000, { runs: 2 });
    assert.deepEqual({ total: done.total, references: done.references.state, checked: done.references.done }, { total: N, references: 'ready', checked: N });
    const complete = 'name-folder-mismatch,reference-missing';
    const shown = (uri: string) => (c.published.get(uri) ?? []).map((p) => p.diagnostics.map((d) => d.code).join(','));
    for (let i = 0; i < N; i++) {
      const seq = shown(uriOf(join(root, `skills/s${i}/SKILL.md`)));
      assert.equal(seq[seq.length - 1], complete, `s${i}: ${seq.join(' | ')}`);
      // Once complete, never shown without its reference problem again.
      assert.ok(seq.slice(seq.indexOf(complete)).every((x) => x === complete), `s${i}: ${seq.join(' | ')}`);
    }
  });
});

describe('workspace index in a worker, with a referenced file open', () => {
  let root: string;
  let extra: string;
  let c: TestClient;
  const N = 100;
  before(async () => {
    root = makeWorkspace(numberedSkills(N, 'See [setup](references/guide.md#setup).', { 'references/guide.md': '# Guide\n\n## Setup\n' }));
    extra = makeWorkspace({});
    c = await startServer({ root, mode: 'pull', env: { SKILLMD_THREADS: '1' } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
    removeWorkspace(extra);
  });

  // The main thread reads a batch's files ahead for the worker when batches wait or
  // the walk is over (s99 is in the last batch); an open file's unsaved text must win
  // over that disk copy.
  test('the worker checks against the unsaved buffer of a referenced file, not its disk copy', async () => {
    await c.waitForIndex(60_000);
    assert.ok(c.messages.includes('index: starting 1 worker thread(s)'), c.messages.join('\n'));
    const guide = join(root, 'skills/s99/references/guide.md');
    await c.open(guide, '# Guide\n\nNothing about setting up.\n');
    // A new workspace folder: every skill is checked again, in the worker.
    await c.notify('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: uriOf(extra), name: 'extra' }], removed: [] } });
    await c.waitForIndex(60_000, { runs: 2 });
    const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    assert.equal(ws.items.length, N);
    const broken = ws.items.filter((i) => i.items?.length).map((i) => [i.uri, (i.items ?? []).map((d) => [d.code, d.range.start.line, d.range.start.character])]);
    assert.deepEqual(broken, [[uriOf(join(root, 'skills/s99/SKILL.md')), [['reference-fragment-missing', 6, 32]]]]);
  });
});

describe('workspace index whose worker dies', () => {
  let root: string;
  let c: TestClient;
  const N = 1000;
  before(async () => {
    root = makeWorkspace(numberedSkills(N, 'See [this](references/gone.md).'));
    // The worker exits when its fourth batch arrives; the main thread checks the rest.
    c = await startServer({ root, mode: 'pull', env: { SKILLMD_THREADS: '1', SKILLMD_TEST_INDEX_WORKER_EXIT_AFTER: '3' } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('the main thread checks what the worker left, and every skill gets its result', async () => {
    const done = await c.waitForIndex(60_000);
    assert.deepEqual({ total: done.total, references: done.references.done }, { total: N, references: N });
    assert.ok(c.messages.includes('index worker stopped: exit 70'), c.messages.join('\n'));
    const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    assert.equal(ws.items.length, N);
    const results = new Set(ws.items.map((i) => JSON.stringify((i.items ?? []).map((d) => [d.code, d.range.start.line, d.range.start.character]))));
    assert.deepEqual([...results], [JSON.stringify([['reference-missing', 6, 11]])]);
  });
});

test('scan problems with no document to show them on (a folder named SKILL.md) are logged by the index', async () => {
  const root = makeWorkspace({ 'skills/ok/SKILL.md': '---\nname: ok\ndescription: Fine. Use when testing.\n---\n' });
  mkdirSync(join(root, 'skills/odd/SKILL.md'), { recursive: true });
  const c = await startServer({ root, mode: 'pull' });
  try {
    assert.equal((await c.waitForIndex()).total, 1);
    const logged = c.messages.filter((m) => m.startsWith('index: file-unreadable'));
    assert.deepEqual(logged, [`index: file-unreadable: ${join(root, 'skills/odd/SKILL.md')} is a folder, not a regular file; agents skip it.`]);
  } finally {
    await c.stop();
    removeWorkspace(root);
  }
});

test('a damaged tokenizer file (a broken install): the server warns once and hovers show estimated tokens, no crash', async () => {
  const text = '---\nname: ok\ndescription: Fine. Use when testing.\n---\n';
  const root = makeWorkspace({ 'skills/ok/SKILL.md': text });
  // The bundle finds the ranks, and the bundles it loads on first use, next to itself.
  const bundle = mkdtempSync(join(tmpdir(), 'skillmd-bundle-'));
  for (const f of readdirSync(dirname(serverJs))) if (f.endsWith('.js')) copyFileSync(join(dirname(serverJs), f), join(bundle, f));
  writeFileSync(join(bundle, 'o200k_base.bin'), 'garbage');
  const c = await startServer({ root, mode: 'pull', serverPath: join(bundle, 'server.js') });
  try {
    await c.waitForIndex();
    const uri = await c.open(join(root, 'skills/ok/SKILL.md'), text);
    const h = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 3 } });
    const error = 'not an o200k_base table';
    // 23 UTF-8 bytes: 6 tokens at 4 bytes each.
    assert.equal(h.contents.value.split('\n\n')[1], `\`description\` 23/1024 chars, 6 tokens *(tokens: estimate: 4 UTF-8 bytes per token (o200k_base could not be loaded: ${error}))*`);
    assert.deepEqual(c.messages.filter((m) => m.includes('token counts are estimates')), [`skillmd: token counts are estimates (4 UTF-8 bytes per token): the o200k_base tables could not be loaded: ${error}`]);
  } finally {
    await c.stop();
    removeWorkspace(root);
    rmSync(bundle, { recursive: true, force: true });
  }
});


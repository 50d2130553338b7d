// The server under a faulty or hostile client, over stdio: a handler that throws
// answers that request with an error and the server goes on; a dead index worker is
// replaced; requests for closed or unknown documents, out-of-order versions, a burst
// of 1,000 incremental edits, a client that cancels everything and a client that
// answers every server request with an error all end with the right diagnostics.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { ServerStats } from '../../server/src/protocol';
import { cancellable, capabilities, makeWorkspace, r, removeWorkspace, serverJs, startServer, TestClient, uriOf, type Diag } from './client';

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nBody.\n`;
const OK = skill('ok', 'A fine skill. Use when testing the server.');
const summary = (list: Diag[]) => list.map((d) => [d.code, d.range]);

/** The error a request ended with (undefined when it answered). */
async function failure(p: Promise<unknown>): Promise<ResponseError<unknown> | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    return e as ResponseError<unknown>;
  }
}

describe('a request handler that throws', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'ok/SKILL.md': OK });
    c = await startServer({ root, mode: 'push', env: { SKILLMD_TEST_FAIL_REQUEST: 'textDocument/hover' } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('answers that request with an internal error, logged once with its stack; everything else goes on', async () => {
    const uri = await c.open(join(root, 'ok/SKILL.md'), OK);
    const hover = () => c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } });
    const e = await failure(hover());
    assert.equal(e?.code, -32603);
    assert.equal(e?.message, 'skillmd: internal error in textDocument/hover: injected fault in textDocument/hover (a bug: please report it; the server keeps running)');
    const logged = () => c.messages.filter((m) => m.startsWith('skillmd: internal error in textDocument/hover'));
    await c.until(() => logged().length === 1, 'the log line');
    assert.match(logged()[0], /^skillmd: internal error in textDocument\/hover: Error: injected fault in textDocument\/hover\n\s+at /);
    const symbols = await c.request<{ name: string }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.deepEqual(symbols.map((s) => s.name), ['frontmatter', 'ok']);
    // Every failure is its own: the next hover fails and is logged again, once.
    assert.equal((await failure(hover()))?.code, -32603);
    await c.until(() => logged().length === 2, 'the second log line');
    await c.change(uri, [{ range: r(2, 13, 2, 55), text: 'ok' }]);
    assert.deepEqual(summary(await c.diagnosticsFor(uri, (p) => p.version === 2)), [['description-quality', r(2, 13, 2, 15)]]);
  });
});

describe('an index worker that dies', () => {
  let root: string;
  let c: TestClient;
  const N = 200;
  before(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < N; i++) files[`skills/s${i}/SKILL.md`] = skill(`s${i}`, `Skill ${i}. Use when the user asks for skill ${i}.`) + 'See [gone](gone.md).\n';
    root = makeWorkspace(files);
    // The first worker exits when its third batch arrives; the one that replaces it lives.
    c = await startServer({ root, mode: 'pull', env: { SKILLMD_THREADS: '1', SKILLMD_TEST_INDEX_WORKER_EXIT_AFTER: '2', SKILLMD_TEST_INDEX_WORKER_EXITS: '1' } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('is replaced, and every skill gets its result', async () => {
    const done = await c.waitForIndex(60_000);
    assert.deepEqual({ total: done.total, references: done.references.done }, { total: N, references: N });
    assert.deepEqual(c.messages.filter((m) => m.startsWith('index worker')), ['index worker stopped: exit 70', 'index worker replaced (1 of at most 3 until idle)']);
    assert.deepEqual(c.messages.filter((m) => m.startsWith('index: starting')), ['index: starting 1 worker thread(s)', 'index: starting 1 worker thread(s)']);
    const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    assert.equal(ws.items.length, N);
    assert.deepEqual([...new Set(ws.items.map((i) => JSON.stringify(summary(i.items ?? []))))], [JSON.stringify([['reference-missing', r(7, 11, 7, 18)]])]);
  });
});

describe('requests for closed, unknown and non-file documents', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'ok/SKILL.md': OK });
    c = await startServer({ root, mode: 'pull' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('answer empty, never with an error', async () => {
    const closed = uriOf(join(root, 'ok/SKILL.md'));
    const opened = await c.open(join(root, 'ok/SKILL.md'), OK);
    await c.close(opened);
    for (const uri of [closed, uriOf(join(root, 'gone/SKILL.md')), 'untitled:Untitled-1', 'file:///', 'vscode-notebook-cell:/x#y', 'not a uri']) {
      const doc = { textDocument: { uri } };
      const at = { ...doc, position: { line: 1, character: 2 } };
      const range = r(0, 0, 3, 0);
      const answers = {
        hover: await c.request('textDocument/hover', at),
        completion: await c.request('textDocument/completion', at),
        definition: await c.request('textDocument/definition', at),
        references: await c.request('textDocument/references', { ...at, context: { includeDeclaration: true } }),
        prepareRename: await c.request('textDocument/prepareRename', at),
        rename: await c.request('textDocument/rename', { ...at, newName: 'x' }),
        symbols: await c.request('textDocument/documentSymbol', doc),
        links: await c.request('textDocument/documentLink', doc),
        folding: await c.request('textDocument/foldingRange', doc),
        codeActions: await c.request('textDocument/codeAction', { ...doc, range, context: { diagnostics: [] } }),
      };
      assert.deepEqual(answers, { hover: null, completion: [], definition: null, references: [], prepareRename: null, rename: null, symbols: [], links: [], folding: [], codeActions: [] }, uri);
    }
    // The closed skill's diagnostics come from the index, in a document pull too.
    const report = await c.request<{ kind: string; items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri: closed } });
    assert.deepEqual(report, { kind: 'full', items: [] });
    const unknown = await c.request<{ kind: string; items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri: 'untitled:Untitled-1' } });
    assert.deepEqual(unknown, { kind: 'full', items: [] });
    assert.deepEqual(c.messages.filter((m) => m.includes('internal error')), []);
  });
});

describe('edits out of order, in bursts, and cancelled requests', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'burst/SKILL.md': skill('burst', '""') });
    c = await startServer({ root, mode: 'push', settings: { diagnostics: { workspace: false } } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('a burst of 1,000 one-character edits ends with the diagnostics of the final text, for its version', async () => {
    const text = skill('burst', '""');
    const uri = await c.open(join(root, 'burst/SKILL.md'), text);
    assert.deepEqual(summary(await c.diagnosticsFor(uri, (p) => p.version === 1)), [['field-empty', r(2, 13, 2, 15)]]);
    const words = 'Use when the user asks for a burst of edits. ';
    for (let i = 0; i < 1000; i++) await c.change(uri, [{ range: r(2, 14 + i, 2, 14 + i), text: words[i % words.length] }]);
    assert.deepEqual(await c.diagnosticsFor(uri, (p) => p.version === 1001, 30_000), []);
    const symbols = await c.request<{ name: string; detail?: string }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(symbols[0].name, 'frontmatter');
  });

  test('versions that arrive out of order: the last change sent is the text, and its version is published', async () => {
    const uri = uriOf(join(root, 'burst/SKILL.md'));
    const base = c.versionOf(uri);
    const whole = r(0, 0, 100, 0);
    await c.notify('textDocument/didChange', { textDocument: { uri, version: base + 2 }, contentChanges: [{ range: whole, text: skill('burst', 'Two.') }] });
    await c.notify('textDocument/didChange', { textDocument: { uri, version: base + 1 }, contentChanges: [{ range: whole, text: skill('Burst', 'One version behind. Use when testing versions.') }] });
    const last = await c.diagnosticsFor(uri, (p) => p.version === base + 1, 10_000);
    assert.deepEqual(summary(last).map(([code]) => code), ['name-format', 'name-folder-mismatch']);
    // The test client numbers its next edits after the highest version sent.
    (c as unknown as { versions: Map<string, number> }).versions.set(uri, base + 2);
  });

  test('requests cancelled as soon as they are sent: each answers or is cancelled, none fails, and the server serves on', async () => {
    const uri = uriOf(join(root, 'burst/SKILL.md'));
    const at = { textDocument: { uri }, position: { line: 1, character: 3 } };
    const requests: [string, unknown][] = [
      ['textDocument/hover', at], ['textDocument/completion', at], ['textDocument/documentSymbol', { textDocument: { uri } }],
      ['textDocument/codeAction', { textDocument: { uri }, range: r(0, 0, 3, 0), context: { diagnostics: [] } }],
      ['textDocument/documentLink', { textDocument: { uri } }], ['textDocument/rename', { ...at, newName: 'other' }],
      ['skillmd/indexStatus', undefined],
    ];
    const codes: (number | 'answered')[] = [];
    for (let round = 0; round < 20; round++) {
      await Promise.all(requests.map(async ([method, params]) => {
        const source = cancellable();
        const p = c.request(method, params, source.token);
        source.cancel();
        const e = await failure(p);
        codes.push(e ? e.code : 'answered');
      }));
    }
    assert.deepEqual([...new Set(codes)].filter((x) => x !== 'answered' && x !== -32800), []);
    const hover = await c.request<{ contents: { value: string } } | null>('textDocument/hover', at);
    assert.match(hover!.contents.value, /^### `name`/);
    await c.change(uri, [{ range: r(0, 0, 100, 0), text: OK.replace('name: ok', 'name: burst') }]);
    assert.deepEqual(await c.diagnosticsFor(uri, (p) => p.version === c.versionOf(uri)), []);
    assert.deepEqual(c.messages.filter((m) => m.includes('internal error')), []);
  });
});

/** A server whose client answers every request the server sends with an error. */
async function startWithFailingClient(root: string, mode: 'pull' | 'push'): Promise<TestClient> {
  const proc = spawn(process.execPath, [serverJs, '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const c = new TestClient(conn, proc, root, {});
  const fail = (method: string) => conn.onRequest(method, () => {
    c.messages.push(`asked ${method}`);
    throw new ResponseError(-32603, `client failed ${method}`);
  });
  for (const m of ['workspace/configuration', 'client/registerCapability', 'window/workDoneProgress/create', 'workspace/diagnostic/refresh', 'window/showMessageRequest']) fail(m);
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: uriOf(root), workspaceFolders: [{ uri: uriOf(root), name: 'ws' }], capabilities: capabilities(mode) });
  await conn.sendNotification('initialized', {});
  return c;
}

for (const mode of ['push', 'pull'] as const) {
  describe(`a client that answers every server request with an error (${mode})`, () => {
    let root: string;
    let c: TestClient;
    before(async () => {
      root = makeWorkspace({ 'ok/SKILL.md': OK, 'bad/SKILL.md': skill('Bad', 'Broken. Use when testing.') });
      c = await startWithFailingClient(root, mode);
    });
    after(async () => {
      await c.stop();
      removeWorkspace(root);
    });

    test('still gets the right diagnostics for open and closed skills', async () => {
      await c.waitForIndex();
      assert.ok(c.messages.includes('asked workspace/configuration') && c.messages.includes('asked client/registerCapability'), c.messages.join('\n'));
      const bad = uriOf(join(root, 'bad/SKILL.md'));
      const expected = [['name-format', r(1, 6, 1, 9)], ['name-folder-mismatch', r(1, 6, 1, 9)]];
      if (mode === 'push') {
        assert.deepEqual(summary(await c.diagnosticsFor(bad, (p) => p.diagnostics.length > 0)), expected);
      } else {
        const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
        assert.deepEqual(ws.items.map((i) => [i.uri, summary(i.items ?? [])]).sort(), [[bad, expected], [uriOf(join(root, 'ok/SKILL.md')), []]]);
      }
      const ok = await c.open(join(root, 'ok/SKILL.md'), OK);
      await c.change(ok, [{ range: r(1, 6, 1, 8), text: 'Ok' }]);
      const own = mode === 'push'
        ? await c.diagnosticsFor(ok, (p) => p.version === 2)
        : (await c.request<{ items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri: ok } })).items;
      assert.deepEqual(summary(own), [['name-format', r(1, 6, 1, 8)], ['name-folder-mismatch', r(1, 6, 1, 8)]]);
      assert.equal(c.proc.exitCode, null);
    });
  });
}

describe('memory over 10,000 edits', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'mem/SKILL.md': skill('mem', 'Memory. Use when testing memory.') });
    c = await startServer({ root, mode: 'push', settings: { diagnostics: { workspace: false, debounceMs: 0 } } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  // RSS is shown, not asserted: with a flat heap it still jumps by 5-10 MB at random
  // points (allocator and code space), so the sweep script (scripts/sweep.mjs) reports it.
  test('the live heap stays within 5% after warm-up (after a full GC)', async (t) => {
    const uri = await c.open(join(root, 'mem/SKILL.md'), skill('mem', 'Memory. Use when testing memory.'));
    // Each pair of edits types a word and takes it back: the text stays the same size.
    const edits = async (n: number) => {
      for (let i = 0; i < n; i += 2) {
        await c.change(uri, [{ range: r(5, 0, 5, 0), text: 'word ' }]);
        const v = await c.change(uri, [{ range: r(5, 0, 5, 5), text: '' }]);
        if (i % 100 === 98) await c.diagnosticsFor(uri, (p) => p.version === v);
      }
    };
    const stats = () => c.request<ServerStats>('skillmd/serverStats', { gc: true });
    // A hover on the description waits for the tokenizer's tables (tens of MB, loaded in steps).
    await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 15 } });
    await edits(2000);
    const warm = await stats();
    await edits(10_000);
    const end = await stats();
    const growth = (a: number, b: number) => (b - a) / a;
    t.diagnostic(`heap ${warm.heapUsedBytes} → ${end.heapUsedBytes}, rss ${warm.rssBytes} → ${end.rssBytes}`);
    assert.ok(growth(warm.heapUsedBytes, end.heapUsedBytes) < 0.05, `heap ${warm.heapUsedBytes} → ${end.heapUsedBytes}`);
  });
});

// Diagnostics over stdio: push (as-you-type, debounced, workspace index) and pull
// (textDocument/diagnostic, workspace/diagnostic held until something changes).
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cancellable, makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const BROKEN = '---\nname: Bad_Name\ndescription: Cleans data. Use when the user asks to clean a CSV file.\nfoo: 1\nname: Bad_Name\n---\n# Hi\n';
const GOOD = '---\nname: good\ndescription: Formats code. Use when the user asks to format a file.\n---\n# Good\n';
const CLOSED = '---\nname: closed\n---\n';

const brief = (d: Diag[]) => d.map((x) => [x.code, x.severity, x.range]);

function files() {
  return { 'skills/Bad_Name/SKILL.md': BROKEN, 'skills/good/SKILL.md': GOOD, 'skills/closed/SKILL.md': CLOSED };
}

describe('push diagnostics', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace(files());
    c = await startServer({ root, mode: 'push' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('an open document: code, codeDescription, source, data with fixes, relatedInformation', async () => {
    const uri = await c.open(join(root, 'skills/Bad_Name/SKILL.md'), BROKEN);
    const d = await c.diagnosticsFor(uri, (p) => p.version === 1);
    assert.deepEqual(brief(d), [
      ['unknown-field', 1, r(3, 0, 3, 3)],
      ['duplicate-key', 1, r(4, 0, 4, 4)],
      ['name-format', 1, r(4, 6, 4, 14)],
    ]);
    assert.deepEqual(d[0], {
      range: r(3, 0, 3, 3),
      severity: 1,
      code: 'unknown-field',
      codeDescription: { href: 'https://github.com/skillmd/skillmd/blob/main/docs/rules.md#rule-unknown-field' },
      source: 'skillmd',
      message: 'Unknown field `foo` (rejected by agentskills).',
      data: { version: 1, fixes: [{ title: 'Remove `foo`', edits: [{ range: r(3, 0, 4, 0), newText: '' }] }] },
    });
    assert.deepEqual(d[1].relatedInformation, [{ location: { uri, range: r(1, 0, 1, 4) }, message: 'first `name`' }]);
  });

  test('edits are checked after the debounce, for the latest version only', async () => {
    const uri = uriOf(join(root, 'skills/Bad_Name/SKILL.md'));
    const before = c.published.get(uri)!.length;
    await c.change(uri, [{ range: r(3, 0, 3, 3), text: 'fo' }]);
    await c.change(uri, [{ range: r(3, 0, 3, 2), text: 'bar' }]);
    const v = await c.change(uri, [{ range: r(3, 0, 4, 0), text: '' }]);
    const d = await c.diagnosticsFor(uri, (p) => p.version === v);
    assert.deepEqual(brief(d), [['duplicate-key', 1, r(3, 0, 3, 4)], ['name-format', 1, r(3, 6, 3, 14)]]);
    // Three quick edits, one check.
    assert.equal(c.published.get(uri)!.length, before + 1);
  });

  test('skills that are not open are published from the workspace index', async () => {
    await c.waitForIndex();
    const d = await c.diagnosticsFor(uriOf(join(root, 'skills/closed/SKILL.md')));
    assert.deepEqual(brief(d), [['field-missing', 1, r(0, 0, 0, 3)]]);
    assert.equal(c.published.has(uriOf(join(root, 'skills/good/SKILL.md'))), false, 'a clean skill gets nothing');
  });

  test('a SKILL.md changed on disk is re-checked alone (didChangeWatchedFiles)', async () => {
    const file = join(root, 'skills/closed/SKILL.md');
    writeFileSync(file, '---\nname: closed\ndescription: Closes tickets. Use when the user asks to close a ticket.\n---\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(file), type: 2 }] });
    assert.deepEqual(await c.diagnosticsFor(uriOf(file), (p) => p.diagnostics.length === 0), []);
    unlinkSync(file);
    writeFileSync(file, CLOSED);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(file), type: 1 }] });
    assert.equal((await c.diagnosticsFor(uriOf(file), (p) => p.diagnostics.length > 0)).length, 1);
  });

  test('closing an open SKILL.md whose folder was deleted, or one outside the workspace, clears its diagnostics', async () => {
    await c.waitForIndex();
    const gone = join(root, 'skills/gone/SKILL.md');
    mkdirSync(dirname(gone), { recursive: true });
    writeFileSync(gone, BROKEN);
    const u = await c.open(gone, BROKEN);
    assert.ok((await c.diagnosticsFor(u, (p) => p.version === 1)).length > 0);
    rmSync(dirname(gone), { recursive: true });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(dirname(gone)), type: 3 }] });
    await c.close(u);
    assert.deepEqual(await c.diagnosticsFor(u, (p) => p.version === undefined || p.version === null), []);
    // Never a file of the workspace: shown while open, then nothing (and not indexed).
    const outside = makeWorkspace({ 'x/SKILL.md': BROKEN });
    try {
      const o = await c.open(join(outside, 'x/SKILL.md'), BROKEN);
      assert.ok((await c.diagnosticsFor(o, (p) => p.version === 1)).length > 0);
      await c.close(o);
      assert.deepEqual(await c.diagnosticsFor(o, (p) => p.version === undefined || p.version === null), []);
    } finally {
      removeWorkspace(outside);
    }
  });

  test('suppression comments silence a rule', async () => {
    const file = join(root, 'skills/good/SKILL.md');
    const text = '---\nname: good\ndescription: Formats code. Use when the user asks to format a file.\n# skillmd-disable-next-line unknown-field\nfoo: 1\nbar: 2\n---\n';
    const uri = await c.open(file, text);
    assert.deepEqual(brief(await c.diagnosticsFor(uri, (p) => p.version === 1)), [['unknown-field', 1, r(5, 0, 5, 3)]]);
    await c.close(uri);
  });
});

describe('pull diagnostics', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace(files());
    c = await startServer({ root, mode: 'pull' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('the server offers pull diagnostics to a client that supports them', async () => {
    const init = (c as unknown as { initializeResult: { capabilities: { diagnosticProvider: unknown } } }).initializeResult;
    assert.deepEqual(init.capabilities.diagnosticProvider, { identifier: 'skillmd', interFileDependencies: true, workspaceDiagnostics: true });
  });

  test('textDocument/diagnostic: full report, then unchanged for the same version', async () => {
    const uri = await c.open(join(root, 'skills/Bad_Name/SKILL.md'), BROKEN);
    const rep = await c.request<{ kind: string; resultId: string; items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.equal(rep.kind, 'full');
    assert.deepEqual(brief(rep.items), [['unknown-field', 1, r(3, 0, 3, 3)], ['duplicate-key', 1, r(4, 0, 4, 4)], ['name-format', 1, r(4, 6, 4, 14)]]);
    const again = await c.request<{ kind: string }>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: rep.resultId });
    assert.equal(again.kind, 'unchanged');
    assert.equal(c.published.size, 0, 'nothing is pushed to a pull client');
  });

  test('workspace/diagnostic: reports for skills that are not open; held until something changes', async () => {
    const rep = await c.request<{ items: { uri: string; kind: string; resultId: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    const byUri = new Map(rep.items.map((i) => [i.uri, i]));
    assert.deepEqual([...byUri.keys()].sort(), [uriOf(join(root, 'skills/closed/SKILL.md')), uriOf(join(root, 'skills/good/SKILL.md'))]);
    assert.deepEqual(brief(byUri.get(uriOf(join(root, 'skills/closed/SKILL.md')))!.items!), [['field-missing', 1, r(0, 0, 0, 3)]]);
    // Same results: the request waits for a change instead of answering "unchanged" in a loop.
    let answered = false;
    const held = c.request<{ items: { uri: string; kind: string; items?: Diag[] }[] }>('workspace/diagnostic', {
      previousResultIds: rep.items.map((i) => ({ uri: i.uri, value: i.resultId })),
    }).then((x) => ((answered = true), x));
    await new Promise((res) => setTimeout(res, 300));
    assert.equal(answered, false);
    const file = join(root, 'skills/good/SKILL.md');
    writeFileSync(file, '---\nname: good\n---\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(file), type: 2 }] });
    const next = await held;
    const good = next.items.find((i) => i.uri === uriOf(file))!;
    assert.equal(good.kind, 'full');
    assert.deepEqual(brief(good.items!), [['field-missing', 1, r(0, 0, 0, 3)]]);
    assert.equal(next.items.find((i) => i.uri === uriOf(join(root, 'skills/closed/SKILL.md')))!.kind, 'unchanged');
  });

  test('a held workspace pull is cancelled on request', async () => {
    const first = await c.request<{ items: { uri: string; resultId: string }[] }>('workspace/diagnostic', { previousResultIds: [] });
    const src = cancellable();
    const held = c.request('workspace/diagnostic', { previousResultIds: first.items.map((i) => ({ uri: i.uri, value: i.resultId })) }, src.token);
    setTimeout(() => src.cancel(), 100);
    await assert.rejects(held, (e: { code?: number }) => e.code === -32800);
  });
});

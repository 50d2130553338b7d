// Code actions and document links on one line with tens of thousands of broken links
// (issue 22: 15,002 actions for 5 distinct ones, quadratic time, 30 s at 50,000).
// Over stdio, on counts and structure: identical actions are one action naming the
// diagnostics it fixes, a request lists at most MAX_QUICK_FIXES distinct quick fixes,
// and "fix all" takes every non-overlapping preferred fix.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MAX_ACTION_DIAGNOSTICS, MAX_QUICK_FIXES } from '../../server/src/lsp/codeActions';
import { makeWorkspace, r, removeWorkspace, startServer, type Diag, type TestClient } from './client';

const head = (name: string) => `---\nname: ${name}\ndescription: Links to many files. Use when testing.\n---\n`;
/** `n` links on one line, to m0.md … m4.md in turn, none of which exists. */
const missingLinks = (name: string, n: number) => head(name) + Array.from({ length: n }, (_, i) => `[l](m${i % 5}.md)`).join(' ') + '\n';
/** `n` links to headings of g.md that do not exist, each with a did-you-mean. */
const fragmentLinks = (n: number) => head('fragments') + Array.from({ length: n }, (_, i) => `[l](g.md#x${i % 2 ? 2 : 0})`).join(' ') + '\n';

interface Action { title: string; kind?: string; diagnostics?: Diag[]; edit?: { documentChanges?: { edits?: unknown[] }[]; changes?: Record<string, unknown[]> } }

describe('code actions over very many diagnostics', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'fragments/g.md': '# G\n\n## x1\n', 'wide/m0.md': '# M0\n', 'wide/m1.md': '# M1\n' });
    c = await startServer({ root, mode: 'push', settings: { diagnostics: { workspace: false } } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  const actionsFor = (uri: string, diagnostics: Diag[]) =>
    c.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: r(0, 0, 5, 0), context: { diagnostics } });
  const summary = (actions: Action[]) => actions.map((a) => [a.title, a.diagnostics?.length ?? 0, editCount(a)]);
  const editCount = (a: Action) => (a.edit?.documentChanges ?? []).reduce((n, d) => n + (d.edits?.length ?? 0), 0) + Object.values(a.edit?.changes ?? {}).reduce((n, e) => n + e.length, 0);

  test('5,000 links to 5 missing files: one action per distinct fix', async () => {
    const uri = await c.open(join(root, 'missing/SKILL.md'), missingLinks('missing', 5000));
    const diags = await c.diagnosticsFor(uri, (p) => p.diagnostics.length > 0, 60_000);
    assert.equal(diags.filter((d) => d.code === 'reference-missing').length, 5000);
    const codes = [...new Set(diags.map((d) => d.code))];
    assert.deepEqual(codes, ['body-too-long', 'reference-missing']);
    const actions = await actionsFor(uri, diags);
    // Each Create is a file create plus its content edit; each suppression one insert.
    assert.deepEqual(summary(actions), [
      ['Create `m0.md`', MAX_ACTION_DIAGNOSTICS, 1],
      ['Create `m1.md`', MAX_ACTION_DIAGNOSTICS, 1],
      ['Create `m2.md`', MAX_ACTION_DIAGNOSTICS, 1],
      ['Create `m3.md`', MAX_ACTION_DIAGNOSTICS, 1],
      ['Create `m4.md`', MAX_ACTION_DIAGNOSTICS, 1],
      ['Suppress `body-too-long` in this file', 1, 1],
      ['Suppress `reference-missing` on this line', MAX_ACTION_DIAGNOSTICS, 1],
      ['Suppress `reference-missing` in this file', MAX_ACTION_DIAGNOSTICS, 1],
    ]);
  });

  test('5,000 distinct did-you-mean fixes: the first MAX_QUICK_FIXES, and fix all takes all of them', async () => {
    const uri = await c.open(join(root, 'fragments/SKILL.md'), fragmentLinks(5000));
    const diags = await c.diagnosticsFor(uri, (p) => p.diagnostics.length > 0, 60_000);
    const fragments = diags.filter((d) => d.code === 'reference-fragment-missing');
    assert.equal(fragments.length, 5000);
    const actions = await actionsFor(uri, fragments);
    assert.equal(actions.length, MAX_QUICK_FIXES + 1);
    assert.deepEqual(summary(actions.slice(0, 2)), [['Change to #x1', 1, 1], ['Change to #x1', 1, 1]]);
    assert.deepEqual(summary(actions.slice(-1)), [['Fix all skillmd problems in this file', 0, 5000]]);
    // Only the fixes were limited: both suppressions fall past the first MAX_QUICK_FIXES.
    assert.equal(actions.filter((a) => a.title.startsWith('Suppress')).length, 0);
  });

  test('a line of 50,000 links, 30,000 of them broken, answers code actions and document links', async () => {
    const uri = await c.open(join(root, 'wide/SKILL.md'), missingLinks('wide', 50_000));
    const diags = await c.diagnosticsFor(uri, (p) => p.diagnostics.length > 0, 120_000);
    assert.equal(diags.filter((d) => d.code === 'reference-missing').length, 30_000);
    // Each missing m2…m4.md has a did-you-mean (m0.md): 30,000 distinct fixes, the first 100 listed.
    const actions = await actionsFor(uri, diags);
    assert.equal(actions.length, MAX_QUICK_FIXES + 1);
    assert.deepEqual(summary(actions.slice(0, 2)), [['Change to `m0.md`', 1, 1], ['Create `m2.md`', MAX_ACTION_DIAGNOSTICS, 1]]);
    assert.deepEqual(summary(actions.slice(-1)), [['Fix all skillmd problems in this file', 0, 30_000]]);
    // Only links to files that exist are links (one to a missing file opens an error).
    const links = await c.request<{ range: Diag['range'] }[]>('textDocument/documentLink', { textDocument: { uri } });
    assert.equal(links.length, 20_000);
    assert.deepEqual(links[19_999].range, r(4, 549_960, 4, 549_965));
  });
});

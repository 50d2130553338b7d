// Duplicate descriptions and names follow an open SKILL.md's buffer as it is typed, not
// its file on disk: both skills get the diagnostic (with related information), and lose
// it when the text is edited back. The other skill closed (index) and open (its buffer).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const A = '---\nname: alpha\ndescription: Formats tables. Use when asked to align a table.\n---\nAlign.\n';
const B = '---\nname: beta\ndescription: Sorts lists. Use when asked to order a list.\n---\nSort.\n';
const C = '---\nname: gamma\ndescription: Counts words. Use when asked how long a text is.\n---\nCount.\n';
// Line 2: the description's value.
const desc = (text: string) => r(2, 13, 2, text.split('\n')[2].length);
const A_DESC = desc(A);
const B_DESC = desc(B);

const dup = (list: Diag[]) => list.filter((d) => d.code === 'duplicate-description' || d.code === 'duplicate-skill-name')
  .map((d) => [d.code, d.range, d.message, (d.relatedInformation ?? []).map((i) => [i.location.uri, i.location.range, i.message])]);

describe('duplicates of an open SKILL.md follow its buffer', () => {
  let root: string;
  let c: TestClient;
  let a: string;
  let u: (rel: string) => string;
  before(async () => {
    root = makeWorkspace({ 'skills/alpha/SKILL.md': A, 'skills/beta/SKILL.md': B, 'skills/gamma/SKILL.md': C });
    u = (rel) => uriOf(join(root, rel));
    c = await startServer({ root, mode: 'push' });
    await c.waitForIndex();
    a = await c.open(join(root, 'skills/alpha/SKILL.md'), A);
    await c.diagnosticsFor(a, (p) => p.version === 1);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('a closed other skill: both get it while the buffer says so, and lose it when edited back', async () => {
    const v2 = await c.change(a, [{ range: A_DESC, text: 'Sorts lists. Use when asked to order a list.' }]);
    assert.deepEqual(dup(await c.diagnosticsFor(a, (p) => p.version === v2)), [
      ['duplicate-description', r(2, 13, 2, 57), '`beta/SKILL.md` has the same description, so the agent cannot tell when to use which; say what sets this skill apart.',
        [[u('skills/beta/SKILL.md'), B_DESC, 'the other skill']]],
    ]);
    assert.deepEqual(dup(await c.diagnosticsFor(u('skills/beta/SKILL.md'), (p) => dup(p.diagnostics).length > 0)), [
      ['duplicate-description', B_DESC, '`alpha/SKILL.md` has the same description, so the agent cannot tell when to use which; say what sets this skill apart.',
        [[u('skills/alpha/SKILL.md'), r(2, 13, 2, 57), 'the other skill']]],
    ]);
    const v3 = await c.change(a, [{ range: r(2, 13, 2, 57), text: 'Formats tables. Use when asked to align a table.' }]);
    assert.deepEqual(dup(await c.diagnosticsFor(a, (p) => p.version === v3)), []);
    await c.diagnosticsFor(u('skills/beta/SKILL.md'), (p) => dup(p.diagnostics).length === 0);
  });

  test('another open skill: re-checked from its buffer when this one makes or ends the clash', async () => {
    const g = await c.open(join(root, 'skills/gamma/SKILL.md'), C);
    await c.diagnosticsFor(g, (p) => p.version === 1);
    const v = await c.change(a, [{ range: r(1, 6, 1, 11), text: 'gamma' }]);
    assert.deepEqual(dup(await c.diagnosticsFor(a, (p) => p.version === v)).map((d) => d.slice(0, 2)), [['duplicate-skill-name', r(1, 6, 1, 11)]]);
    const other = await c.diagnosticsFor(g, (p) => dup(p.diagnostics).length > 0);
    assert.deepEqual(dup(other), [['duplicate-skill-name', r(1, 6, 1, 11),
      'Another skill seen with this one is also named `gamma` (`alpha/SKILL.md`); the agent keeps one of them. Give each skill its own name.',
      [[u('skills/alpha/SKILL.md'), r(1, 6, 1, 11), 'the other skill']]]]);
    const back = await c.change(a, [{ range: r(1, 6, 1, 11), text: 'alpha' }]);
    assert.deepEqual(dup(await c.diagnosticsFor(a, (p) => p.version === back)), []);
    await c.diagnosticsFor(g, (p) => dup(p.diagnostics).length === 0);
  });
});

describe('duplicates of an open SKILL.md, pulled', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'skills/alpha/SKILL.md': A, 'skills/beta/SKILL.md': B });
    c = await startServer({ root, mode: 'pull' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('the document pull and the workspace pull follow the buffer', async () => {
    type Report = { items: { uri: string; kind: string; resultId: string; items?: Diag[] }[] };
    const beta = uriOf(join(root, 'skills/beta/SKILL.md'));
    const a = await c.open(join(root, 'skills/alpha/SKILL.md'), A);
    const first = await c.request<Report>('workspace/diagnostic', { previousResultIds: [] });
    assert.deepEqual(dup(first.items.find((i) => i.uri === beta)!.items!), []);
    await c.change(a, [{ range: desc(A), text: 'Sorts lists. Use when asked to order a list.' }]);
    const own = await c.request<{ items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri: a } });
    assert.deepEqual(dup(own.items).map((d) => d.slice(0, 2)), [['duplicate-description', r(2, 13, 2, 57)]]);
    // The held workspace pull answers with beta's new report.
    const next = await c.request<Report>('workspace/diagnostic', { previousResultIds: first.items.map((i) => ({ uri: i.uri, value: i.resultId })) });
    assert.deepEqual(dup(next.items.find((i) => i.uri === beta)!.items!).map((d) => d.slice(0, 2)), [['duplicate-description', desc(B)]]);
  });
});

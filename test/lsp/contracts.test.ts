// skill.yaml and meta.yaml over stdio: diagnostics (push and pull), completion and hover
// from the contract schema, definition / references / rename on fallback names.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const PDF = 'id: pdf-report\nversion: 1.2\nexecution:\n  timeout: 5s\n  \nfallback:\n  - skill: csv-clean\n';
const ZH = 'id: zongjie\nname: 总结\nfallback: pdf-report\nexecution:\n  timeout_ms: 1000\nlifecycle:\n  health_check: { timeout_ms: 3000 }\n';
const FILES = {
  'skills/pdf-report/SKILL.md': '---\nname: pdf-report\ndescription: Builds PDF reports. Use when asked for a PDF.\n---\n',
  'skills/csv-clean/SKILL.md': '---\nname: csv-clean\ndescription: Cleans CSV files. Use when data is messy.\n---\n',
  'skills/zongjie/SKILL.md': '---\nname: zongjie\ndescription: 为长篇中文文章写摘要。用于用户要求总结时。\n---\n',
  'skills/pdf-report/skill.yaml': PDF,
  'skills/zongjie/skill.yaml': ZH,
  'skills/meta.yaml': 'skills:\n  - name: pdf-report\n    version: 1.2.0\n  - name: csv-clen\n',
};

interface Item { label: string; detail?: string; documentation?: { value: string }; textEdit: { range: Diag['range']; newText: string } }

for (const mode of ['push', 'pull'] as const) {
  describe(`contracts in the editor (${mode} diagnostics)`, () => {
    let root: string;
    let c: TestClient;
    let pdf: string;
    let zh: string;
    let meta: string;
    before(async () => {
      root = makeWorkspace(FILES);
      c = await startServer({ root, mode });
      pdf = await c.open(join(root, 'skills/pdf-report/skill.yaml'), PDF);
      zh = await c.open(join(root, 'skills/zongjie/skill.yaml'), ZH);
      meta = await c.open(join(root, 'skills/meta.yaml'), FILES['skills/meta.yaml']);
    });
    after(async () => {
      await c.stop();
      removeWorkspace(root);
    });

    const diagnostics = async (uri: string): Promise<Diag[]> => {
      if (mode === 'push') return c.diagnosticsFor(uri);
      const rep = await c.request<{ items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri } });
      return rep.items;
    };
    const brief = (ds: Diag[]) => ds.map((d) => [d.code, d.range, d.message]);

    test('diagnostics of a skill.yaml, with exact ranges (English and Chinese)', async () => {
      assert.deepEqual(brief(await diagnostics(pdf)), [
        ['contract-version', r(1, 9, 1, 12), '`version` must be a semantic version `MAJOR.MINOR.PATCH`, such as `1.2.0`, written as text; `1.2` is read as a number: quote it and check its form'],
      ]);
      assert.deepEqual(brief(await diagnostics(zh)), [
        ['contract-skill-mismatch', r(1, 6, 1, 8), '`name` is `总结` here but `zongjie` in SKILL.md: agents load the skill as `zongjie`; make them equal'],
        ['contract-timeout-order', r(6, 30, 6, 34), 'the health check may take 3000 ms, longer than the execution timeout of 1000 ms: a slow health check outlives the run it guards; make it at most 1000'],
      ]);
      const m = await diagnostics(meta);
      assert.deepEqual(brief(m), [
        ['registry-unlisted-skill', r(0, 0, 0, 6), 'the skill `csv-clean` (csv-clean/SKILL.md) is not listed in this registry: add it under `skills`'],
        ['registry-unlisted-skill', r(0, 0, 0, 6), 'the skill `zongjie` (zongjie/SKILL.md) is not listed in this registry: add it under `skills`'],
        ['registry-unknown-skill', r(3, 10, 3, 18), 'the registry lists `csv-clen`, but no skill of that name exists: remove the entry or add the skill; did you mean `csv-clean`?'],
      ]);
    });

    test('completion: the fields of the mapping at the cursor, with their descriptions; enum values; skill names', async () => {
      const items = await c.request<Item[]>('textDocument/completion', { textDocument: { uri: pdf }, position: { line: 4, character: 2 } });
      const labels = items.map((i) => i.label);
      assert.ok(labels.includes('retries') && labels.includes('rate_limit') && !labels.includes('timeout'), labels.join());
      const retries = items.find((i) => i.label === 'retries')!;
      assert.equal(retries.documentation?.value, 'How many times a failed run is retried.');
      assert.deepEqual(retries.textEdit, { range: r(4, 2, 4, 2), newText: 'retries: ' });
      await c.change(pdf, [{ range: r(4, 2, 4, 2), text: 'isolation: con' }]);
      const values = await c.request<Item[]>('textDocument/completion', { textDocument: { uri: pdf }, position: { line: 4, character: 16 } });
      assert.deepEqual(values.map((i) => i.label), ['none', 'process', 'thread', 'container', 'sandbox', 'vm']);
      assert.deepEqual(values[3].textEdit.range, r(4, 13, 4, 16));
      const names = await c.request<Item[]>('textDocument/completion', { textDocument: { uri: zh }, position: { line: 2, character: 13 } });
      assert.deepEqual(names.map((i) => i.label), ['csv-clean', 'pdf-report', 'zongjie', '总结']);
    });

    test('hover on a field: its type and description from the schema', async () => {
      const h = await c.request<{ contents: { value: string }; range: Diag['range'] }>('textDocument/hover', { textDocument: { uri: zh }, position: { line: 6, character: 5 } });
      assert.equal(h.contents.value, '**`lifecycle.health_check`** — object\n\nHow to tell that the skill is ready.');
      assert.deepEqual(h.range, r(6, 2, 6, 14));
      const v = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: meta }, position: { line: 2, character: 6 } });
      assert.equal(v.contents.value, "**`skills[].version`** — string\n\nThe registered version; must equal the skill's own `version`.");
      const other = await c.open(join(root, 'docs/meta.yaml'), 'version: 1\n');
      assert.equal(await c.request('textDocument/hover', { textDocument: { uri: other }, position: { line: 0, character: 2 } }), null);
    });

    test('definition, references and rename on a fallback name', async () => {
      const defs = await c.request<{ uri: string; range: Diag['range'] }[]>('textDocument/definition', { textDocument: { uri: zh }, position: { line: 2, character: 12 } });
      assert.deepEqual(defs, [
        { uri: uriOf(join(root, 'skills/pdf-report/SKILL.md')), range: r(1, 6, 1, 16) },
        { uri: pdf, range: r(0, 4, 0, 14) },
      ]);
      const refs = await c.request<{ uri: string; range: Diag['range'] }[]>('textDocument/references', { textDocument: { uri: zh }, position: { line: 2, character: 12 }, context: { includeDeclaration: false } });
      assert.deepEqual(refs, [{ uri: zh, range: r(2, 10, 2, 20) }, { uri: meta, range: r(1, 10, 1, 20) }]);
      const edit = await c.request<{ changes: Record<string, { range: Diag['range']; newText: string }[]> }>('textDocument/rename', { textDocument: { uri: zh }, position: { line: 2, character: 12 }, newName: 'pdf-builder' });
      assert.deepEqual(edit.changes, {
        [zh]: [{ range: r(2, 10, 2, 20), newText: 'pdf-builder' }],
        [meta]: [{ range: r(1, 10, 1, 20), newText: 'pdf-builder' }],
        [pdf]: [{ range: r(0, 4, 0, 14), newText: 'pdf-builder' }],
      });
    });
  });
}

describe('skillmd/route', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({
      ...FILES,
      '.skillmd.json': '{ "targets": ["lovia"] }',
      'skills/csv-clean/skill.yaml': 'id: csv-clean\ntrigger_keywords: [csv]\n',
    });
    c = await startServer({ root, mode: 'pull' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('the skills whose trigger keywords match first (from skill.yaml too), then by similarity, with their SKILL.md', async () => {
    const res = await c.request<{ agent: string; candidates: { name: string; matched: string[]; uri: string }[]; others: { name: string; terms: string[] }[] }>('skillmd/route', { request: 'clean this messy csv before the PDF report' });
    assert.equal(res.agent, 'lovia');
    assert.deepEqual(res.candidates.map((x) => [x.name, x.matched]), [['csv-clean', ['csv']]]);
    assert.equal(res.candidates[0].uri, uriOf(join(root, 'skills/csv-clean/SKILL.md')));
    assert.deepEqual(res.others.map((x) => [x.name, x.terms]), [['pdf-report', ['pdf', 'report']]]);
    const zh = await c.request<{ others: { name: string }[] }>('skillmd/route', { request: '请总结这篇中文文章' });
    assert.deepEqual(zh.others.map((x) => x.name), ['zongjie']);
    await assert.rejects(c.request('skillmd/route', { request: ' ' }), /needs a request/);
  });
});

describe('contract quick fixes', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'skills/a/SKILL.md': '---\nname: alpha-skill\ndescription: A. Use when testing.\n---\n', '.skillmd.json': '{ "targets": ["lovia"] }' });
    c = await startServer({ root, mode: 'push' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('did-you-mean fixes of a skill.yaml come as code actions', async () => {
    const text = 'id: alpha-skill\nexecution:\n  tiemout: 5s\nfallback: alpha-skil\n';
    const uri = await c.open(join(root, 'skills/a/skill.yaml'), text);
    const ds = await c.diagnosticsFor(uri, (p) => p.diagnostics.length === 2);
    assert.deepEqual(ds.map((d) => [d.code, d.message]), [
      ['contract-unknown-field', 'unknown contract field `tiemout` in `execution`; did you mean `timeout`?'],
      ['contract-fallback-unknown', 'no skill named `alpha-skil` in the workspace, so this fallback never runs; did you mean `alpha-skill`?'],
    ]);
    const actions = await c.request<{ title: string; edit: { changes: Record<string, { range: Diag['range']; newText: string }[]> } }[]>('textDocument/codeAction', { textDocument: { uri }, range: ds[0].range, context: { diagnostics: ds } });
    assert.deepEqual(actions.map((a) => [a.title, a.edit.changes[uri]]), [
      ['Change to `timeout`', [{ range: r(2, 2, 2, 9), newText: 'timeout' }]],
      ['Change to `alpha-skill`', [{ range: r(3, 10, 3, 20), newText: 'alpha-skill' }]],
    ]);
  });
});

describe('contract fields in a SKILL.md frontmatter', () => {
  let root: string;
  let c: TestClient;
  const text = '---\nname: lovia-skill\ndescription: Does things. Use when testing.\nexecution:\n  retries: -1\n---\n';
  before(async () => {
    root = makeWorkspace({ '.skillmd.json': '{ "targets": ["lovia"] }', 'skills/lovia-skill/SKILL.md': text });
    c = await startServer({ root, mode: 'push' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('are checked with the SKILL.md as you type, with the contract rules', async () => {
    const uri = await c.open(join(root, 'skills/lovia-skill/SKILL.md'), text);
    const ds = await c.diagnosticsFor(uri, (p) => p.diagnostics.some((d) => d.code === 'contract-schema'));
    const d = ds.find((x) => x.code === 'contract-schema')!;
    assert.deepEqual([d.severity, d.range, d.message], [1, r(4, 11, 4, 13), '`execution.retries` must be >= 0']);
  });
});

describe('unsaved contract edits', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'skills/a/SKILL.md': '---\nname: a-skill\ndescription: A. Use when testing.\n---\n' });
    c = await startServer({ root, mode: 'push' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('count at once in the other open contracts that name the skill', async () => {
    const a = await c.open(join(root, 'skills/a/skill.yaml'), 'id: a-skill\nfallback: beta\n');
    // Its id differs from its file name: not loaded, so `beta` names no skill yet.
    const b = await c.open(join(root, 'skills/beta.skill.yaml'), 'id: betta\n');
    const before = await c.diagnosticsFor(a, (p) => p.diagnostics.length > 0);
    assert.deepEqual(before.map((d) => d.code), ['contract-fallback-unknown']);
    await c.diagnosticsFor(b, (p) => p.diagnostics.some((d) => d.code === 'contract-id-file-mismatch'));
    await c.change(b, [{ range: r(0, 4, 0, 9), text: 'beta' }]);
    assert.deepEqual(await c.diagnosticsFor(a, (p) => p.diagnostics.length === 0), []);
  });
});

describe('an open SKILL.md: workspace checks of its contract fields, and routing conflicts', () => {
  let root: string;
  let c: TestClient;
  const pdf = '---\nname: pdf-report\ndescription: Builds PDF reports from spreadsheet data. Use when the user asks for a PDF report of sales figures.\nfallback: csv-clen\n---\n';
  before(async () => {
    root = makeWorkspace({
      '.skillmd.json': '{ "targets": ["lovia"], "routing": { "threshold": 0.5 } }',
      'skills/pdf-report/SKILL.md': pdf,
      'skills/pdf-summary/SKILL.md': '---\nname: pdf-summary\ndescription: Builds PDF reports that summarize spreadsheet data. Use when the user asks for a PDF report of sales figures.\n---\n',
      'skills/csv-clean/SKILL.md': '---\nname: csv-clean\ndescription: Cleans messy CSV files. Use when the data has broken rows.\n---\n',
    });
    c = await startServer({ root, mode: 'push' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('a fallback to a missing skill and the similar skill beside it are reported as you type', async () => {
    const uri = await c.open(join(root, 'skills/pdf-report/SKILL.md'), pdf);
    const ds = await c.diagnosticsFor(uri, (p) => p.diagnostics.some((d) => d.code === 'routing-overlap'));
    const mine = ds.filter((d) => /^(contract|routing)-/.test(String(d.code))).map((d) => [d.code, d.range, d.relatedInformation?.[0]?.location.uri]);
    assert.deepEqual(mine, [
      ['routing-overlap', r(2, 13, 2, 112), uriOf(join(root, 'skills/pdf-summary/SKILL.md'))],
      ['contract-fallback-unknown', r(3, 10, 3, 18), undefined],
    ]);
  });
});

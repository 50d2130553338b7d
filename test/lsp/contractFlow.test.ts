// A skill.yaml written in flow style over stdio: completion, hover and go to definition
// inside `{…}` and `[…]` work as they do in block style; a registry being written gets
// the skill names (block and flow).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const TEXT = 'id: pdf-report\nexecution: {timeout: 5s, }\nfallback: [{skill: csv-clean}]\n';

describe('flow-style contracts in the editor', () => {
  let root: string;
  let c: TestClient;
  let uri: string;
  before(async () => {
    root = makeWorkspace({
      'skills/pdf-report/SKILL.md': '---\nname: pdf-report\ndescription: Builds PDF reports. Use when asked for a PDF.\n---\n',
      'skills/csv-clean/SKILL.md': '---\nname: csv-clean\ndescription: Cleans CSV files. Use when data is messy.\n---\n',
    });
    c = await startServer({ root, mode: 'pull' });
    uri = await c.open(join(root, 'skills/pdf-report/skill.yaml'), TEXT);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('completion of the fields of `execution: {…}` the mapping lacks, and of skill names in `[{skill: …}]`', async () => {
    const items = await c.request<{ label: string; textEdit: { range: Diag['range']; newText: string } }[]>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 24 } });
    assert.deepEqual(items.map((i) => i.label), ['timeout_ms', 'retries', 'retry_policy', 'retry_backoff', 'isolation', 'auth_required', 'rate_limit']);
    assert.deepEqual(items[1].textEdit, { range: r(1, 24, 1, 24), newText: 'retries: ' });
    const names = await c.request<{ label: string; textEdit: { range: Diag['range'] } }[]>('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: 22 } });
    assert.deepEqual(names.map((i) => [i.label, i.textEdit.range]), [['csv-clean', r(2, 19, 2, 22)], ['pdf-report', r(2, 19, 2, 22)]]);
  });

  test('hover on a key and definition of a fallback inside the flow collections', async () => {
    const h = await c.request<{ contents: { value: string }; range: Diag['range'] }>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 14 } });
    assert.deepEqual([h.contents.value, h.range], ['**`execution.timeout`** — string | number\n\nTime limit of one run: a number of seconds, or a duration such as `5s`, `500ms`, `2m`.', r(1, 12, 1, 19)]);
    const defs = await c.request<{ uri: string; range: Diag['range'] }[]>('textDocument/definition', { textDocument: { uri }, position: { line: 2, character: 22 } });
    assert.deepEqual(defs, [{ uri: uriOf(join(root, 'skills/csv-clean/SKILL.md')), range: r(1, 6, 1, 15) }]);
  });

  test('a meta.yaml being written: skill names for `name`, fields and enum values of an entry', async () => {
    const meta = await c.open(join(root, 'skills/meta.yaml'), 'skills:\n  - name: \n    status: \n  - {name: p}\n');
    const names = await c.request<{ label: string; textEdit: { range: Diag['range'] } }[]>('textDocument/completion', { textDocument: { uri: meta }, position: { line: 1, character: 10 } });
    assert.deepEqual(names.map((i) => [i.label, i.textEdit.range]), [['csv-clean', r(1, 10, 1, 10)], ['pdf-report', r(1, 10, 1, 10)]]);
    const status = await c.request<{ label: string }[]>('textDocument/completion', { textDocument: { uri: meta }, position: { line: 2, character: 12 } });
    assert.deepEqual(status.map((i) => i.label), ['draft', 'experimental', 'beta', 'stable', 'active', 'deprecated', 'retired']);
    const flow = await c.request<{ label: string; textEdit: { range: Diag['range'] } }[]>('textDocument/completion', { textDocument: { uri: meta }, position: { line: 3, character: 12 } });
    assert.deepEqual(flow.map((i) => [i.label, i.textEdit.range]), [['csv-clean', r(3, 11, 3, 12)], ['pdf-report', r(3, 11, 3, 12)]]);
    const fields = await c.request<{ label: string }[]>('textDocument/completion', { textDocument: { uri: meta }, position: { line: 3, character: 5 } });
    assert.deepEqual(fields.map((i) => i.label), ['name', 'version', 'status', 'owner']);
  });
});

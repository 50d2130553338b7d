// A 786-byte SKILL.md of nested YAML aliases (an alias bomb): a hover on its last key
// expanded 9^12 values, ran 60 s and aborted the server out of memory (issue 22).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeWorkspace, removeWorkspace, startServer, type TestClient } from './client';

function aliasBomb(name: string, levels = 12): string {
  const lines = ['---', `name: ${name}`, 'description: Formats CSV files as tables. Use when converting CSV data into Markdown tables.'];
  lines.push('l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]');
  for (let i = 1; i < levels; i++) lines.push(`l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  lines.push('description2: *l11', '---', `# ${name}`, '');
  return lines.join('\n');
}

let root: string;
let c: TestClient;
before(async () => {
  root = makeWorkspace({});
  c = await startServer({ root, mode: 'push' });
});
after(async () => {
  await c.stop();
  removeWorkspace(root);
});

test('hover over every key of an alias bomb answers, and the server keeps serving', { timeout: 60_000 }, async () => {
  const text = aliasBomb('bomb');
  const uri = await c.open(join(root, 'skills/bomb/SKILL.md'), text);
  const d = await c.diagnosticsFor(uri);
  assert.ok(d.length > 0);
  type Hover = { contents: { value: string } } | null;
  for (let line = 1; line <= 15; line++) {
    const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line, character: 1 } });
    if (line === 14) {
      assert.deepEqual(h, {
        contents: { kind: 'markdown', value: '### `l11`\n\n**Agent Skills specification (skills-ref)**: not a field it reads (rejected: the skill does not load) — [source](https://github.com/agentskills/agentskills/blob/main/skills-ref/src/skills_ref/validator.py)' },
        range: { start: { line: 14, character: 0 }, end: { line: 14, character: 3 } },
      });
    }
  }
  const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 1 } });
  assert.equal(h?.contents.value.split('\n\n')[1], '`description` 79/1024 chars, 15 tokens *(tokens: o200k_base)*');
  assert.equal(c.proc.exitCode, null);
});

// Skills of a Claude Code plugin (a `.claude-plugin/` folder above them) target
// claude-code: in the index (worker thread), in open documents, and again without it
// once the plugin's folder is deleted.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const N = 60;
// Each skill its own description: identical ones are reported (duplicate-description).
const skill = (name: string) => `---\nname: ${name}\ndescription: Reviews changes in ${name}. Use when the user asks for a review.\nmodel: sonnet\n---\n# ${name}\n`;

function files(): Record<string, string> {
  const out: Record<string, string> = { 'plugin/.claude-plugin/plugin.json': '{ "name": "p" }\n', 'plain/SKILL.md': skill('plain') };
  for (let i = 0; i < N; i++) out[`plugin/skills/s${i}/SKILL.md`] = skill(`s${i}`);
  return out;
}

type Report = { items: { uri: string; items?: Diag[] }[] };
const withProblems = (r: Report) => r.items.filter((i) => i.items?.length).map((i) => i.uri);

describe('Claude Code plugin skills', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace(files());
    c = await startServer({ root, mode: 'pull', env: { SKILLMD_THREADS: '1' } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('the index and open documents check them as claude-code; deleting `.claude-plugin/` re-checks them', async () => {
    await c.waitForIndex(60_000);
    assert.ok(c.messages.includes('index: starting 1 worker thread(s)'), c.messages.join('\n'));
    const plain = uriOf(join(root, 'plain/SKILL.md'));
    assert.deepEqual(withProblems(await c.request<Report>('workspace/diagnostic', { previousResultIds: [] })), [plain]);

    const s0 = join(root, 'plugin/skills/s0/SKILL.md');
    const uri = await c.open(s0, skill('s0'));
    const doc = await c.request<{ items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual(doc.items, []);
    await c.close(uri);

    rmSync(join(root, 'plugin/.claude-plugin'), { recursive: true });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(join(root, 'plugin/.claude-plugin')), type: 3 }] });
    await c.waitForIndex(60_000, { runs: 2 });
    const after = await c.request<Report>('workspace/diagnostic', { previousResultIds: [] });
    assert.equal(withProblems(after).length, N + 1);
    const one = after.items.find((i) => i.uri === uriOf(s0))!;
    assert.deepEqual(one.items!.map((d) => [d.code, d.message]), [['unknown-field', 'Unknown field `model` (rejected by agentskills). It is read by claude-code, eino, which are not targeted.']]);
  });
});

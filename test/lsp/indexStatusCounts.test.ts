// skillmd/indexStatus counts the index as it is: a skill added or deleted after the
// full run is counted (issue 18: "7/7 skills checked" with 8 in the workspace).
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { IndexStatus } from '../../server/src/protocol';
import { makeWorkspace, removeWorkspace, startServer, uriOf, type TestClient } from './client';

let root: string;
let c: TestClient;
before(async () => {
  root = makeWorkspace({
    'skills/one/SKILL.md': '---\nname: one\ndescription: One. Use when testing.\n---\n',
    'skills/two/SKILL.md': '---\nname: two\ndescription: Two. Use when testing.\n---\n',
  });
  c = await startServer({ root, mode: 'pull' });
});
after(async () => {
  await c.stop();
  removeWorkspace(root);
});

const counts = (s: IndexStatus) => [s.state, s.total, s.done, s.references.state, s.references.done];

test('a skill created after the index is counted, and a deleted one leaves the count', async () => {
  assert.deepEqual(counts(await c.waitForIndex()), ['ready', 2, 2, 'ready', 2]);
  const file = join(root, 'skills', 'three', 'SKILL.md');
  mkdirSync(join(root, 'skills', 'three'));
  writeFileSync(file, '---\nname: three\ndescription: Three. Use when testing.\n---\n');
  await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(file), type: 1 }] });
  let s = await waitStatus((x) => x.total === 3);
  assert.deepEqual(counts(s), ['ready', 3, 3, 'ready', 3]);
  rmSync(join(root, 'skills', 'one'), { recursive: true });
  await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(join(root, 'skills', 'one')), type: 3 }] });
  s = await waitStatus((x) => x.total === 2);
  assert.deepEqual(counts(s), ['ready', 2, 2, 'ready', 2]);
});

async function waitStatus(pred: (s: IndexStatus) => boolean): Promise<IndexStatus> {
  const end = Date.now() + 10_000;
  for (;;) {
    const s = await c.request<IndexStatus>('skillmd/indexStatus');
    if (pred(s) || Date.now() > end) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

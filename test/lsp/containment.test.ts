// The server's index never leaves the workspace folders: a link to a folder outside
// (`ln -s / skills/evil` indexed 22,820 "skills") is not followed, at start-up or when
// such a link is created later; a link that stays inside still is (issue 22).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeWorkspace, removeWorkspace, startServer, uriOf } from './client';

const OK = (name: string) => `---\nname: ${name}\ndescription: Formats CSV files as tables. Use when converting CSV data into Markdown tables.\n---\n# ${name}\n`;

const outside = mkdtempSync(join(tmpdir(), 'skillmd-outside-'));
for (const n of ['a', 'b', 'c']) {
  mkdirSync(join(outside, n));
  writeFileSync(join(outside, n, 'SKILL.md'), OK(n));
}
const root = makeWorkspace({ 'skills/ok/SKILL.md': OK('ok'), 'skills/node_modules/linked/SKILL.md': OK('linked') });
symlinkSync(outside, join(root, 'skills/away'));
symlinkSync('/', join(root, 'skills/evil'));
symlinkSync('node_modules/linked', join(root, 'skills/linked'));
after(() => {
  removeWorkspace(root);
  rmSync(outside, { recursive: true, force: true });
});

test('the index counts the skills inside the workspace only, also after a link out is created', { timeout: 60_000 }, async () => {
  const c = await startServer({ root, mode: 'pull' });
  try {
    const s = await c.waitForIndex();
    assert.equal(s.total, 2, 'skills/ok and skills/linked');
    // Created later: a link out of the workspace, then a real folder. The changes are
    // handled in order, so once the second is indexed the first has been handled.
    symlinkSync(outside, join(root, 'skills/later'));
    mkdirSync(join(root, 'skills/fresh'));
    writeFileSync(join(root, 'skills/fresh/SKILL.md'), OK('fresh'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(join(root, 'skills/later')), type: 1 }, { uri: uriOf(join(root, 'skills/fresh')), type: 1 }] });
    const indexed = async () => (await c.request<{ items: { uri: string }[] }>('workspace/diagnostic', { previousResultIds: [] })).items.map((i) => i.uri).sort();
    let uris = await indexed();
    for (let i = 0; !uris.includes(uriOf(join(root, 'skills/fresh/SKILL.md'))); i++) {
      assert.ok(i < 200, `skills/fresh is indexed: ${uris.join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
      uris = await indexed();
    }
    assert.deepEqual(uris, ['fresh', 'linked', 'ok'].map((n) => uriOf(join(root, `skills/${n}/SKILL.md`))));
  } finally {
    await c.stop();
  }
});

// Codex keeps every skill of a name: they sort by name, then by path as Rust compares
// paths (component by component), and a `$name` that names two injects neither.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { SkillCatalog } from '../../../server/src/core/catalog/catalog';
import { renderIndex, renderLoad } from '../../../server/src/core/render';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

test('two skills named dup: `a/b` lists before `a-b`, and $dup injects nothing', async () => {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-codex-dup-')));
  try {
    for (const dir of ['a-b', 'a/b']) {
      mkdirSync(path.join(root, dir), { recursive: true });
      writeFileSync(path.join(root, dir, 'SKILL.md'), `---\nname: dup\ndescription: From ${dir}.\n---\nBody\n`);
    }
    const fs = new NodeFileSystem();
    const c = new SkillCatalog({ fs, agent: 'codex', roots: [{ path: root, origin: 'explicit' }], check: false });
    await c.scan();
    const index = renderIndex(c.snapshot());
    const lines = index.parts[0].text.split('\n').filter((l) => l.startsWith('- dup:'));
    assert.deepEqual(lines, [`- dup: From a/b. (file: ${root}/a/b/SKILL.md)`, `- dup: From a-b. (file: ${root}/a-b/SKILL.md)`]);
    const load = await renderLoad(c, fs, 'dup');
    assert.equal(load.ok, false);
    assert.equal(load.parts[0].text, '');
    assert.deepEqual(load.notes, [`2 skills are named "dup" (${root}/a/b/SKILL.md, ${root}/a-b/SKILL.md): Codex injects none of them for \`$dup\``]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

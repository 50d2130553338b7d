import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, chmodSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';
import { readSkillFile } from '../../../server/src/core/document/readSkillFile';
import { checkReferences } from '../../../server/src/core/references/check';

const fixtures = path.join(__dirname, '../../fixtures/references');

async function run(dir: string) {
  const fs = new NodeFileSystem();
  const read = await readSkillFile(fs, path.join(dir, 'SKILL.md'));
  const res = await checkReferences(fs, read.doc!);
  return res.diagnostics.map((d) => `${d.code} ${d.file === read.doc!.path ? `${d.range.start.line}:${d.range.start.character}` : path.relative(dir, d.file)}`);
}

test('real file system: escaping symlink, symlink loop, permissions, symlinked folder', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'skillmd-refs-'));
  try {
    const dir = path.join(root, 'linked-skill');
    cpSync(path.join(fixtures, 'linked-skill'), dir, { recursive: true });
    mkdirSync(path.join(root, 'outside'));
    // git keeps no empty folders: a fresh clone has no references/ here.
    mkdirSync(path.join(dir, 'references'), { recursive: true });
    writeFileSync(path.join(root, 'outside', 'secret.md'), '# Secret\n');
    symlinkSync(path.join(root, 'outside', 'secret.md'), path.join(dir, 'references', 'secret.md'));
    symlinkSync('loop-b.md', path.join(dir, 'references', 'loop-a.md'));
    symlinkSync('loop-a.md', path.join(dir, 'references', 'loop-b.md'));
    symlinkSync(path.join(root, 'outside'), path.join(dir, 'assets'));
    chmodSync(path.join(dir, 'scripts', 'run.sh'), 0o644);
    chmodSync(path.join(dir, 'scripts', 'ok.sh'), 0o755);
    assert.deepEqual(await run(dir), [
      'reference-escapes-skill 4:9',
      'reference-missing 5:7',
      'reference-not-executable 8:0',
      'reference-escapes-skill 11:5',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('fixture skill: every form resolves, unused file found', async () => {
  assert.deepEqual(await run(path.join(fixtures, 'complete-skill')), ['reference-unused-file references/orphan.md']);
});

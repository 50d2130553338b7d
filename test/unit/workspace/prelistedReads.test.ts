// A file one check reads twice (the script rules, then the unused-file check reading
// the scripts in use) comes from the disk once.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkSkillFile } from '../../../server/src/core/check/checkSkillFile';
import { enableReferenceChecks } from '../../../server/src/core/references';
import type { DirEntry, FileSystem, WithinRead } from '../../../server/src/core/workspace/fileSystem';
import { PrelistedFileSystem } from '../../../server/src/core/workspace/prelistedFileSystem';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

/** The real disk, counting readFileWithin per path. */
class CountingFileSystem extends NodeFileSystem {
  readonly within = new Map<string, number>();

  override readFileWithin(p: string, maxBytes: number): Promise<WithinRead> {
    this.within.set(p, (this.within.get(p) ?? 0) + 1);
    return super.readFileWithin(p, maxBytes);
  }
}

test('a whole file read is kept for the rest of the check; a file over the limit and a missing one are not', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'skillmd-prelisted-'));
  try {
    writeFileSync(path.join(root, 'small.txt'), 'abc');
    writeFileSync(path.join(root, 'big.txt'), 'x'.repeat(100));
    const disk = new CountingFileSystem({ sync: true });
    const listing: DirEntry[] = await disk.readDirectory(root);
    const fs: FileSystem = new PrelistedFileSystem(disk, [[root, listing]]);
    const small = path.join(root, 'small.txt');
    const first = await fs.readFileWithin!(small, 50);
    const second = await fs.readFileWithin!(small, 50);
    assert.ok('bytes' in first && 'bytes' in second);
    assert.equal(new TextDecoder().decode(second.bytes), 'abc');
    assert.equal(disk.within.get(small), 1);
    // A smaller limit than the kept file: asked again, and answered as the disk answers.
    assert.deepEqual(await fs.readFileWithin!(small, 2), { size: 3 });
    assert.equal(disk.within.get(small), 2);
    const big = path.join(root, 'big.txt');
    assert.deepEqual(await fs.readFileWithin!(big, 50), { size: 100 });
    assert.deepEqual(await fs.readFileWithin!(big, 50), { size: 100 });
    assert.equal(disk.within.get(big), 2, 'only bytes are kept');
    await assert.rejects(fs.readFileWithin!(path.join(root, 'none.txt'), 50), { code: 'ENOENT' });
    assert.equal(disk.within.get(path.join(root, 'none.txt')), undefined, 'the listing answered');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a script the instructions run and the unused-file check reads is read once per check, with the same findings', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'skillmd-prelisted-'));
  try {
    const skill = path.join(root, 'tidy');
    mkdirSync(path.join(skill, 'scripts'), { recursive: true });
    mkdirSync(path.join(skill, 'assets'));
    writeFileSync(path.join(skill, 'SKILL.md'), '---\nname: tidy\ndescription: Tidies CSV files. Use when a CSV file needs tidying.\n---\n\nRun `python scripts/tidy.py`.\n');
    // It names its template: in use, though SKILL.md does not name it.
    writeFileSync(path.join(skill, 'scripts', 'tidy.py'), 'print(open("assets/template.csv").read())\n');
    writeFileSync(path.join(skill, 'assets', 'template.csv'), 'a,b\n');
    writeFileSync(path.join(skill, 'assets', 'spare.csv'), 'c,d\n');
    enableReferenceChecks();
    const disk = new CountingFileSystem({ sync: true });
    const listings: [string, DirEntry[]][] = [];
    for (const dir of [skill, path.join(skill, 'scripts'), path.join(skill, 'assets')]) listings.push([dir, await disk.readDirectory(dir)]);
    const file = path.join(skill, 'SKILL.md');
    const r = await checkSkillFile(new PrelistedFileSystem(disk, listings), file, { targets: ['claude-code'] });
    assert.equal(disk.within.get(path.join(skill, 'scripts', 'tidy.py')), 1);
    // The same findings as a check reading straight from the disk.
    const direct = await checkSkillFile(new NodeFileSystem({ sync: true }), file, { targets: ['claude-code'] });
    const codes = (d: typeof r.diagnostics) => d.map((x) => `${x.code} ${path.relative(skill, x.file)}`);
    assert.deepEqual(codes(r.diagnostics), codes(direct.diagnostics));
    assert.deepEqual(codes(r.diagnostics), ['reference-unused-file assets/spare.csv']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

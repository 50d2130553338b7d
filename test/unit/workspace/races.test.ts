// The disk changes under a run: a skill file deleted between the walk listing it and
// the check reading it, a folder deleted while the walk is on its way to it. Real
// files on disk; the file system the CLI uses, with a hook that deletes at the moment
// in between (no timing involved).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { checkSkillFile } from '../../../server/src/core/check/checkSkillFile';
import { findSkillFiles } from '../../../server/src/core/workspace/findSkillFiles';
import type { DirEntry } from '../../../server/src/core/workspace/fileSystem';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

const OK = (n: string) => `---\nname: ${n}\ndescription: Formats CSV files as tables. Use when converting CSV data into Markdown tables.\n---\n# ${n}\n`;
const roots: string[] = [];
after(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function disk(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'skillmd-race-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/** NodeFileSystem that runs `then` once, right after listing `dir`. */
class DeletingFileSystem extends NodeFileSystem {
  constructor(private readonly dir: string, private readonly then: () => void) {
    super({ sync: true });
  }
  override async readDirectory(p: string): Promise<DirEntry[]> {
    const entries = await super.readDirectory(p);
    if (p === this.dir) this.then();
    return entries;
  }
}

test('a skill file deleted between listing and reading is one file-unreadable diagnostic; the next skill is checked', async () => {
  const root = disk({ 'a/SKILL.md': OK('a'), 'b/SKILL.md': OK('b') });
  const fs = new DeletingFileSystem(path.join(root, 'a'), () => rmSync(path.join(root, 'a/SKILL.md')));
  const results = [];
  for (const f of (await findSkillFiles(fs, root)).files) results.push(await checkSkillFile(fs, f, { targets: ['agentskills'] }));
  assert.deepEqual(results.map((r) => [r.name, r.diagnostics.map((d) => `${d.code}: ${d.message}`)]), [
    ['a', ['file-unreadable: The skill file does not exist (or is a symbolic link to a missing file).']],
    ['b', []],
  ]);
});

test('a folder deleted during the scan is one folder-unreadable problem that says so; the rest is found', async () => {
  const root = disk({ 'a/SKILL.md': OK('a'), 'b/deep/SKILL.md': OK('deep'), 'c/SKILL.md': OK('c') });
  // Listing the root names a, b and c; b is gone before the walk gets there.
  const fs = new DeletingFileSystem(root, () => rmSync(path.join(root, 'b'), { recursive: true }));
  const scan = await findSkillFiles(fs, root);
  assert.deepEqual(scan.files, [path.join(root, 'a/SKILL.md'), path.join(root, 'c/SKILL.md')]);
  assert.deepEqual(scan.problems, [{ path: path.join(root, 'b'), code: 'folder-unreadable', message: `${path.join(root, 'b')} was deleted or replaced while the scan ran, so nothing in it was checked; run the check again` }]);
});

test('an unreadable file or folder on an injected file system: one diagnostic each (what root cannot be denied)', async () => {
  const fs = new MemoryFileSystem({ '/r/a/SKILL.md': OK('a'), '/r/b/SKILL.md': OK('b'), '/r/c/inner/SKILL.md': OK('inner') });
  fs.makeUnreadable('/r/a/SKILL.md');
  const listing = fs.readDirectory.bind(fs);
  fs.readDirectory = async (p: string) => {
    if (p === '/r/c') throw Object.assign(new Error(`EACCES: permission denied, scandir '${p}'`), { code: 'EACCES' });
    return listing(p);
  };
  const scan = await findSkillFiles(fs, '/r');
  assert.deepEqual(scan.problems.map((p) => [p.code, p.path, p.message]), [['folder-unreadable', '/r/c', 'cannot read folder: permission denied']]);
  const checked = await Promise.all(scan.files.map((f) => checkSkillFile(fs, f, { targets: ['agentskills'] })));
  assert.deepEqual(checked.map((r) => [r.name, r.diagnostics.map((d) => d.message)]), [['a', ['The skill file cannot be read: permission denied.']], ['b', []]]);
});

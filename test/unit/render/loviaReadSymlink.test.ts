// lovia's read_skill_file checks `(root / relpath).resolve()` against the skill folder:
// Python follows a symbolic link before the `..` after it, so `link/../x` leaves the
// skill when `link` points elsewhere, even though the string collapses to `x`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { SkillCatalog } from '../../../server/src/core/catalog/catalog';
import { renderRead } from '../../../server/src/core/render';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

test('`link/../secret.txt` escapes when `link` leads out of the skill; `../` inside the skill stays allowed', async () => {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-lovia-link-')));
  try {
    const skill = path.join(root, 'skills/demo');
    mkdirSync(path.join(skill, 'references'), { recursive: true });
    mkdirSync(path.join(root, 'other/dir'), { recursive: true });
    writeFileSync(path.join(skill, 'SKILL.md'), '---\nname: demo\ndescription: Demo.\n---\nBody\n');
    writeFileSync(path.join(skill, 'secret.txt'), 'inside\n');
    writeFileSync(path.join(root, 'other/secret.txt'), 'outside\n');
    symlinkSync(path.join(root, 'other/dir'), path.join(skill, 'link'));
    const fs = new NodeFileSystem();
    const c = new SkillCatalog({ fs, agent: 'lovia', roots: [{ path: path.join(root, 'skills'), origin: 'explicit' }], check: false });
    await c.scan();
    const escaped = await renderRead(c, fs, 'demo', 'link/../secret.txt');
    assert.equal(escaped.ok, false);
    assert.equal(escaped.parts[0].text, "Path 'link/../secret.txt' escapes skill directory.  Use a relative path inside the skill directory.");
    const inside = await renderRead(c, fs, 'demo', 'references/../secret.txt');
    assert.equal(inside.ok, true);
    assert.equal(inside.parts[0].text, '[skill: demo  file: references/../secret.txt]\n--- BEGIN SKILL CONTENT (reference material) ---\ninside\n\n--- END SKILL CONTENT ---');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

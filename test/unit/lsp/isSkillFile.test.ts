// Which files the server treats as skills: as the workspace walk does, a lower-case
// skill.md inside a skill is one of its files (a checklist about skills), not a skill.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { isSkillFile } from '../../../server/src/lsp/convert';

test('isSkillFile: SKILL.md always; skill.md unless a folder above holds a SKILL.md', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'skillmd-isskill-'));
  try {
    for (const f of ['skills/optimizer/SKILL.md', 'skills/optimizer/checklists/skill.md', 'skills/lower/skill.md']) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), '# x\n');
    }
    assert.deepEqual(
      ['skills/optimizer/SKILL.md', 'skills/optimizer/checklists/skill.md', 'skills/lower/skill.md', 'skills/lower/README.md'].map((f) => isSkillFile(path.join(root, f))),
      [true, false, true, false],
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

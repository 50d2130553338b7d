// Which files the server treats as skills: as the workspace walk does, a lower-case
// skill.md inside a skill is one of its files (a checklist about skills), not a skill.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { isSkillFile } from '../../../server/src/lsp/convert';
import { ReferenceService } from '../../../server/src/lsp/references';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

test('isSkillFile: SKILL.md always; skill.md unless a folder above holds a skill file', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'skillmd-isskill-'));
  try {
    for (const f of ['skills/optimizer/SKILL.md', 'skills/optimizer/checklists/skill.md', 'skills/lower/skill.md', 'skills/lower/templates/skill.md']) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), '# x\n');
    }
    assert.deepEqual(
      ['skills/optimizer/SKILL.md', 'skills/optimizer/checklists/skill.md', 'skills/lower/skill.md', 'skills/lower/templates/skill.md', 'skills/lower/README.md'].map((f) => isSkillFile(path.join(root, f))),
      [true, false, true, false, false],
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('renaming a file next to a lower-case skill.md inside a skill updates the skill\'s links', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'skillmd-isskill-'));
  try {
    const files: Record<string, string> = {
      'skills/optimizer/SKILL.md': '---\nname: optimizer\ndescription: d\n---\nSee [checklist](checklists/skill.md) and [notes](checklists/notes.md).\n',
      'skills/optimizer/checklists/skill.md': '# Skills checklist\n',
      'skills/optimizer/checklists/notes.md': '# Notes\n',
    };
    for (const [f, t] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), t);
    }
    const svc = new ReferenceService({ fs: new NodeFileSystem(), openText: () => undefined });
    const p = (f: string) => path.join(root, 'skills/optimizer', f);
    assert.equal(svc.skillDirOf(p('checklists/notes.md')), path.join(root, 'skills/optimizer'));
    const r = await svc.renameChange([{ from: p('checklists/notes.md'), to: p('checklists/todo.md') }]);
    assert.deepEqual(Object.values(r.change.edits).flat().map((e) => e.newText), ['checklists/todo.md']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

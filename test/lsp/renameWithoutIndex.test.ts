// Renaming a skill updates `/name` in every skill of the workspace, also when
// workspace diagnostics are off (no background index to list the skills).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type TestClient } from './client';

describe('skill rename without the workspace index', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({
      'a-skill/SKILL.md': '---\nname: a-skill\ndescription: The first skill. Use when testing renames.\n---\nRun `/a-skill`.\n',
      'b-skill/SKILL.md': '---\nname: b-skill\ndescription: The second skill. Use when testing renames.\n---\nCall /a-skill first.\n',
    });
    c = await startServer({ root, mode: 'push', settings: { diagnostics: { workspace: false } } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('the closed skill that mentions /a-skill is edited too', async () => {
    const uri = await c.open(`${root}/a-skill/SKILL.md`, '---\nname: a-skill\ndescription: The first skill. Use when testing renames.\n---\nRun `/a-skill`.\n');
    const we = await c.request<{ documentChanges: ({ textDocument?: { uri: string }; edits?: { range: unknown; newText: string }[]; kind?: string })[] }>('textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 8 }, newName: 'z-skill' });
    const b = we.documentChanges.find((d) => d.textDocument?.uri === uriOf(`${root}/b-skill/SKILL.md`));
    assert.deepEqual(b?.edits, [{ range: r(4, 6, 4, 13), newText: 'z-skill' }]);
    const a = we.documentChanges.find((d) => d.textDocument?.uri === uri);
    assert.deepEqual(a?.edits?.map((e) => e.newText), ['z-skill', 'z-skill']);
    assert.ok(we.documentChanges.some((d) => d.kind === 'rename'), 'the folder is renamed');
  });
});

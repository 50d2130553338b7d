// Code actions over stdio: every edit targets the file it was made for. A SKILL.md's
// check also reports on its linked Markdown files; their fixes belong to those files,
// never to the SKILL.md's "fix all" (applied there, `---` became `---./checklist.md`).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const SKILL = '---\nname: linked\ndescription: Links a guide. Use when testing.\n---\nRead [the guide](references/guide.md) and [notes](references/Notes.md).\n';
const GUIDE = '# Guide\n\nSee [the checklist](./checklist.md).\n';

interface Edit { range: Diag['range']; newText: string }
interface Action { title: string; kind?: string; edit?: { documentChanges?: { textDocument: { uri: string; version: number | null }; edits: Edit[] }[] } }

describe('code actions target their own file', () => {
  let root: string;
  let c: TestClient;
  const u = (rel: string) => uriOf(join(root, rel));
  before(async () => {
    root = makeWorkspace({
      'linked/SKILL.md': SKILL,
      'linked/references/guide.md': GUIDE,
      'linked/references/notes.md': '# Notes\n',
      'linked/docs/checklist.md': '# Checklist\n',
    });
    c = await startServer({ root, mode: 'push' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test("fix all in SKILL.md carries only SKILL.md's edits; the guide's fix stays the guide's", async () => {
    const skill = await c.open(join(root, 'linked/SKILL.md'), SKILL);
    const own = await c.diagnosticsFor(skill, (p) => p.diagnostics.length > 0);
    assert.deepEqual(own.map((d) => [d.code, d.range]), [['reference-case-mismatch', r(4, 50, 4, 69)]]);
    const guideDiags = await c.diagnosticsFor(u('linked/references/guide.md'), (p) => p.diagnostics.length > 0);
    assert.deepEqual(guideDiags.map((d) => [d.code, d.range]), [['reference-missing', r(2, 20, 2, 34)]]);

    const all = await c.request<Action[]>('textDocument/codeAction', { textDocument: { uri: skill }, range: r(0, 0, 0, 0), context: { diagnostics: [], only: ['source.fixAll'] } });
    assert.deepEqual(all, [{
      title: 'Fix all skillmd problems in this file',
      kind: 'source.fixAll.skillmd',
      edit: { documentChanges: [{ textDocument: { uri: skill, version: 1 }, edits: [{ range: r(4, 50, 4, 69), newText: 'references/notes.md' }] }] },
    }]);

    // The guide's fixes, asked from the guide: every edit has the guide's URI.
    const guide = await c.open(join(root, 'linked/references/guide.md'), GUIDE);
    const fixes = await c.request<Action[]>('textDocument/codeAction', { textDocument: { uri: guide }, range: guideDiags[0].range, context: { diagnostics: guideDiags } });
    const edit = { documentChanges: [{ textDocument: { uri: guide, version: 1 }, edits: [{ range: r(2, 20, 2, 34), newText: '../docs/checklist.md' }] }] };
    assert.deepEqual(fixes.map((a) => [a.title, a.edit]), [
      ['Change to `../docs/checklist.md`', edit],
      ['Create `references/checklist.md`', { documentChanges: [
        { kind: 'create', uri: u('linked/references/checklist.md'), options: { overwrite: false, ignoreIfExists: false } },
        { textDocument: { uri: u('linked/references/checklist.md'), version: null }, edits: [{ range: r(0, 0, 0, 0), newText: '# Checklist\n' }] },
      ] }],
      ['Fix all skillmd problems in this file', edit],
    ]);
  });
});

// `#file:` mentions (Copilot in VS Code attaches the file) over stdio: a document link
// and go to definition like a Markdown link's, nothing for one in inline code.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const SKILL = [
  '---',
  'name: attach',
  'description: Attaches files. Use when testing file mentions.',
  '---',
  'Attach #file:references/guide.md#usage and [the guide](references/guide.md).',
  'Not `#file:references/guide.md` in code.',
  '',
].join('\n');

interface Link { range: Diag['range']; target: string; tooltip?: string }
interface Loc { uri: string; range: Diag['range'] }

describe('#file: mentions', () => {
  let root: string;
  let c: TestClient;
  let uri: string;

  before(async () => {
    root = makeWorkspace({
      '.github/skills/attach/SKILL.md': SKILL,
      '.github/skills/attach/references/guide.md': '# Guide\n\n## Usage\n',
    });
    c = await startServer({ root, mode: 'pull', settings: { targets: ['copilot'] } });
    uri = await c.open(join(root, '.github/skills/attach/SKILL.md'), SKILL);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('document links: the mention (its path, up to `#`) and the Markdown link', async () => {
    const guide = uriOf(join(root, '.github/skills/attach/references/guide.md'));
    assert.deepEqual(await c.request<Link[]>('textDocument/documentLink', { textDocument: { uri } }), [
      { range: r(4, 13, 4, 32), target: guide, tooltip: 'Open references/guide.md' },
      { range: r(4, 55, 4, 74), target: guide, tooltip: 'Open references/guide.md' },
    ]);
  });

  test('definition: the attached file, from the mention; nothing from inline code', async () => {
    const def = (line: number, character: number) => c.request<Loc | null>('textDocument/definition', { textDocument: { uri }, position: { line, character } });
    const guide = { uri: uriOf(join(root, '.github/skills/attach/references/guide.md')), range: r(0, 0, 0, 0) };
    assert.deepEqual(await def(4, 20), guide);
    assert.deepEqual(await def(4, 60), guide);
    assert.equal(await def(4, 9), null);
    assert.equal(await def(5, 15), null);
  });
});

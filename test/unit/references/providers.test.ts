import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completions, definition, documentLinks, hoverInfo, moveEdits, referencesTo, renameEdits } from '../../../server/src/core/references/providers';
import { DependencyIndex } from '../../../server/src/core/references/dependencies';
import { applyEdits, FM, r, skill, SKILL, SKILL_MD } from './helpers';

const files = {
  'references/guide.md': '# Guide\n\nIntro.\n\n## Usage\nRun it. See [back](../SKILL.md#setup) and [api](api.md).\n',
  'references/api.md': '# API\n',
  'scripts/run.sh': '#!/bin/sh\necho hi\n',
  'assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]),
};

test('documentLinks: every reference with its target and fragment', () => {
  const { doc } = skill('# Setup\n[g](references/guide.md#usage) `scripts/run.sh` [s](#setup) `notes.txt`\n', files);
  assert.deepEqual(documentLinks(doc).map((l) => `${r(l.range)} ${l.target.slice(SKILL.length)}${l.fragment ? '#' + l.fragment : ''} ${l.kind}`), [
    '5:4-5:29 /references/guide.md#usage link',
    '5:32-5:46 /scripts/run.sh code',
    '5:52-5:58 /SKILL.md#setup link',
  ]);
});

test('definition: the heading of a fragment, else the file start', async () => {
  const { fs, doc } = skill('# Setup\n[g](references/guide.md#usage) `scripts/run.sh` [s](#setup)\n', files);
  assert.deepEqual(await definition(fs, doc, { line: 5, character: 10 }), { file: `${SKILL}/references/guide.md`, range: { start: { line: 4, character: 0 }, end: { line: 4, character: 8 } } });
  assert.deepEqual(await definition(fs, doc, { line: 5, character: 35 }), { file: `${SKILL}/scripts/run.sh`, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
  assert.deepEqual(await definition(fs, doc, { line: 5, character: 54 }), { file: SKILL_MD, range: { start: { line: 4, character: 0 }, end: { line: 4, character: 7 } } });
  assert.equal(await definition(fs, doc, { line: 4, character: 2 }), undefined);
});

test('referencesTo: every location in the skill that points at a file, including other Markdown files', async () => {
  const { fs } = skill('# Setup\n[g](references/guide.md) and [a](references/api.md#api)\n', files);
  const locs = await referencesTo(fs, SKILL, `${SKILL}/references/api.md`);
  assert.deepEqual(locs.map((l) => `${l.file.slice(SKILL.length + 1)} ${r(l.range)}`), ['SKILL.md 5:33-5:54', 'references/guide.md 5:48-5:54']);
  const folder = await referencesTo(fs, SKILL, `${SKILL}/references`);
  assert.equal(folder.length, 3);
});

test('completions: files and folders after ](, src=", in inline code and after agent variables; headings after #', async () => {
  const body = '[x](references/)\n<img src="\n`scripts/\n{{.BaseDirectory}}/\n[y](references/guide.md#\n';
  const { fs, doc } = skill(body, files);
  const labels = async (line: number, character: number) => (await completions(fs, doc, { line, character })).map((c) => `${c.label}@${r(c.range)}`);
  assert.deepEqual(await labels(4, 15), ['api.md@4:15-4:15', 'guide.md@4:15-4:15']);
  assert.deepEqual(await labels(5, 10), ['assets/@5:10-5:10', 'references/@5:10-5:10', 'scripts/@5:10-5:10']);
  assert.deepEqual(await labels(6, 9), ['run.sh@6:9-6:9']);
  assert.deepEqual(await labels(7, 19), ['assets/@7:19-7:19', 'references/@7:19-7:19', 'scripts/@7:19-7:19']);
  assert.deepEqual(await labels(8, 24), ['#guide@8:24-8:24', '#usage@8:24-8:24']);
  assert.deepEqual(await labels(1, 3), []); // frontmatter
});

test('renameEdits: file rename keeps fragments, ./ and encoding; a moved Markdown file keeps its own links', async () => {
  const body = '[g](references/guide.md#usage) [h](./references/guide.md) `references/guide.md` ${CLAUDE_SKILL_DIR}/x\n\n[d]: references/guide.md\n';
  const { fs } = skill(body, files);
  const change = await renameEdits(fs, SKILL, `${SKILL}/references/guide.md`, `${SKILL}/references/how to.md`);
  assert.deepEqual(Object.keys(change.edits), [SKILL_MD]);
  assert.equal(applyEdits(FM + body, change.edits[SKILL_MD]),
    FM + '[g](references/how%20to.md#usage) [h](./references/how%20to.md) `"references/how to.md"` ${CLAUDE_SKILL_DIR}/x\n\n[d]: references/how%20to.md\n');

  const moved = await renameEdits(fs, SKILL, `${SKILL}/references/guide.md`, `${SKILL}/docs/deep/guide.md`);
  assert.equal(applyEdits(files['references/guide.md'], moved.edits[`${SKILL}/references/guide.md`]),
    '# Guide\n\nIntro.\n\n## Usage\nRun it. See [back](../../SKILL.md#setup) and [api](../../references/api.md).\n');
});

test('moveEdits: two files moved into one folder together keep the link between them', async () => {
  const { fs } = skill('[g](references/guide.md) [a](references/api.md)\n', files);
  const change = await moveEdits(fs, SKILL, [
    { from: `${SKILL}/references/guide.md`, to: `${SKILL}/docs/guide.md` },
    { from: `${SKILL}/references/api.md`, to: `${SKILL}/docs/api.md` },
  ]);
  // guide.md's `api.md` and `../SKILL.md#setup` stay as they are: both still hold.
  assert.equal(change.edits[`${SKILL}/references/guide.md`], undefined);
  assert.equal(applyEdits(FM + '[g](references/guide.md) [a](references/api.md)\n', change.edits[SKILL_MD]), FM + '[g](docs/guide.md) [a](docs/api.md)\n');
});

test('renameEdits: a reference in the wrong letter case moves too, and gets the case right; an exact-case file of its own stays', async () => {
  const body = '[g](references/GUIDE.md#usage) [a](references/API.md) [b](REFERENCES/guide.md)\n';
  const { fs } = skill(body, { ...files, 'references/API.md': '# Another API\n' });
  const change = await renameEdits(fs, SKILL, `${SKILL}/references/guide.md`, `${SKILL}/references/manual.md`);
  assert.equal(applyEdits(FM + body, change.edits[SKILL_MD]), FM + '[g](references/manual.md#usage) [a](references/API.md) [b](references/manual.md)\n');
  // references/API.md exists as written: renaming api.md leaves it alone.
  const api = await renameEdits(fs, SKILL, `${SKILL}/references/api.md`, `${SKILL}/references/calls.md`);
  assert.equal(api.edits[SKILL_MD], undefined);
});

test('renameEdits: a folder rename updates references into it', async () => {
  const body = '[g](references/guide.md) ![l](assets/logo.png) `{{.BaseDirectory}}/references/api.md`\n';
  const { fs } = skill(body, files);
  const change = await renameEdits(fs, SKILL, `${SKILL}/references`, `${SKILL}/docs`);
  assert.equal(applyEdits(FM + body, change.edits[SKILL_MD]), FM + '[g](docs/guide.md) ![l](assets/logo.png) `{{.BaseDirectory}}/docs/api.md`\n');
  assert.equal(change.edits[`${SKILL}/references/guide.md`], undefined);
});

test('hoverInfo: first lines and tokens of a text target, the image, a missing file', async () => {
  const { fs, doc } = skill('[g](references/guide.md#usage) ![l](assets/logo.png) [n](references/nope.md)\n', files);
  const h = await hoverInfo(fs, doc, { line: 4, character: 6 });
  assert.equal(h!.markdown, '**references/guide.md** · 83 B · 29 tokens\n\n```markdown\n## Usage\nRun it. See [back](../SKILL.md#setup) and [api](api.md).\n\n```');
  assert.equal(h!.tokens, 29);
  const img = await hoverInfo(fs, doc, { line: 4, character: 40 });
  assert.equal(img!.markdown, `**assets/logo.png** · 6 B\n\n![logo.png](file://${SKILL}/assets/logo.png)`);
  const missing = await hoverInfo(fs, doc, { line: 4, character: 60 });
  assert.equal(missing!.markdown, '`references/nope.md` does not exist.');
});

test('DependencyIndex: dependents of a file, of a folder rename, of a new file in the skill', () => {
  const idx = new DependencyIndex();
  idx.update('/w/a/SKILL.md', ['/w/a/references/x.md', '/w/a/references']);
  idx.update('/w/b/SKILL.md', ['/w/shared/y.md']);
  assert.deepEqual(idx.dependentsOf('/w/a/references/x.md'), ['/w/a/SKILL.md']);
  assert.deepEqual(idx.dependentsOf('/w/shared'), ['/w/b/SKILL.md']);
  assert.deepEqual(idx.dependentsOf('/w/a/scripts/new.py'), ['/w/a/SKILL.md']);
  assert.deepEqual(idx.dependentsOf('/w/c/x.md'), []);
  idx.remove('/w/b/SKILL.md');
  assert.deepEqual(idx.dependentsOf('/w/shared/y.md'), []);
});

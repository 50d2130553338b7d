// The fixture harness itself: parsing, rendering, and one fixture through every face.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFixture, parseFixture, renderFixture } from './fixture';

test('markers: carets under the range, the bare form from column 0, empty and multi-line ranges', () => {
  const { files, marks } = parseFixture(`
    //- a/SKILL.md
    name: x
    ^^^^ warning some-rule
    See [g](gone.md).
    //      ^^^^^^^ error reference-missing: \`gone.md\` …
    //- a/b.md
    | hint unused
    text
      ^^ info two-lines (to +1:3)
  `);
  assert.deepEqual([...files.entries()], [['a/SKILL.md', 'name: x\nSee [g](gone.md).'], ['a/b.md', 'text\n']]);
  assert.deepEqual(marks.map((m) => [m.file, `${m.range.start.line}:${m.range.start.character}-${m.range.end.line}:${m.range.end.character}`, m.severity, m.code, m.message]), [
    ['a/SKILL.md', '0:0-0:4', 'warning', 'some-rule', undefined],
    ['a/SKILL.md', '1:8-1:15', 'error', 'reference-missing', '`gone.md` …'],
    ['a/b.md', '0:0-0:0', 'hint', 'unused', undefined],
    ['a/b.md', '0:2-1:3', 'info', 'two-lines', undefined],
  ]);
  // Rendering gives the same markers back (the form a failing test prints).
  assert.equal(renderFixture(files, marks), [
    '//- a/SKILL.md', 'name: x', '^^^^ warning some-rule', 'See [g](gone.md).', '//      ^^^^^^^ error reference-missing: `gone.md` …',
    '//- a/b.md', 'text', '| hint unused', '//^^ info two-lines (to +1:3)', '',
  ].join('\n'));
});

test('a text without a file header is skills/my-skill/SKILL.md', () => {
  assert.deepEqual([...parseFixture('---\nname: my-skill\n---\n').files.keys()], ['skills/my-skill/SKILL.md']);
});

const BROKEN = `
  //- skills/my-skill/SKILL.md
  ---
  name: my-skill
  description: Does things. Use when testing the fixture harness.
  ---
  See [guide](references/gide.md).
  //          ^^^^^^^^^^^^^^^^^^ error reference-missing: …Did you mean \`references/guide.md\`?
  //- skills/my-skill/references/guide.md
  # Guide
`;

test('core, CLI and server report exactly the marked diagnostics', async () => {
  await checkFixture(BROKEN);
});

test('a missing or extra diagnostic fails, showing what the face saw', async () => {
  const unmarked = BROKEN.replace(/^.*\^\^\^.*$/m, '');
  await assert.rejects(checkFixture(unmarked, { through: ['core'] }), (e: Error) => {
    assert.match(e.message, /diagnostics through the core/);
    assert.match(e.message, /\^\^\^\^ error reference-missing: `references\/gide.md` does not exist/);
    return true;
  });
  const wrongMessage = BROKEN.replace('…Did you mean', 'Did you mean');
  await assert.rejects(checkFixture(wrongMessage, { through: ['cli'] }), /diagnostics through the cli/);
});

// Reference extraction and messages against CommonMark and GitHub: footnotes and prose
// are not definitions, a query is not part of a file name, entities are decoded, and
// the messages name what is really wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, r } from './helpers';

const view = (ds: { code: string; range: Parameters<typeof r>[0]; message: string }[]) => ds.map((d) => [d.code, r(d.range), d.message]);

test('footnotes, prose after `[label]:` and a definition under a paragraph line are not definitions', async () => {
  const { diagnostics } = await check('Text[^1].\n\n[^1]: See the docs.\n\n[Important]: read this first.\n\nA paragraph\n[g]: references/nope.md\n\n[ok]: references/gone.md "A title"\n');
  assert.deepEqual(view(diagnostics), [
    ['reference-missing', '13:6-13:24', '`references/gone.md` does not exist in the skill folder, so agents following this link fail. Create the file or correct the path.'],
  ]);
});

test('a query is not part of the path; entities in a destination are decoded', async () => {
  const { diagnostics } = await check('[a](references/a.md?raw=1) [b](references/a&amp;b.md#top) [c](references/gone.md?x#y)\n', {
    'references/a.md': '# A\n',
    'references/a&b.md': '# Top\n',
  });
  assert.deepEqual(view(diagnostics), [
    ['reference-missing', '4:62-4:80', '`references/gone.md` does not exist in the skill folder, so agents following this link fail. Create the file or correct the path.'],
  ]);
});

test('a trailing slash after a file names the file; "did you mean" only offers a path that exists', async () => {
  const { diagnostics } = await check('[b](references/A.md/) [x](referenes/zzz.md) [y](referenes/A.md)\n', { 'references/A.md': '# A\n' });
  assert.deepEqual(view(diagnostics), [
    ['reference-missing', '4:4-4:20', '`references/A.md/` does not exist: `references/A.md` is a file, not a folder, so agents following this link fail. Create the file or correct the path.'],
    ['reference-missing', '4:26-4:42', '`referenes/zzz.md` does not exist in the skill folder, so agents following this link fail. Create the file or correct the path.'],
    ['reference-missing', '4:48-4:62', '`referenes/A.md` does not exist in the skill folder, so agents following this link fail. Did you mean `references/A.md`?'],
  ]);
});

test('anchors: unquoted `<a name=x>`; a line of inline code that starts with ``` opens no fence', async () => {
  const guide = '# Guide\n\n```js``` is inline code.\n\n## Later\n\n<a name=unquoted></a>\n';
  const { diagnostics } = await check('[l](references/g.md#later) [u](references/g.md#unquoted) [n](references/g.md#nope)\n', { 'references/g.md': guide });
  assert.deepEqual(view(diagnostics), [['reference-fragment-missing', '4:77-4:81', '#nope matches no heading in `references/g.md`. Headings: #guide, #later, #unquoted.']]);
});

test('shell: a redirect target and the arguments of mkdir, touch and tee are written, not read', async () => {
  const body = '```bash\npython scripts/gen.py > assets/out.png\necho hi >> references/log.md\nmkdir -p assets/gen && touch references/notes.md\ncat references/in.md | tee references/copy.md\ncat references/in.md 2>&1\n```\n';
  const { diagnostics } = await check(body, { 'scripts/gen.py': 'print(1)\n' });
  assert.deepEqual(view(diagnostics).map(([code, range]) => [code, range]), [
    ['reference-missing', '8:4-8:20'],
    ['reference-missing', '9:4-9:20'],
  ]);
});

test('heading ids as GitHub makes them: code spans as written, escapes, lone underscores, entities, images, setext over two lines, quotes and lists', async () => {
  const headings = [
    '## foo\\_bar', '## snake_case_', '## `_private`', '## `<div>` element', '## `[a](b)` link', '## &copy; 2024', '## ![logo](x.png) Title',
    '## m²', '## **Bold** and _em_', 'Line one', 'Line two', '====', '> ## Quoted', '- ## Listed',
  ].join('\n\n').replace('Line one\n\nLine two\n\n====', 'Line one\nLine two\n====');
  const ids = ['foo_bar', 'snake_case_', '_private', 'div-element', 'ab-link', '-2024', '-title', 'm', 'bold-and-em', 'line-oneline-two', 'quoted', 'listed'];
  const body = ids.map((id) => `[x](references/h.md#${id})`).join(' ') + '\n';
  const { diagnostics } = await check(body, { 'references/h.md': headings + '\n', 'references/x.png': 'PNG' });
  assert.deepEqual(view(diagnostics), []);
});

test('a link around an image is checked; a `<word` with no `>` on its line does not hide the links after it', async () => {
  const { diagnostics } = await check('[![logo](assets/x.png)](references/nope.md)\n\nReplace <your-token in the header; see [auth](references/gone.md).\n', { 'assets/x.png': 'PNG' });
  assert.deepEqual(view(diagnostics).map(([code, range]) => [code, range]), [
    ['reference-missing', '4:24-4:42'],
    ['reference-missing', '6:46-6:64'],
  ]);
});

test('indented code is not Markdown; a fence indented inside a list item is a fence', async () => {
  const body = [
    'Intro.', '', '    [x](references/n1.md) in an indented code block', '',
    '1. Run:', '', '    ```bash', '    python scripts/nope.py', '    ```', '',
    '2. Note:', '', '    ```text', '    [x](references/n3.md) is text in a fence', '    ```', '',
    '3. Then read [g](references/gone.md).', '',
  ].join('\n');
  const { diagnostics } = await check(body);
  assert.deepEqual(view(diagnostics).map(([code, range]) => [code, range]), [
    ['reference-missing', '11:11-11:26'],
    ['reference-missing', '20:17-20:35'],
  ]);
  assert.equal(diagnostics[0].severity, 'warning');
});

test('a file named in prose is not hinted as unused; one named nowhere is', async () => {
  const { diagnostics } = await check('Run the helper, then read references/guide.md.\n', { 'references/guide.md': '# Guide\n', 'references/other.md': '# Other\n' });
  assert.deepEqual(diagnostics.map((d) => [d.code, d.file.slice('/w/my-skill/'.length)]), [['reference-unused-file', 'references/other.md']]);
});

test('link text over several lines of a paragraph or list item; a blank line or a heading ends it', async () => {
  const body = 'See [the full\nguide](references/gone.md) first.\n- [item one\n  continues](references/gone2.md)\n\n[not a link\n\n](references/x.md)\n# [heading\nnext](references/y.md)\n#tag [a\nb](references/gone3.md)\n';
  const { diagnostics } = await check(body);
  assert.deepEqual(view(diagnostics).map(([code, range]) => [code, range]), [
    ['reference-missing', '5:7-5:25'],
    ['reference-missing', '7:13-7:32'],
    ['reference-missing', '15:3-15:22'],
  ]);
});

test('an HTML tag over several lines: its src is checked and the text after its `>` is scanned', async () => {
  const body = '<img\n  src="assets/nope.png"\n  alt="x"> then [after](references/gone.md)\n\n<img\n\nsrc="assets/text.png"> is text.\n';
  const { diagnostics } = await check(body);
  assert.deepEqual(view(diagnostics).map(([code, range]) => [code, range]), [
    ['reference-missing', '5:7-5:22'],
    ['reference-missing', '6:24-6:42'],
  ]);
});

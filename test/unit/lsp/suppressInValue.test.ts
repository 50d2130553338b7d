// "Suppress on this line" for a problem on a continuation line of a quoted value: the
// comment goes above the entry's key (inside the quotes it would become part of the
// value) and covers every line of the entry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkParsed, parseBounded } from '../../../server/src/lsp/analysis';
import { provideCodeActions } from '../../../server/src/lsp/codeActions';
import { toLspDiagnostic } from '../../../server/src/lsp/convert';
import { getEntry, toJs } from '../../../server/src/core/document/values';
import { applyEdits } from '../helpers';

const FILE = '/s/my-skill/SKILL.md';
const URI = 'file:///s/my-skill/SKILL.md';

test('a yaml-syntax problem inside a multi-line quoted description is suppressed above the key, and the value stays the same', () => {
  const text = '---\r\nname: my-skill\r\ndescription: "Use when the user asks\r\n  😀 about \\q things"\r\n---\r\nbody\r\n';
  const parsed = parseBounded(FILE, text, 1);
  const diagnostics = checkParsed(parsed, {});
  const d = diagnostics.find((x) => x.code === 'yaml-syntax')!;
  assert.equal(d.range.start.line, 3, 'on the continuation line');
  const lsp = toLspDiagnostic(d, 1);
  const actions = provideCodeActions(
    { textDocument: { uri: URI }, range: lsp.range, context: { diagnostics: [lsp] } },
    { uri: URI, file: FILE, doc: parsed.doc, diagnostics, version: 1, caps: { documentChanges: false, resourceOperations: false }, versionOf: () => 1 },
  );
  const line = actions.find((a) => a.title === 'Suppress `yaml-syntax` on this line')!;
  const fixed = applyEdits(text, line.edit!.changes![URI] as never);
  assert.equal(fixed, '---\r\nname: my-skill\r\n# skillmd-disable-next-line yaml-syntax\r\ndescription: "Use when the user asks\r\n  😀 about \\q things"\r\n---\r\nbody\r\n');
  const again = parseBounded(FILE, fixed, 2);
  assert.deepEqual(checkParsed(again, {}).filter((x) => x.code === 'yaml-syntax'), []);
  assert.equal(toJs(getEntry(again.doc!, 'description')?.value), toJs(getEntry(parsed.doc!, 'description')?.value));
});

test('"Suppress in this file" on a file without frontmatter goes after a BOM the client keeps in the text', () => {
  const text = '\ufeff# Title\r\nbody\r\n';
  const parsed = parseBounded(FILE, text, 1);
  const diagnostics = checkParsed(parsed, {});
  const d = diagnostics.find((x) => x.code === 'frontmatter-missing')!;
  const lsp = toLspDiagnostic(d, 1);
  const actions = provideCodeActions(
    { textDocument: { uri: URI }, range: lsp.range, context: { diagnostics: [lsp] } },
    { uri: URI, file: FILE, doc: parsed.doc, diagnostics, version: 1, caps: { documentChanges: false, resourceOperations: false }, versionOf: () => 1 },
  );
  const file = actions.find((a) => a.title === 'Suppress `frontmatter-missing` in this file')!;
  const fixed = applyEdits(text, file.edit!.changes![URI] as never);
  assert.equal(fixed, '\ufeff<!-- skillmd-disable frontmatter-missing -->\r\n# Title\r\nbody\r\n');
  assert.deepEqual(checkParsed(parseBounded(FILE, fixed, 2), {}).filter((x) => x.code === 'frontmatter-missing'), []);
});

// editor-limit on a document over the full-check size: only the frontmatter is parsed
// then, so "Suppress in this file" is offered as a frontmatter comment and silences it;
// a document without frontmatter gets no suppression (a comment in its body is never
// read). Before, the action was offered everywhere and did nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkParsed, parseBounded } from '../../../server/src/lsp/analysis';
import { provideCodeActions } from '../../../server/src/lsp/codeActions';
import { toLspDiagnostic } from '../../../server/src/lsp/convert';
import { MAX_FULL_CHECK_CHARS } from '../../../server/src/lsp/limits';
import { applyEdits } from '../helpers';

const FILE = '/s/big/SKILL.md';
const URI = 'file:///s/big/SKILL.md';
const BODY = 'word '.repeat(MAX_FULL_CHECK_CHARS / 5 + 10);

function actionsFor(text: string) {
  const parsed = parseBounded(FILE, text, 1);
  const diagnostics = checkParsed(parsed, {});
  const limit = diagnostics.find((d) => d.code === 'editor-limit')!;
  assert.ok(limit, 'editor-limit reported');
  const lsp = toLspDiagnostic(limit, 1);
  return provideCodeActions(
    { textDocument: { uri: URI }, range: lsp.range, context: { diagnostics: [lsp] } },
    { uri: URI, file: FILE, doc: parsed.doc, diagnostics, version: 1, caps: { documentChanges: false, resourceOperations: false }, versionOf: () => 1 },
  );
}

test('with frontmatter: one action, a frontmatter comment, and it silences editor-limit', () => {
  const text = '---\nname: big\ndescription: A big skill. Use when testing limits.\n---\n' + BODY;
  const actions = actionsFor(text);
  assert.deepEqual(actions.map((a) => a.title), ['Suppress `editor-limit` in this file']);
  const fixed = applyEdits(text, (actions[0].edit!.changes![URI]) as never);
  assert.ok(fixed.startsWith('---\n# skillmd-disable editor-limit\nname: big\n'));
  assert.deepEqual(checkParsed(parseBounded(FILE, fixed, 2), {}).map((d) => d.code), []);
});

test('without frontmatter: no suppression offered', () => {
  assert.deepEqual(actionsFor('# Title\n' + BODY).map((a) => a.title), []);
});

// editor-limit on a document over the full-check size: only the frontmatter is parsed
// then, so "Suppress in this file" is offered as a frontmatter comment and silences it;
// a document without frontmatter gets no suppression (a comment in its body is never
// read). Before, the action was offered everywhere and did nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkParsed, parseBounded } from '../../../server/src/lsp/analysis';
import { MAX_FULL_CHECK_CHARS } from '../../../server/src/lsp/limits';
import { applyAction, codeActionsFor, FILE } from './codeActionsFor';

const BODY = 'word '.repeat(MAX_FULL_CHECK_CHARS / 5 + 10);

test('with frontmatter: one action, a frontmatter comment, and it silences editor-limit', () => {
  const text = '---\nname: my-skill\ndescription: A big skill. Use when testing limits.\n---\n' + BODY;
  const { actions } = codeActionsFor(text, 'editor-limit');
  assert.deepEqual(actions.map((a) => a.title), ['Suppress `editor-limit` in this file']);
  const fixed = applyAction(text, actions, 'Suppress `editor-limit` in this file');
  assert.ok(fixed.startsWith('---\n# skillmd-disable editor-limit\nname: my-skill\n'));
  assert.deepEqual(checkParsed(parseBounded(FILE, fixed, 2), {}).map((d) => d.code), []);
});

test('without frontmatter: no suppression offered', () => {
  assert.deepEqual(codeActionsFor('# Title\n' + BODY, 'editor-limit').actions.map((a) => a.title), []);
});

// Suppression comments that keep the text what it was: "Suppress on this line" for a
// problem on a continuation line of a quoted value goes above the entry's key (inside
// the quotes it would become part of the value) and covers every line of the entry;
// "Suppress in this file" goes after a BOM the client keeps in the text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkParsed, parseBounded } from '../../../server/src/lsp/analysis';
import { getEntry, toJs } from '../../../server/src/core/document/values';
import { applyAction, codeActionsFor, FILE } from './codeActionsFor';

test('a yaml-syntax problem inside a multi-line quoted description is suppressed above the key, and the value stays the same', () => {
  const text = '---\r\nname: my-skill\r\ndescription: "Use when the user asks\r\n  😀 about \\q things"\r\n---\r\nbody\r\n';
  const { actions, diagnostic, parsed } = codeActionsFor(text, 'yaml-syntax');
  assert.equal(diagnostic.range.start.line, 3, 'on the continuation line');
  const fixed = applyAction(text, actions, 'Suppress `yaml-syntax` on this line');
  assert.equal(fixed, '---\r\nname: my-skill\r\n# skillmd-disable-next-line yaml-syntax\r\ndescription: "Use when the user asks\r\n  😀 about \\q things"\r\n---\r\nbody\r\n');
  const again = parseBounded(FILE, fixed, 2);
  assert.deepEqual(checkParsed(again, {}).filter((x) => x.code === 'yaml-syntax'), []);
  assert.equal(toJs(getEntry(again.doc!, 'description')?.value), toJs(getEntry(parsed.doc!, 'description')?.value));
});

test('"Suppress in this file" on a file without frontmatter goes after a BOM the client keeps in the text', () => {
  const text = '\ufeff# Title\r\nbody\r\n';
  const { actions } = codeActionsFor(text, 'frontmatter-missing');
  const fixed = applyAction(text, actions, 'Suppress `frontmatter-missing` in this file');
  assert.equal(fixed, '\ufeff<!-- skillmd-disable frontmatter-missing -->\r\n# Title\r\nbody\r\n');
  assert.deepEqual(checkParsed(parseBounded(FILE, fixed, 2), {}).filter((x) => x.code === 'frontmatter-missing'), []);
});

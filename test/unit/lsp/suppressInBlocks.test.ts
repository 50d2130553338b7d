// "Suppress on this line" writes an HTML comment above the line: inside a fenced block
// it would become part of the code, between table rows it would end the table. There
// only the file-level suppression is offered.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseBounded } from '../../../server/src/lsp/analysis';
import { provideCodeActions } from '../../../server/src/lsp/codeActions';
import { toLspDiagnostic } from '../../../server/src/lsp/convert';
import type { SkillDiagnostic } from '../../../server/src/core/types';
import { FILE, URI } from './codeActionsFor';

const TEXT = [
  '---', 'name: my-skill', 'description: Tests suppressions. Use when testing.', '---', '',
  '```sh', 'python scripts/missing.py', '```', '',
  '| a | b |', '|---|---|', '| [x](references/missing.md) | y |', '',
  'Read [x](references/missing.md).', '',
].join('\n');

function titlesAt(line: number, character: number): string[] {
  const parsed = parseBounded(FILE, TEXT, 1);
  const d: SkillDiagnostic = { code: 'reference-missing', severity: 'warning', file: FILE, message: 'missing', range: { start: { line, character }, end: { line, character: character + 5 } } };
  return provideCodeActions(
    { textDocument: { uri: URI }, range: d.range, context: { diagnostics: [toLspDiagnostic(d, 1)] } },
    { uri: URI, file: FILE, doc: parsed.doc, diagnostics: [d], version: 1, caps: { documentChanges: false, resourceOperations: false }, versionOf: () => 1 },
  ).map((a) => a.title);
}

test('inside a fenced block and in a table row: only the file-level suppression', () => {
  assert.deepEqual(titlesAt(6, 7), ['Suppress `reference-missing` in this file']);
  assert.deepEqual(titlesAt(11, 6), ['Suppress `reference-missing` in this file']);
});

test('in a paragraph: on this line too', () => {
  assert.deepEqual(titlesAt(13, 9), ['Suppress `reference-missing` on this line', 'Suppress `reference-missing` in this file']);
});

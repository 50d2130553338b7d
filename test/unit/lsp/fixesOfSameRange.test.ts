// Two diagnostics of one rule on one range (`---\n---`: name and description both
// missing): each gets its own fixes, not the first one's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkParsed, parseBounded } from '../../../server/src/lsp/analysis';
import { provideCodeActions } from '../../../server/src/lsp/codeActions';
import { toLspDiagnostic } from '../../../server/src/lsp/convert';
import { FILE, URI } from './codeActionsFor';

test('the fix of "Missing `name`" is not offered for "Missing `description`" on the same range', () => {
  const parsed = parseBounded(FILE, '---\n---\n', 1);
  const diagnostics = checkParsed(parsed, { targets: ['agentskills'] });
  const missing = diagnostics.filter((d) => d.code === 'field-missing');
  assert.deepEqual(missing.map((d) => [d.message.slice(0, 21), d.fixes?.length ?? 0]), [['Missing `name` (requi', 1], ['Missing `description`', 0]]);
  const quickFixes = (d: (typeof missing)[number]) => provideCodeActions(
    { textDocument: { uri: URI }, range: d.range, context: { diagnostics: [toLspDiagnostic(d, 1)], only: ['quickfix'] } },
    { uri: URI, file: FILE, doc: parsed.doc, diagnostics, version: 1, caps: { documentChanges: false, resourceOperations: false }, versionOf: () => 1 },
  ).filter((a) => !a.title.startsWith('Suppress')).map((a) => a.title);
  assert.deepEqual(quickFixes(missing[0]), ['Add `name: my-skill`']);
  assert.deepEqual(quickFixes(missing[1]), []);
});

// The limits of one code-action request (see test/lsp/codeActionScale.test.ts for the
// server over stdio): past MAX_QUICK_FIXES distinct fixes, a client that shows
// disabled actions gets one that says how many were left out and why; "fix all"
// keeps the first of overlapping fixes, in any order of the diagnostics.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_QUICK_FIXES, provideCodeActions } from '../../../server/src/lsp/codeActions';
import { toLspDiagnostic } from '../../../server/src/lsp/convert';
import { EditSet } from '../../../server/src/lsp/editSet';
import type { SkillDiagnostic } from '../../../server/src/core/types';
import { FILE, URI } from './codeActionsFor';

const range = (line: number, a: number, b: number) => ({ start: { line, character: a }, end: { line, character: b } });

function diagnostic(i: number): SkillDiagnostic {
  return { code: 'reference-missing', severity: 'warning', message: `m${i}`, file: FILE, range: range(4, i * 10, i * 10 + 5), fixes: [{ title: `Change to x${i}`, edits: [{ range: range(4, i * 10, i * 10 + 5), newText: `x${i}` }], preferred: true }] };
}

test('past the limit, one disabled action gives the count and the reason', () => {
  const diagnostics = Array.from({ length: MAX_QUICK_FIXES + 7 }, (_, i) => diagnostic(i));
  const omitted: number[] = [];
  const actions = provideCodeActions(
    { textDocument: { uri: URI }, range: range(4, 0, 0), context: { diagnostics: diagnostics.map((d) => toLspDiagnostic(d, 1)), only: ['quickfix'] } },
    { uri: URI, file: FILE, doc: undefined, diagnostics, version: 1, caps: { documentChanges: false, resourceOperations: false }, versionOf: () => 1 },
    { disabledSupport: true, onOmitted: (n) => omitted.push(n) },
  );
  assert.equal(actions.length, MAX_QUICK_FIXES + 1);
  assert.equal(actions[MAX_QUICK_FIXES - 1].title, `Change to x${MAX_QUICK_FIXES - 1}`);
  assert.deepEqual(actions.at(-1), {
    title: '7 more quick fixes not listed',
    kind: 'quickfix',
    disabled: { reason: `skillmd lists the first ${MAX_QUICK_FIXES} distinct quick fixes of a request; select a smaller range, or use "Fix all skillmd problems in this file".` },
  });
  assert.deepEqual(omitted, [7]);
});

test('EditSet takes an edit only when it overlaps none taken before, and keeps them sorted', () => {
  const set = new EditSet();
  const e = (a: number, b: number, t = '') => ({ range: range(0, a, b), newText: t });
  assert.equal(set.addAll([e(10, 20)]), true);
  assert.equal(set.addAll([e(0, 5)]), true);
  assert.equal(set.addAll([e(4, 11)]), false); // overlaps both
  assert.equal(set.addAll([e(15, 15)]), false); // an insert inside a replaced range
  assert.equal(set.addAll([e(5, 5, 'a')]), true); // touching ranges do not overlap
  assert.equal(set.addAll([e(5, 5, 'b')]), true); // two inserts at one point: in the order given
  assert.equal(set.addAll([e(20, 30)]), true);
  assert.equal(set.addAll([e(6, 9), e(25, 26)]), false); // all or nothing
  assert.equal(set.addAll([e(6, 9)]), true);
  assert.deepEqual(set.edits().map((x) => [x.range.start.character, x.range.end.character, x.newText]), [
    [0, 5, ''], [5, 5, 'a'], [5, 5, 'b'], [6, 9, ''], [10, 20, ''], [20, 30, ''],
  ]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statusSnapshot, type IndexStatus } from '../../../server/src/lsp/workspaceIndex';

// The answer to skillmd/indexStatus is serialized after the diagnostics queued ahead of
// it: a later change to the index's status must not reach an answer already given.
test('the index status answer is a snapshot: later changes, nested ones too, do not reach it', () => {
  const status: IndexStatus = { state: 'ready', total: 3, done: 3, runs: 1, references: { state: 'checking', done: 1 } };
  const answer = statusSnapshot(status);
  status.references.state = 'ready';
  status.references.done = 3;
  status.references.durationMs = 12;
  status.total = 4;
  assert.deepEqual(answer, { state: 'ready', total: 3, done: 3, runs: 1, references: { state: 'checking', done: 1 } });
});

import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { indexThreads } from '../../../server/src/lsp/indexWorkers';

test('SKILLMD_THREADS sets the index workers; empty is unset, not zero', () => {
  const saved = process.env.SKILLMD_THREADS;
  try {
    const auto = Math.max(1, Math.min(availableParallelism() - 1, 3));
    process.env.SKILLMD_THREADS = '';
    assert.equal(indexThreads(), auto);
    delete process.env.SKILLMD_THREADS;
    assert.equal(indexThreads(), auto);
    process.env.SKILLMD_THREADS = '0';
    assert.equal(indexThreads(), 0);
    process.env.SKILLMD_THREADS = '2';
    assert.equal(indexThreads(), 2);
  } finally {
    if (saved === undefined) delete process.env.SKILLMD_THREADS;
    else process.env.SKILLMD_THREADS = saved;
  }
});

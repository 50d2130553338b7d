import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLargeRunFlags } from '../../../server/src/cli/v8Flags';

// The flags a large check sets (cli/v8Flags.ts), recorded instead of set: this test
// process keeps its own.
test('a large check sets a smaller young generation and four times the interrupt budget', () => {
  // The module object the source's require() gets (an import's namespace is read-only).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const v8 = require('node:v8') as { setFlagsFromString: (f: string) => void };
  const set: string[] = [];
  const real = v8.setFlagsFromString;
  v8.setFlagsFromString = (f) => void set.push(f);
  try {
    setLargeRunFlags();
  } finally {
    v8.setFlagsFromString = real;
  }
  assert.deepEqual(set, ['--max-semi-space-size=8', '--interrupt-budget=270336']);
});

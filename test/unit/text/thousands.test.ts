import assert from 'node:assert/strict';
import { test } from 'node:test';
import { thousands } from '../../../server/src/core/text/thousands';

test('thousands writes what toLocaleString(\'en-US\') writes', () => {
  for (const n of [0, 5, 999, 1000, 12345, 1234567, -1234, -999, 2 ** 31, Number.MAX_SAFE_INTEGER, 1.5, 1234.5678, NaN, Infinity]) {
    assert.equal(thousands(n), n.toLocaleString('en-US'), String(n));
  }
});

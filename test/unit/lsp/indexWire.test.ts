import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deserialize, serialize } from 'node:v8';
import { packCheck, StringTable, unpackBatch, unpackCheck } from '../../../server/src/lsp/indexWire';
import type { DiskCheck } from '../../../server/src/lsp/skillCheck';

const range = (a: number, b: number, c: number, d: number) => ({ start: { line: a, character: b }, end: { line: c, character: d } });

const file = '/ws/skills/demo/SKILL.md';

function demoCheck(): DiskCheck {
  return {
    file,
    name: 'demo',
    dependencies: ['/ws/skills/demo/references', '/ws/skills/demo/scripts/run.py'],
    diagnostics: [
      { code: 'reference-missing', severity: 'warning', file, range: range(26, 5, 26, 19), message: '`scripts/run.py` does not exist' },
      {
        code: 'reference-unused-file', severity: 'info', file: '/ws/skills/demo/assets/logo.png', range: range(0, 0, 0, 0), message: 'unused', tags: ['unnecessary'],
      },
      {
        code: 'duplicate-name', severity: 'error', file, range: range(1, 6, 1, 10), message: 'shadowed',
        related: [{ file: '/ws/other/SKILL.md', range: range(1, 6, 1, 10), message: 'the other one' }],
        fixes: [{ title: 'Rename', edits: [{ range: range(1, 6, 1, 10), newText: 'demo-2' }] }],
      },
    ],
  };
}

test('a worker result crosses as primitives and comes back equal, field for field', () => {
  const check = demoCheck();
  const wire = packCheck(check);
  assert.ok(wire.flat.every((v) => v === null || typeof v !== 'object' || v === wire.flat[17] || v === wire.flat[26]), 'only the extra fields are objects');
  assert.equal(wire.flat[7], 0, 'the skill file is not repeated');
  const back = unpackCheck(deserialize(serialize(wire)));
  assert.deepStrictEqual(back, check);
  // No keys appear that the original did not have.
  assert.deepEqual(back.diagnostics.map((d) => Object.keys(d).sort()), check.diagnostics.map((d) => Object.keys(d).sort()));
});

test('a result without diagnostics or dependencies', () => {
  const check: DiskCheck = { file: '/a/SKILL.md', name: 'a', diagnostics: [] };
  const back = unpackCheck(deserialize(serialize(packCheck(check))));
  assert.deepStrictEqual(back, check);
  assert.equal('dependencies' in back, false);
});

test('a batch sends each distinct string once and its checks come back equal', () => {
  const other: DiskCheck = {
    file: '/ws/skills/two/SKILL.md', name: 'two',
    diagnostics: [{ code: 'reference-missing', severity: 'warning', file: '/ws/skills/two/SKILL.md', range: range(3, 0, 3, 4), message: '`scripts/run.py` does not exist' }],
  };
  const table = new StringTable();
  const checks = [packCheck(demoCheck(), table), packCheck(other, table)];
  // code, severity and message of the second check are the first's
  assert.deepEqual(checks[1].flat.slice(0, 2), [0, 1]);
  assert.equal(checks[1].flat[6], 2);
  assert.equal(table.strings.filter((s) => s === '`scripts/run.py` does not exist').length, 1);
  const back = unpackBatch(deserialize(serialize({ checks, strings: table.strings })));
  assert.deepStrictEqual(back, [demoCheck(), other]);
});

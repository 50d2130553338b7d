// Rule severities from the configuration and the editor reach every document rule,
// whichever settings object the check before used (checkDocument remembers whether the
// last `rules` object it saw was empty: a memo by identity must not leak to another).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocument } from '../../../server/src/core/check/checkDocument';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import type { Rule } from '../../../server/src/core/rules/types';

const doc = parseSkillDocument('/s/x/SKILL.md', '---\nname: Bad Name\ndescription: Formats CSV files as tables. Use when converting CSV data into Markdown tables.\n---\n');
const codes = (opts: Parameters<typeof checkDocument>[1]) => checkDocument(doc, { targets: ['agentskills'], ...opts }).map((d) => `${d.code}:${d.severity}`);

test('each check uses its own rule settings, alternating between empty and set ones', () => {
  const plain = ['name-format:error', 'name-folder-mismatch:error'];
  const off = { rules: { 'name-format': 'off' as const } };
  const many = { rules: Object.fromEntries([...Array(60)].map((_, i) => [`code-${i}`, 'off' as const]).concat([['name-folder-mismatch', 'hint']])) };
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(codes({}), plain);
    assert.deepEqual(codes({ config: off }), ['name-folder-mismatch:error']);
    assert.deepEqual(codes({ config: { rules: {} } }), plain);
    assert.deepEqual(codes({ config: many }), ['name-format:error', 'name-folder-mismatch:hint']);
    assert.deepEqual(codes({ ruleSeverities: { 'name-format': 'warning' } }), ['name-format:warning', 'name-folder-mismatch:error']);
    assert.deepEqual(codes({ ruleSeverities: {}, config: off }), ['name-folder-mismatch:error']);
  }
});

test('a rule list and a rules object make one plan: another list or object gets its own', () => {
  const zero = { line: 0, character: 0 };
  const throws: Rule = { code: 'test-throws', title: 'throws', defaultSeverity: 'warning', check() { throw new Error('boom'); } };
  const says: Rule = { code: 'test-says', title: 'says', defaultSeverity: 'info', check: (ctx) => ctx.report({ message: 'hi', range: { start: zero, end: zero } }) };
  const run = (rules: readonly Rule[], opts: Parameters<typeof checkDocument>[1]) => checkDocument(doc, { targets: ['agentskills'], ...opts }, rules).map((d) => `${d.code}:${d.severity}`);
  const quiet = { config: { rules: { 'internal-error': 'off' as const } } };
  const loud = { config: { rules: { 'test-says': 'error' as const } } };
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(run([throws, says], quiet), ['test-says:info']);
    assert.deepEqual(run([throws, says], loud), ['internal-error:error', 'test-says:error']);
    assert.deepEqual(run([says], loud), ['test-says:error']);
    assert.deepEqual(run([says, throws], {}), ['test-says:info', 'internal-error:error']);
  }
});

// Rule severities from the configuration and the editor reach every document rule,
// whichever settings object the check before used (checkDocument remembers whether the
// last `rules` object it saw was empty: a memo by identity must not leak to another).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocument } from '../../../server/src/core/check/checkDocument';
import { checkSkillFile } from '../../../server/src/core/check/checkSkillFile';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';
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

test('the disk rules run unless every one of them is off, whichever rules object the check before had', async () => {
  const fs = new MemoryFileSystem({
    '/s/report/SKILL.md': '---\nname: report\ndescription: Builds the weekly report. Use when asked for the report.\n---\nRun `scripts/build.py --week 3`.\n',
    '/s/report/scripts/build.py': 'import sys\n',
  });
  const diskCodes = ['agent-unknown', 'script-no-shebang', 'script-pipe-to-shell', 'script-rm-variable', 'script-secret'];
  const allOff = { rules: Object.fromEntries(diskCodes.map((c) => [c, 'off' as const])) };
  const oneOn = { rules: Object.fromEntries(diskCodes.filter((c) => c !== 'script-no-shebang').map((c) => [c, 'off' as const])) };
  const shebang = async (config: { rules: Record<string, 'off'> }) =>
    (await checkSkillFile(fs, '/s/report/SKILL.md', { targets: ['agentskills'], config })).diagnostics.filter((d) => d.code === 'script-no-shebang').map((d) => `${d.file}:${d.severity}`);
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(await shebang(allOff), []);
    assert.deepEqual(await shebang(oneOn), ['/s/report/scripts/build.py:warning']);
  }
});

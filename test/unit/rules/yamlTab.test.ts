// PyYAML (lovia) refuses a tab between tokens that YAML 1.2 parsers read as part of a
// value or as separation: `yaml-tab` points at each, and the fix makes it a space.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkParsed, parseBounded } from '../../../server/src/lsp/analysis';
import { applyEdits } from '../helpers';

const FILE = '/s/tabs/SKILL.md';
const check = (text: string, targets: string[]) => checkParsed(parseBounded(FILE, text, 1), { targets: targets as never }).filter((d) => d.code === 'yaml-tab');

test('tabs in a value and after `key:` are reported for lovia, with a fix; quoted, commented and block tabs are not', () => {
  const text = '---\r\nname: tabs\r\ndescription: Use this\tskill. Use when asked.\r\nlicense:\tMIT\r\nquoted: "a\tb" # c\td\r\nblock: |\r\n  x\ty\r\n---\r\nBody\r\n';
  const found = check(text, ['lovia']);
  assert.deepEqual(found.map((d) => [d.severity, d.range.start.line, d.range.start.character, d.range.end.character]), [['error', 2, 21, 22], ['error', 3, 8, 9]]);
  assert.equal(found[0].message, 'A tab between YAML tokens: PyYAML safe_load stops with "found character \'\\t\' that cannot start any token", so the frontmatter is not read (rejected by lovia). Use spaces.');
  const fixed = applyEdits(text, found.flatMap((d) => d.fixes![0].edits!));
  assert.equal(fixed, '---\r\nname: tabs\r\ndescription: Use this skill. Use when asked.\r\nlicense: MIT\r\nquoted: "a\tb" # c\td\r\nblock: |\r\n  x\ty\r\n---\r\nBody\r\n');
  assert.deepEqual(check(fixed, ['lovia']), []);
});

test('targets whose YAML loader takes tabs get nothing', () => {
  assert.deepEqual(check('---\nname: tabs\ndescription: Use this\tskill.\n---\n', ['agentskills', 'claude-code', 'codex']), []);
});

test('eino cuts every frontmatter line up to its first tab, even inside quotes; with lovia too, one diagnostic per tab', () => {
  const text = '---\nname: tabs\ndescription: "Use this\tskill."\n---\nBody\n';
  const eino = check(text, ['eino']);
  assert.deepEqual(eino.map((d) => [d.severity, d.range.start.line, d.range.start.character, d.message]), [
    ['error', 2, 22, 'A tab in a frontmatter line: the agent cuts every line up to its first tab before reading the YAML, so this line is read as `skill."` (rejected by eino). Use spaces.'],
  ]);
  assert.equal(check(text, ['lovia']).length, 0, 'PyYAML reads a tab inside quotes');
  assert.equal(check('---\nname: tabs\ndescription: Use this\tskill.\n---\n', ['eino', 'lovia']).length, 1);
});

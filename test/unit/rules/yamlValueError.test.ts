// PyYAML (lovia) types `2024-13-45` as a date and `0b_` as an int, then fails to build
// them: safe_load raises ValueError, which lovia does not catch. `yaml-value-error`
// points at each such value, and the fix quotes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pyPlainScalar } from '../../../server/src/core/render/pyValue';
import { checkParsed, parseBounded } from '../../../server/src/lsp/analysis';
import { applyEdits } from '../helpers';

const FILE = '/s/dated/SKILL.md';
const check = (text: string, targets: string[]) => checkParsed(parseBounded(FILE, text, 1), { targets: targets as never }).filter((d) => d.code === 'yaml-value-error');

test('PyYAML constructors: the ValueError CPython raises, in the order construct_yaml_timestamp checks', () => {
  const errors = (src: string) => {
    const v = pyPlainScalar(src);
    return v.t === 'error' ? v.message : v.t;
  };
  assert.deepEqual(
    ['2024-13-45', '2024-02-30', '2024-02-29', '2023-02-29', '0000-01-01', '2024-01-01 25:00:00', '2024-01-01T10:60:00', '2024-01-01 10:00:61', '2024-13-01 10:00:00 +25', '2024-01-01 10:00:00 -24:30', '2024-01-01 10:00:00 +23:59', '0b_', '-0x__', '._', '0_', '1_.', '2024-1-1'].map(errors),
    [
      'month must be in 1..12',
      'day is out of range for month',
      'date',
      'day is out of range for month',
      'year 0 is out of range',
      'hour must be in 0..23',
      'minute must be in 0..59',
      'second must be in 0..59',
      'offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=1, seconds=3600).',
      'offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=-2, seconds=84600).',
      'datetime',
      "invalid literal for int() with base 2: ''",
      "invalid literal for int() with base 16: ''",
      "could not convert string to float: '.'",
      'int',
      'float',
      'str',
    ],
  );
});

test('values, list items and keys are reported for lovia with a quoting fix; quoted, tagged and valid values are not', () => {
  const text = '---\r\nname: dated\r\ndescription: Formats dates. Use when asked.\r\nreleased:  2024-13-45  # typo\r\ntags: [a, 0b_]\r\n2024-00-01: x\r\nok: "2024-13-45"\r\ntagged: !!str 2024-13-45\r\nvalid: 2024-02-29\r\n---\r\nBody\r\n';
  const found = check(text, ['lovia']);
  assert.deepEqual(found.map((d) => [d.severity, d.range.start.line, d.range.start.character, d.range.end.character]), [
    ['error', 3, 11, 21],
    ['error', 4, 10, 13],
    ['error', 5, 0, 10],
  ]);
  assert.equal(
    found[0].message,
    '`2024-13-45` reads as a date to PyYAML safe_load, which raises ValueError: month must be in 1..12. That is not a YAML error: its scan stops, so the agent run fails and no skill is listed at all (rejected by lovia). Quote it to keep it text.',
  );
  assert.equal(
    found[1].message,
    "`0b_` reads as a number to PyYAML safe_load, which raises ValueError: invalid literal for int() with base 2: ''. That is not a YAML error: its scan stops, so the agent run fails and no skill is listed at all (rejected by lovia). Quote it to keep it text.",
  );
  const fixed = applyEdits(text, found.flatMap((d) => d.fixes![0].edits!));
  assert.equal(fixed, text.replace('  2024-13-45  #', '  "2024-13-45"  #').replace('[a, 0b_]', '[a, "0b_"]').replace('\n2024-00-01:', '\n"2024-00-01":'));
  assert.deepEqual(check(fixed, ['lovia']), []);
});

test('YAML 1.2 targets read the text; a YAML error in the frontmatter comes first', () => {
  const text = '---\nname: dated\ndescription: Formats dates.\nreleased: 2024-13-45\n---\n';
  assert.deepEqual(check(text, ['agentskills', 'claude-code', 'codex', 'copilot', 'opencode', 'eino']), []);
  assert.deepEqual(check(text.replace('description: Formats dates.', 'description: [unclosed'), ['lovia']), []);
});

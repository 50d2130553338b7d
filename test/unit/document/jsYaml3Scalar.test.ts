// opencode reads frontmatter with gray-matter, whose engine is js-yaml 3: the shapes
// skillmd predicts for plain scalars must be the ones that engine gives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsYaml3Shape } from '../../../server/src/core/document/jsYaml3Scalar';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const matter = require('gray-matter') as (text: string) => { data: Record<string, unknown> };

function engineShape(src: string): string {
  let v: unknown;
  try {
    v = matter(`---\nv: ${src}\n---\n`).data.v;
  } catch {
    return 'error';
  }
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return 'date';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return 'number';
  return typeof v === 'string' ? 'string' : typeof v;
}

const CASES = [
  '', '~', 'null', 'Null', 'NULL', 'nULL', 'true', 'True', 'TRUE', 'tRUE', 'false', 'yes', 'no', 'on', 'off', 'y',
  '0', '+0', '-0', '00', '01', '017', '08', '0_', '0__1', '0b', '0b_', '0b1', '0b1_', '0b_1', '0b102', '-0b11', '0x', '0x_', '0xFf', '0xg', '0x_a_',
  '0o17', '1', '12', '1_000', '1_', '_1', '1__0', '-1_0', '+7', '1:30', '1:60', '1:5:9', '1_:30', '190:20:30', '1:3a',
  '1.0', '1.', '.5', '._', '.5_', '1e3', '1E+3', '1e', '1.5e-2', '0.1', '00.1', '01.5', '1_0.5', '1:30.5', '1:30.', '.inf', '-.inf', '+.Inf', '.NaN', '.nan', '-.nan', 'inf', 'NaN',
  '2024-01-01', '2024-1-1', '2024-13-45', '2024-01-01T10:00:00', '2024-01-01 10:00:00', '2024-01-01 1:00:00.5 +1', '2024-01-01t10:00:00Z', '2024-01-01 10:00', '20240101',
  'v1.0', '1.0.0', '1,000', '12abc', 'abc', '<<', '=', '0.0.1', '3.14.15',
];

test('jsYaml3Shape agrees with gray-matter\'s engine on every case', () => {
  const wrong = CASES.filter((c) => jsYaml3Shape(c) !== engineShape(c)).map((c) => [c, jsYaml3Shape(c), engineShape(c)]);
  assert.deepEqual(wrong, []);
});

test('and on random short strings over the characters that matter', () => {
  const chars = '0123456789_:.-+eExXbBoa ';
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
  const wrong: string[][] = [];
  for (let i = 0; i < 20000 && wrong.length < 10; i++) {
    let s = '';
    for (let k = 1 + rand(7); k > 0; k--) s += chars[rand(chars.length)];
    s = s.trim();
    // Skip what is not one plain scalar (a list item, a comment, a mapping).
    if (!s || /^[-:?,[\]{}#&*!|>'"%@`]/.test(s) || /: |:$| #/.test(s)) continue;
    const engine = engineShape(s);
    if (engine !== 'null' && engine !== 'boolean' && engine !== 'number' && engine !== 'date' && engine !== 'string') continue;
    if (jsYaml3Shape(s) !== engine) wrong.push([s, jsYaml3Shape(s), engine]);
  }
  assert.deepEqual(wrong, []);
});

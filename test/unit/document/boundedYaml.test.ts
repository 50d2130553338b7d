// YAML to values without unbounded work (issue 22): an alias is one shared value, as
// the agents' loaders build it, and frontmatter past a documented size is not parsed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_FRONTMATTER_PARSE_CHARS } from '../../../server/src/core/document/parse';
import { getEntry, jsString, toJs } from '../../../server/src/core/document/values';
import { check, parse } from '../helpers';

const DESCRIPTION = 'Formats CSV files as tables. Use when converting CSV data into Markdown tables.';

function aliasBomb(): string {
  const lines = ['---', 'name: my-skill', `description: ${DESCRIPTION}`, 'l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 12; i++) lines.push(`l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  return [...lines, '---', ''].join('\n');
}

test('toJs builds an alias once and shares it: an alias bomb is 12 lists, not 9^12 values', () => {
  const doc = parse(aliasBomb());
  const l11 = toJs(getEntry(doc, 'l11')?.value) as unknown[][];
  assert.equal(l11.length, 9);
  assert.ok(l11.every((x) => x === l11[0]), 'the nine aliases are one list');
  let depth = 0;
  for (let v: unknown = l11; Array.isArray(v); v = v[0]) depth++;
  assert.equal(depth, 12);
  // String() of it would build 9^12 words; jsString stops at its bound.
  assert.equal(jsString(l11, 23), 'lol,lol,lol,lol,lol,lol…');
  assert.equal(jsString(['a', null, ['b', { k: 1 }]]), String(['a', null, ['b', { k: 1 }]]));
});

test('frontmatter over the parse limit is one frontmatter-too-large error, and nothing else is claimed about it', () => {
  const at = (chars: number) => {
    const head = `name: my-skill\ndescription: ${DESCRIPTION}\nlist:\n`;
    const body = '- *a\n'.repeat(Math.ceil((chars - head.length) / 5)).slice(0, chars - head.length - 1) + '\n';
    return `---\n${head}${body}---\n# Body\n`;
  };
  const over = check(at(MAX_FRONTMATTER_PARSE_CHARS + 1));
  assert.deepEqual(over.map((d) => [d.code, d.severity, d.message, d.range]), [[
    'frontmatter-too-large', 'error',
    'The frontmatter is 262,145 characters long, over the 262,144 skillmd parses, so none of it is checked. Agents parse it whenever they list skills: keep it to `name`, `description` and a few fields, and move data into files.',
    { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } },
  ]]);
  const within = check(at(MAX_FRONTMATTER_PARSE_CHARS));
  assert.ok(!within.some((d) => d.code === 'frontmatter-too-large'));
  assert.ok(within.some((d) => d.code === 'yaml-syntax'), 'parsed: `*a` names no anchor');
});

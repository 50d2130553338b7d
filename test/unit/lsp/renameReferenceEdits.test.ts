// Which mentions of a skill's name a rename rewrites in Markdown bodies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { referenceEdits } from '../../../server/src/lsp/rename';

const at = (text: string) => referenceEdits(text, 0, 'a-skill', 'z-skill', (o) => ({ line: 0, character: o })).map((e) => text.slice(e.range.start.character, e.range.end.character) + '@' + e.range.start.character);

test('`/name` in inline code is renamed, as `/name` in prose and `name` alone in code are', () => {
  const text = 'Run `/a-skill` or `a-skill`. See /a-skill. Also `/a-skill now`.';
  assert.deepEqual(at(text), ['a-skill@6', 'a-skill@19', 'a-skill@34', 'a-skill@50']);
});

test('paths, longer names and names inside words are left alone', () => {
  assert.deepEqual(at('See a/a-skill, `/a-skills`, /a-skill-2, `a-skill x` and https://x.io/a-skill.'), []);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { hoverCountsTokens } from '../../../server/src/lsp/hover';

// Hovers that count tokens wait for the tokenizer's warm-up (~300 ms after start-up);
// the others must not, so each position's answer here is exact.
test('which hovers count tokens: string entries and references only', () => {
  const text = [
    '---', //                                         0
    'name: demo', //                                  1  string
    'description: Does things. Use when asked.', //   2  string
    'user-invocable: true', //                        3  boolean
    'allowed-tools:', //                              4  list
    '  - Read', //                                    5
    '---', //                                         6
    '# Demo', //                                      7
    '', //                                            8
    'Read [the guide](references/guide.md) first.', // 9
  ].join('\n');
  const doc = parseSkillDocument('/ws/demo/SKILL.md', text);
  const at = (line: number, character: number, skillFile = true) => hoverCountsTokens(doc, { line, character }, skillFile);
  assert.deepEqual([at(1, 2), at(2, 20), at(3, 3), at(4, 3), at(5, 5), at(7, 2), at(9, 2), at(9, 20), at(9, 40)], [true, true, false, false, false, false, false, true, false]);
  // Outside a SKILL.md the frontmatter hover does not apply.
  assert.equal(at(1, 2, false), false);
});

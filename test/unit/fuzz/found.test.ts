// Cases the fuzzer found (npm run fuzz), shrunk by hand, kept as fixtures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyFix, check } from '../helpers';
import { violation } from './property';

test('seed 42, case 169: the space-separated-string fix of a list given by alias spans the alias, not the list', async () => {
  // The edit ran from after `context:` back to the end of the anchored list: start after end.
  for (const skill of ['---\nname: fuzz\ndescription: d\nl: &l0 [a, b]\ncontext: *l0\n---\n', '---\nname: fuzz\ndescription: d\nl: &l0\n  - a\n  - b\ncontext: *l0\n---\n']) {
    assert.equal(await violation({ skill, guide: '' }), undefined);
    const d = check(skill, { targets: ['claude-code'], path: '/ws/skills/fuzz/SKILL.md' }).find((x) => x.code === 'field-type' && x.message.includes('`context`'))!;
    assert.ok(applyFix(skill, d, 'Convert `context` to a space-separated string').endsWith('context: "a b"\n---\n'));
  }
});

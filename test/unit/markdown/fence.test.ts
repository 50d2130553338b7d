// One fence rule for every Markdown scanner: the outline (folding, symbols), anchors,
// references and the advisory rules' body lines agree on where code is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { fenceCloses, fenceOpen } from '../../../server/src/core/markdown/fence';
import { collectAnchors } from '../../../server/src/core/references/anchors';
import { extractReferences } from '../../../server/src/core/references/extract';
import { scanBody } from '../../../server/src/lsp/markdown';
import { bodyLines } from '../../../server/src/core/rules/content/bodyLines';

test('fenceOpen and fenceCloses follow CommonMark', () => {
  assert.deepEqual(fenceOpen('```js'), { char: '`', len: 3, info: 'js', at: 0 });
  assert.deepEqual(fenceOpen('   ~~~~ bash {x}'), { char: '~', len: 4, info: 'bash', at: 3 });
  assert.equal(fenceOpen('```js``` is inline'), undefined);
  assert.equal(fenceOpen('    ```'), undefined);
  assert.equal(fenceOpen('``'), undefined);
  assert.ok(fenceCloses('````  ', { char: '`', len: 3 }));
  assert.ok(!fenceCloses('``` x', { char: '`', len: 3 }));
  assert.ok(!fenceCloses('~~~', { char: '`', len: 3 }));
  assert.ok(!fenceCloses('```', { char: '`', len: 4 }));
  // CommonMark: only spaces or tabs may follow a closing fence (not a no-break space).
  assert.ok(!fenceCloses('```\u00a0', { char: '`', len: 3 }));
  assert.equal(fenceOpen('\t```'), undefined);
  assert.equal(fenceOpen('x```'), undefined);
});

test('a line "```js``` is inline" opens no fence for the outline, the anchors, the references or the rules', () => {
  const text = '---\nname: s\ndescription: d\n---\n```js``` is inline\n## Next\nSee [g](references/g.md#next).\n```bash\n# not a heading\n```\n';
  const doc = parseSkillDocument('/w/s/SKILL.md', text);
  const { headings, fences } = scanBody(doc);
  assert.deepEqual(headings.map((h) => [h.text, h.line]), [['Next', 5]]);
  assert.deepEqual(fences, [{ startLine: 7, endLine: 9 }]);
  assert.deepEqual(collectAnchors(text).map((a) => a.id), ['next']);
  assert.deepEqual(extractReferences(doc).map((r) => `${r.kind} ${r.path}`), ['link references/g.md']);
  assert.deepEqual(bodyLines(doc).map((l) => l.fence ?? '-'), ['-', '-', '-', 'bash', 'bash', 'bash', '-']);
});

test('the rules\' body lines: a fence\'s language in lower case, closed by a longer run with spaces after it, not by a shorter one nor one with a no-break space after it', () => {
  const doc = parseSkillDocument('/w/s/SKILL.md', '---\nname: s\ndescription: d\n---\n   ~~~~ Bash {x}\n~~~\nrm -rf $X\n~~~~\u00a0\n~~~~~  \nprose\n');
  assert.deepEqual(bodyLines(doc).map((l) => `${l.fence ?? '-'} ${l.text}`), ['bash    ~~~~ Bash {x}', 'bash ~~~', 'bash rm -rf $X', 'bash ~~~~\u00a0', 'bash ~~~~~  ', '- prose', '- ']);
});

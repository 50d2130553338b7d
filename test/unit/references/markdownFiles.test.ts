// The Markdown files a skill references are part of what an agent reads: their broken
// links are reported on those files, at their own positions, with their own fixes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, check, r } from './helpers';

const GUIDE = '/w/my-skill/references/guide.md';

test('links in a referenced Markdown file: missing, case, fragments into itself, SKILL.md and others, escapes', async () => {
  const guide = '# Guide\r\n\r\n## Setup 🚀\r\n[m](nope.md) [c](Other.MD) [s](#setup-) [t](#stup) [f](../SKILL.md#nope) [o](other.md#x) [e](../../x.md)\r\n';
  const { diagnostics } = await check('# Skill\n\n[g](references/guide.md)\n', { 'references/guide.md': guide, 'references/other.md': '# Other\n' });
  const inGuide = diagnostics.filter((d) => d.file === GUIDE);
  assert.deepEqual(
    inGuide.map((d) => [d.code, d.severity, r(d.range), d.message]),
    [
      ['reference-missing', 'error', '3:4-3:11', '`nope.md` does not exist in the skill folder, so agents following this link fail. Create the file or correct the path.'],
      ['reference-case-mismatch', 'error', '3:17-3:25', '`Other.MD` differs in letter case from `other.md` on disk; agents run on case-sensitive file systems where it is not found. Write `other.md`.'],
      ['reference-fragment-missing', 'warning', '3:45-3:49', '#stup matches no heading in this file. Did you mean #setup-?'],
      ['reference-fragment-missing', 'warning', '3:67-3:71', '#nope matches no heading in SKILL.md. Headings: #skill.'],
      ['reference-fragment-missing', 'warning', '3:86-3:87', '#x matches no heading in `other.md`. Headings: #other.'],
      ['reference-missing', 'error', '3:93-3:103', '`../../x.md` does not exist outside the skill folder either, so agents following this link fail. Correct the path, or put the file in the skill and reference it there.'],
      ['reference-too-deep', 'info', '3:17-3:25', '`references/other.md` is 2 links away from SKILL.md (through `references/guide.md`): agents read a file that a referenced file references only partially, if at all. Link it from SKILL.md.'],
    ],
  );
  // Fixes edit the Markdown file's own text.
  const fixed = applyEdits(guide, inGuide.flatMap((d) => d.fixes?.find((f) => f.preferred)?.edits ?? []));
  assert.equal(fixed, '# Guide\r\n\r\n## Setup 🚀\r\n[m](nope.md) [c](other.md) [s](#setup-) [t](#setup-) [f](../SKILL.md#nope) [o](other.md#x) [e](../../x.md)\r\n');
  assert.equal(diagnostics.filter((d) => d.file !== GUIDE).length, 0);
});

test('a Markdown file that is not referenced is not checked; one reached twice is reported once', async () => {
  const { diagnostics } = await check('[a](references/a.md) [b](references/b.md)\n', {
    'references/a.md': '[b](b.md) [gone](gone.md)\n',
    'references/b.md': '[a](a.md)\n',
    'references/loose.md': '[gone](gone.md)\n',
  });
  assert.deepEqual(diagnostics.map((d) => [d.code, d.file.slice('/w/my-skill/'.length), r(d.range)]), [
    ['reference-missing', 'references/a.md', '0:17-0:24'],
    ['reference-unused-file', 'references/loose.md', '0:0-0:0'],
  ]);
});

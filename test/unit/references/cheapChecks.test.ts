import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { githubSlug } from '../../../server/src/core/references/anchors';
import { parseReferencedMarkdown } from '../../../server/src/core/references/context';
import { extractReferences } from '../../../server/src/core/references/extract';
import { after, settle, SettledCache, type Steps } from '../../../server/src/core/references/settled';
import { closest } from '../../../server/src/core/text/similarity';
import { check, summary } from './helpers';

const FILE = '/w/my-skill/references/guide.md';

test('a referenced Markdown file: same body and references as parseSkillDocument, frontmatter or not', () => {
  const texts = [
    '# Guide\n[a](a.md)\n',
    '---\ntitle: x\nmeta:\n  nested: [1, 2]\n---\n[a](a.md) `scripts/x.sh`\n',
    '\n\n---\nbad: : yaml\n...\n[a](a.md)\n',
    '\uFEFF---\nx: 1\n---\r\n[a](a.md)\n',
    '---\nnever closed [a](a.md)\n',
    '---\n---\n[a](a.md)\n',
  ];
  for (const text of texts) {
    const light = parseReferencedMarkdown(FILE, text);
    const full = parseSkillDocument(FILE, text);
    assert.equal(light.bodyStart, full.bodyStart, JSON.stringify(text));
    assert.deepEqual(light.lines.lineStarts, full.lines.lineStarts);
    assert.deepEqual(extractReferences(light), extractReferences(full));
  }
});

test('unused files through a referenced Markdown file with a frontmatter', async () => {
  const { diagnostics } = await check('[g](references/guide.md)\n', {
    'references/guide.md': '---\ntitle: Guide\nmeta:\n  a: 1\n---\nRun `scripts/run.sh`.\n',
    'scripts/run.sh': 'echo\n',
    'scripts/other.sh': 'echo\n',
  });
  assert.deepEqual(summary(diagnostics), ['reference-unused-file hint scripts/other.sh']);
});

test('githubSlug: the ASCII pass agrees with the Unicode rule', () => {
  const rule = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
  let all = '';
  for (let c = 0; c < 128; c++) all += String.fromCharCode(c);
  for (const t of [all, 'Hello World', 'A_B-C  d', 'Step 1: (beta)!', '', 'Über ASCII', 'x\ty']) assert.equal(githubSlug(t), rule(t));
});

test('closest: case, `-`, `_` and spaces are ignored; typos within the bound', () => {
  assert.equal(closest('Getting_Started', ['getting-started', 'other']), 'getting-started');
  assert.equal(closest('refrences', ['references', 'scripts']), 'references');
  assert.equal(closest('abc', ['xyz']), undefined);
});

test('SettledCache and settle: values at hand without a promise, pending ones awaited', async () => {
  const cache = new SettledCache<number>();
  const first = cache.get('a', () => Promise.resolve(1));
  assert.ok(first instanceof Promise);
  assert.equal(await first, 1);
  assert.equal(cache.get('a', () => assert.fail('loaded twice')), 1);
  assert.equal(after(2, (v) => v + 1), 3);

  function* sum(values: Array<number | Promise<number>>): Steps<number> {
    let total = 0;
    for (const v of values) {
      const n: number = yield v;
      total += n;
    }
    return total;
  }
  assert.equal(settle(sum([1, 2, 3])), 6);
  const pending = settle(sum([1, Promise.resolve(2), 3]));
  assert.ok(pending instanceof Promise);
  assert.equal(await pending, 6);
});

test('every referenced Markdown file is read once, transitively, and its links are checked too', async () => {
  const all = await check('[a](references/a.md) [b](references/b.md)\n', {
    'references/a.md': '[b](b.md) [x](../docs/x.md)\n',
    'references/b.md': '# B\n[a](a.md)\n',
  });
  assert.deepEqual(summary(all.diagnostics), ['reference-missing error references/a.md']);
  assert.deepEqual(all.fs.reads, ['/w/my-skill/references/a.md', '/w/my-skill/references/b.md']);

  const chain = await check('[a](references/a.md)\n', {
    'references/a.md': '[b](b.md)\n',
    'references/b.md': '[c](c.md)\n',
    'references/c.md': '# C\n',
  });
  // b.md and c.md are reached only through other references: two and three links away.
  assert.deepEqual(summary(chain.diagnostics), ['reference-too-deep info references/a.md', 'reference-too-deep info references/b.md']);
  assert.deepEqual(chain.fs.reads, ['/w/my-skill/references/a.md', '/w/my-skill/references/b.md', '/w/my-skill/references/c.md']);
  assert.ok(chain.dependencies.includes('/w/my-skill/references/c.md'));
});

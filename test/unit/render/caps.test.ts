// Length caps and budgets, on synthetic entries (no file system).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogEntry } from '../../../server/src/core/catalog/types';
import { claudeDescription, renderClaudeListing } from '../../../server/src/core/render/claudeCode';
import { renderCodexIndex } from '../../../server/src/core/render/codex';
import { loviaIndexLine } from '../../../server/src/core/render/lovia';
import { pyPlainScalar, pyStr } from '../../../server/src/core/render/pyValue';
import { loviaOneLine, pyFloat, pyReprStr } from '../../../server/src/core/render/text';

const entry = (name: string, description: string, more: Partial<CatalogEntry> = {}): CatalogEntry => ({
  name, description, path: `/s/${name}/SKILL.md`, dir: `/s/${name}`, realDir: `/s/${name}`, realPath: `/s/${name}/SKILL.md`, root: '/s',
  extras: {}, extrasText: '', tokens: 0, diagnostics: { errors: 0, warnings: 0, codes: [] }, ...more,
});

test('Python str()/repr() of YAML 1.1 values', () => {
  assert.deepEqual(['yes', 'Off', '1.0', '0.5', '1e3', '010', '0x1F', '2024-01-01', '2024-01-01 10:00:00', '~', '1_000', '1.5e+20'].map((s) => pyStr(pyPlainScalar(s))),
    ['True', 'False', '1.0', '0.5', '1e3', '8', '31', '2024-01-01', '2024-01-01 10:00:00', 'None', '1000', '1.5e+20']);
  assert.equal(pyFloat(0.00001), '1e-05');
  assert.equal(pyFloat(1e16), '1e+16');
  assert.equal(pyReprStr("it's"), `"it's"`);
  assert.equal(pyReprStr('a\nb\\'), `'a\\nb\\\\'`);
});

test('lovia caps: 1024 description, 256 extras, ellipsis after rstrip', () => {
  assert.equal(loviaOneLine('a  b\u00a0c\u2028d', 100), 'a b c d');
  assert.equal(loviaOneLine('abc def', 5), 'abc\u2026');
  const line = loviaIndexLine(entry('x', 'd'.repeat(2000), { extrasText: 'tags: ' + 't'.repeat(300) }));
  const [, desc, extra] = /^- `x` — (d+…) \[(.*)\]$/.exec(line)!;
  assert.equal(Array.from(desc).length, 1024);
  assert.equal(Array.from(extra).length, 256);
});

test('claude-code: description + when_to_use cut at 1,536 UTF-16 units', () => {
  const d = claudeDescription(entry('x', 'a'.repeat(1000), { whenToUse: 'b'.repeat(1000) }));
  assert.equal(d.length, 1536);
  assert.ok(d.startsWith('a'.repeat(1000) + ' - b'));
  assert.ok(d.endsWith('b…'));
  // Over the 8,000-character budget: descriptions shrink, names stay.
  const many = Array.from({ length: 100 }, (_, i) => entry(`s${i}`, 'word '.repeat(40)));
  const r = renderClaudeListing(many);
  assert.ok(r.text.length < 8200);
  assert.equal(r.skills.length, 100);
});

test('codex budget: greedy by line cost, warning names omitted skills', () => {
  const skills = Array.from({ length: 8 }, (_, i) => entry(`s${i}`, 'x'.repeat(40)));
  const r = renderCodexIndex(skills, 1000); // 20 tokens: each line costs ceil(67/4) = 17
  assert.equal(r.skills.length, 1);
  assert.equal(r.omitted.length, 7);
  assert.match(r.text, /\nSkills list trimmed to fit the metadata budget: showing 1 of 8 enabled skills \(20 tokens\)\. Omitted skills include s1 \(repo\), s2 \(repo\), s3 \(repo\), s4 \(repo\), s5 \(repo\), 2 more\. Explicitly mention/);
  const none = renderCodexIndex(skills, 100);
  assert.match(none.text, /### Available skills\nNo skill metadata entries fit within the configured budget\.\n/);
});

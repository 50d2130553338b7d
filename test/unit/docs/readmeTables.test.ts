import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { allRules } from '../../../server/src/core/rules/catalog';
import { generateReadme, README } from '../../../scripts/docs/generate';

it('README rules and profiles tables are up to date (run `npx tsx scripts/docs/generate.ts`)', async () => {
  const current = readFileSync(README, 'utf8');
  const next = await generateReadme(current);
  assert.ok(next === current, 'README.md is out of date: run `npx tsx scripts/docs/generate.ts`');
});

it('every rule has a #rule-CODE anchor in README', async () => {
  const text = readFileSync(README, 'utf8');
  await generateReadme(text);
  for (const r of allRules()) assert.ok(text.includes(`<a id="rule-${r.code}"></a>`), r.code);
});

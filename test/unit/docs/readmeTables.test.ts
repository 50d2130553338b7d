// The generated tables of the documentation (docs/rules.md, docs/agents.md) match the
// rule registry and the profiles: `npm run docs` regenerates them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { allRules, ruleDocsUrl } from '../../../server/src/core/rules/catalog';
import { generateDoc, GENERATED, RULES_PAGE } from '../../../scripts/docs/generate';

it('the rules, profiles and locations tables are up to date (run `npm run docs`)', async () => {
  for (const file of Object.keys(GENERATED)) {
    const current = readFileSync(file, 'utf8');
    assert.ok((await generateDoc(file, current)) === current, `${file} is out of date: run \`npm run docs\``);
  }
});

it('every rule has a #rule-CODE anchor in docs/rules.md, where its diagnostics link', async () => {
  const text = readFileSync(RULES_PAGE, 'utf8');
  await generateDoc(RULES_PAGE, text);
  for (const r of allRules()) {
    assert.ok(text.includes(`<a id="rule-${r.code}"></a>`), r.code);
    assert.equal(ruleDocsUrl(r.code), `https://github.com/skillmd/skillmd/blob/main/docs/rules.md#rule-${r.code}`);
  }
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { renderContractsPage } from '../../../scripts/docs/contracts';
import { CONTRACTS_PAGE } from '../../../scripts/docs/generate';
import { contractRuleInfos } from '../../../server/src/core/contracts/rules';

it('docs/contracts.md is generated from the contract schema and the rule registry (run `npm run docs`)', () => {
  assert.equal(readFileSync(CONTRACTS_PAGE, 'utf8'), renderContractsPage());
});

it('the page lists every contract field of the schema and every contract rule', () => {
  const page = renderContractsPage();
  for (const f of ['`execution.rate_limit.burst_capacity`', '`lifecycle.health_check.timeout_ms`', '`fallback[].skill`', '`skills[].version`']) assert.ok(page.includes(`| ${f} |`), f);
  for (const r of contractRuleInfos) assert.ok(page.includes(`| \`${r.code}\` | ${r.defaultSeverity} |`), r.code);
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { renderContractsPage } from '../../../scripts/docs/contracts';
import { CONTRACTS_PAGE } from '../../../scripts/docs/generate';
import { contractRuleInfos } from '../../../server/src/core/contracts/rules';
import { routingRuleInfos } from '../../../server/src/core/routing/conflicts';

it('docs/contracts.md is generated from the contract schema and the rule registry (run `npm run docs`)', () => {
  assert.equal(readFileSync(CONTRACTS_PAGE, 'utf8'), renderContractsPage());
});

it('the page lists every contract field of the schema and every contract rule', () => {
  const page = renderContractsPage();
  for (const f of ['`execution.rate_limit.burst_capacity`', '`lifecycle.health_check.timeout_ms`', '`fallback[].skill`', '`skills[].version`']) assert.ok(page.includes(`| ${f} |`), f);
  for (const r of contractRuleInfos) assert.ok(page.includes(`| \`${r.code}\` | ${r.defaultSeverity} |`), r.code);
});

it('the page has a row for every field of contract.schema.json, read from the file, and every routing rule', () => {
  const page = renderContractsPage();
  type Node = { properties?: Record<string, Node>; items?: Node };
  const schema = JSON.parse(readFileSync(join(__dirname, '../../../server/src/core/contracts/contract.schema.json'), 'utf8')) as Node;
  const paths: string[] = [];
  const walk = (n: Node, prefix: string) => {
    for (const [k, v] of Object.entries(n.properties ?? {})) {
      const p = prefix ? `${prefix}.${k}` : k;
      paths.push(p);
      if (v.properties) walk(v, p);
      else if (v.items?.properties) walk(v.items, `${p}[]`);
    }
  };
  walk(schema, '');
  const rows = [...page.matchAll(/^\| `([^`]+)` \| /gm)].map((m) => m[1]).filter((p) => !/^(contract|registry|routing)-|^skills\[\]/.test(p));
  assert.deepEqual(rows, paths);
  for (const r of routingRuleInfos) assert.ok(page.includes(`| \`${r.code}\` | ${r.defaultSeverity} | ${r.title.replace(/\|/g, '\\|')} |`), r.code);
});

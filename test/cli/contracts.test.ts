// Skill contracts (skill.yaml, <id>.skill.yaml, SKILL.md contract fields) and registries
// (meta.yaml) through `skillmd check` as a child process (run `npm run build` first):
// exact diagnostics in text, JSON and SARIF.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot, runCli } from './helpers';

const EN = path.join(repoRoot, 'test/fixtures/contracts/en');
const ZH = path.join(repoRoot, 'test/fixtures/contracts/zh');
const ours = (out: string) => out.split('\n').filter((l) => / (contract|registry)-[a-z-]+: /.test(l)).join('\n') + '\n';

test('check reports every broken contract field, test case and registry entry, in English', () => {
  const r = runCli(['check', '.'], EN);
  assert.equal(r.status, 1);
  assert.equal(ours(r.stdout), `skills/broken/skill.yaml:1:5: error contract-id-format: \`id\` must be lowercase letters, digits and single \`-\` between them, such as \`pdf-report\`; \`Broken_Skill\` is not
skills/broken/skill.yaml:2:7: warning contract-skill-mismatch: \`name\` is \`broken-skill\` here but \`broken\` in SKILL.md: agents load the skill as \`broken\`; make them equal
skills/broken/skill.yaml:3:10: warning contract-version: \`version\` must be a semantic version \`MAJOR.MINOR.PATCH\`, such as \`1.2.0\`; \`1.2\` is not
skills/broken/skill.yaml:4:14: warning contract-skill-mismatch: the \`description\` differs from the one in SKILL.md: agents route by the SKILL.md one, so the contract describes another skill than the one they pick; make them the same
skills/broken/skill.yaml:5:1: hint contract-unknown-field: unknown contract field \`tiemout\`; known fields: \`id\`, \`name\`, \`display_name\`, \`version\`, \`description\`, \`when_to_use\`, \`status\`, \`author\`, \`owner\`, \`tags\`, \`trigger_keywords\`, \`parameters\`, \`input_schema\`, \`output_schema\`, \`required_permissions\`, \`execution\`, \`lifecycle\`, \`fallback\`
skills/broken/skill.yaml:6:7: error contract-schema: \`tags\` lists \`a\` twice (items 1 and 2): remove one
skills/broken/skill.yaml:10:28: error contract-range-order: \`minimum\` (10) is greater than \`maximum\` (1): no value can match; swap or correct them
skills/broken/skill.yaml:10:62: error contract-default-invalid: the \`default\` does not match its own schema: \`default\` must be an integer, not a string
skills/broken/skill.yaml:11:27: error contract-range-order: \`minLength\` (5) is greater than \`maxLength\` (2): no value can match; swap or correct them
skills/broken/skill.yaml:12:20: error contract-required-unknown: \`nmae\` is required but not among the \`properties\` (\`size\`, \`code\`)
skills/broken/skill.yaml:16:19: error contract-json-schema: \`parameters\` is not a valid JSON Schema: \`parameters.properties.name.type\` must be one of \`array\`, \`boolean\`, \`integer\`, \`null\`, \`number\`, \`object\`, \`string\`; \`strin\` is not
skills/broken/skill.yaml:19:3: warning contract-json-schema: \`requried\` is not a JSON Schema keyword, so validators ignore it; did you mean \`required\`?
skills/broken/skill.yaml:22:24: warning contract-permission-format: \`required_permissions[0]\` must be \`resource:action\`, such as \`files:read\`; \`files-read\` is not
skills/broken/skill.yaml:25:12: error contract-schema: \`execution.retries\` must be >= 0
skills/broken/skill.yaml:26:14: error contract-schema: \`execution.isolation\` must be one of \`none\`, \`process\`, \`thread\`, \`container\`, \`sandbox\`, \`vm\`; \`docker\` is not
skills/broken/skill.yaml:28:31: warning contract-timeout-order: the health check may take 5000 ms, longer than the execution timeout of \`2s\` (2000 ms): a slow health check outlives the run it guards; make it at most 2000
skills/broken/skill.yaml:29:11: error contract-fallback-unknown: no skill named \`csv-claen\` in the workspace, so this fallback never runs; did you mean \`csv-clean\`?
skills/broken/test_cases/bad.json:1:12: error contract-test-case: the input does not match \`input_schema\`: \`input\` needs \`nmae\`
skills/broken/test_cases/bad.json:1:22: error contract-test-case: the input does not match \`input_schema\`: \`input.size\` must be an integer, not a string
skills/broken/test_cases/bad.json:2:27: error contract-test-case: the test case expects \`status\` "done", which the output schema does not allow: \`status\` must be one of \`ok\`, \`error\`; \`done\` is not
skills/broken/test_cases/syntax.json:1:27: error contract-test-case: syntax.json is not valid JSON: Expected double-quoted property name in JSON at position 26
skills/meta.yaml:1:1: warning registry-unlisted-skill: the skill \`broken\` (broken/SKILL.md) is not listed in this registry: add it under \`skills\`
skills/meta.yaml:3:14: warning registry-version-mismatch: the registry has \`pdf-report\` at version 1.1.0, but the skill says 1.2.0: update one of them
skills/meta.yaml:9:11: error registry-unknown-skill: the registry lists \`pdf-merge\`, but no skill of that name exists: remove the entry or add the skill
skills/multi/alpha.skill.yaml:3:11: warning contract-fallback-cycle: fallback cycle: \`alpha\` → \`beta\` → \`alpha\`; a failure would go round forever: end the chain with a skill that has no fallback to these
skills/multi/beta.skill.yaml:3:21: warning contract-fallback-cycle: fallback cycle: \`beta\` → \`alpha\` → \`beta\`; a failure would go round forever: end the chain with a skill that has no fallback to these
skills/multi/dup.skill.yaml:1:5: error contract-id-duplicate: the id \`dup\` is also used by \`other/dup.skill.yaml\`: ids must be unique across the workspace
skills/multi/gamma.skill.yaml:1:5: error contract-id-file-mismatch: \`id\` is \`gamma-two\` but the file is \`gamma.skill.yaml\`: loaders find a contract by its file name, so this skill is not loaded; rename the file to \`gamma-two.skill.yaml\` or set \`id: gamma\`
skills/other/dup.skill.yaml:1:5: error contract-id-duplicate: the id \`dup\` is also used by \`multi/dup.skill.yaml\`: ids must be unique across the workspace
`);
  // The valid contract (pdf-report/skill.yaml and its test case) gets nothing.
  assert.doesNotMatch(r.stdout, /pdf-report\/(skill\.yaml|test_cases)/);
  assert.match(r.stdout, /3 skills checked, 0 invalid: 18 errors, 10 warnings, 3 info, 1 hint\n$/);
});

test('check reports contracts in Chinese, and contract fields of a SKILL.md frontmatter', () => {
  const r = runCli(['check', '.'], ZH);
  assert.equal(r.status, 1);
  assert.equal(ours(r.stdout), `skills/fanyi/SKILL.md:5:10: warning contract-version: \`version\` must be a semantic version \`MAJOR.MINOR.PATCH\`, such as \`1.2.0\`; \`1.0\` is not
skills/fanyi/SKILL.md:7:24: warning contract-permission-format: \`required_permissions[0]\` must be \`resource:action\`, such as \`files:read\`; \`文件读取\` is not
skills/fanyi/SKILL.md:6:11: error contract-fallback-unknown: no skill named \`zongjei\` in the workspace, so this fallback never runs; did you mean \`zongjie\`?
skills/zongjie/skill.yaml:2:7: warning contract-skill-mismatch: \`name\` is \`总结\` here but \`zongjie\` in SKILL.md: agents load the skill as \`zongjie\`; make them equal
skills/zongjie/skill.yaml:8:25: error contract-range-order: \`minLength\` (100) is greater than \`maxLength\` (10): no value can match; swap or correct them
skills/zongjie/skill.yaml:9:18: error contract-required-unknown: \`长度\` is required but not among the \`properties\` (\`文章\`)
skills/zongjie/skill.yaml:13:46: warning contract-timeout-order: the health check may take 3000 ms, longer than the execution timeout of 1000 ms: a slow health check outlives the run it guards; make it at most 1000
`);
});

test('check --format json: contract fields of a SKILL.md with the skill, contract files with the problems; exact 0-based UTF-16 ranges', () => {
  const r = runCli(['check', '.', '--format', 'json'], ZH);
  assert.equal(r.status, 1);
  type D = { code: string; file: string; range: unknown; severity: string };
  const report = JSON.parse(r.stdout) as { skills: { name: string; diagnostics: D[] }[]; problems: D[]; summary: unknown };
  const fanyi = report.skills.find((s) => s.name === 'fanyi')!;
  const perm = fanyi.diagnostics.find((p) => p.code === 'contract-permission-format')!;
  // `  - 文件读取` after `required_permissions: [`: four UTF-16 units.
  assert.deepEqual(perm, {
    code: 'contract-permission-format', severity: 'warning', file: 'skills/fanyi/SKILL.md',
    message: '`required_permissions[0]` must be `resource:action`, such as `files:read`; `文件读取` is not',
    range: { start: { line: 6, character: 23 }, end: { line: 6, character: 27 } },
  });
  assert.deepEqual(fanyi.diagnostics.map((p) => p.code), ['contract-version', 'contract-permission-format']);
  assert.deepEqual(report.problems.map((p) => p.code), ['contract-fallback-unknown', 'contract-skill-mismatch', 'contract-range-order', 'contract-required-unknown', 'contract-timeout-order']);
  assert.deepEqual(report.summary, { skills: 2, errors: 3, warnings: 4 });
});

test('contract fields of a SKILL.md are notes for agents that never read them (per-profile severity)', () => {
  const r = runCli(['check', 'skills/fanyi', '--target', 'claude-code'], ZH);
  assert.deepEqual(ours(r.stdout).split('\n').filter(Boolean).map((l) => l.slice(0, l.indexOf(': ', l.indexOf(' contract-')))), [
    'skills/fanyi/SKILL.md:5:10: info contract-version',
    'skills/fanyi/SKILL.md:7:24: info contract-permission-format',
    'skills/fanyi/SKILL.md:6:11: info contract-fallback-unknown',
  ]);
});

test('check --format sarif describes the contract rules and locates their results', () => {
  const r = runCli(['check', '.', '--format', 'sarif'], EN);
  const run = JSON.parse(r.stdout).runs[0];
  const rules = run.tool.driver.rules.map((x: { id: string }) => x.id);
  for (const code of ['contract-schema', 'contract-test-case', 'contract-fallback-cycle', 'registry-unknown-skill', 'routing-overlap']) assert.ok(rules.includes(code), code);
  const res = run.results.find((x: { ruleId: string }) => x.ruleId === 'contract-id-file-mismatch');
  assert.equal(res.level, 'error');
  assert.deepEqual(res.locations[0].physicalLocation, { artifactLocation: { uri: 'skills/multi/gamma.skill.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 1, startColumn: 5, endLine: 1, endColumn: 14 } });
});

test('a rule set off in .skillmd.json is not reported; a bad routing setting is a configuration error', () => {
  const off = runCli(['check', 'skills/multi', '--config', path.join(repoRoot, 'test/fixtures/contracts/off.skillmd.json')], EN);
  assert.doesNotMatch(off.stdout, /contract-fallback-cycle/);
  assert.match(off.stdout, /contract-id-file-mismatch/);
  const bad = runCli(['check', '.', '--config', path.join(repoRoot, 'test/fixtures/contracts/bad.skillmd.json')], EN);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /routing\.threshold must be a number above 0 and at most 1/);
});

test('checking one skill reads the skills beside it for names, and reports only the paths given', () => {
  const one = runCli(['check', 'skills/pdf-report'], EN);
  assert.equal(one.status, 0, one.stdout);
  assert.doesNotMatch(one.stdout, / (contract|registry)-/);
  const file = runCli(['check', 'skills/multi/gamma.skill.yaml'], EN);
  assert.equal(ours(file.stdout), 'skills/multi/gamma.skill.yaml:1:5: error contract-id-file-mismatch: `id` is `gamma-two` but the file is `gamma.skill.yaml`: loaders find a contract by its file name, so this skill is not loaded; rename the file to `gamma-two.skill.yaml` or set `id: gamma`\n');
  assert.doesNotMatch(file.stdout, /skill-file-name|frontmatter-missing/);
});

const ZH_BROKEN = path.join(repoRoot, 'test/fixtures/contracts/zh-broken');

test('every other check in Chinese: ids, unknown fields, enums, JSON Schemas, defaults, test cases, a cycle through Chinese names, a registry', () => {
  const r = runCli(['check', '.'], ZH_BROKEN);
  assert.equal(r.status, 1);
  assert.equal(ours(r.stdout), `skills/duo/bing.skill.yaml:1:5: error contract-id-duplicate: the id \`bing\` is also used by \`qita/bing.skill.yaml\`: ids must be unique across the workspace
skills/duo/bing.skill.yaml:3:11: warning contract-fallback-cycle: fallback cycle: \`丙\` → \`丁\` → \`丙\`; a failure would go round forever: end the chain with a skill that has no fallback to these
skills/duo/ding.skill.yaml:4:12: warning contract-fallback-cycle: fallback cycle: \`丁\` → \`丙\` → \`丁\`; a failure would go round forever: end the chain with a skill that has no fallback to these
skills/duo/jia.skill.yaml:1:5: error contract-id-file-mismatch: \`id\` is \`jia-yi\` but the file is \`jia.skill.yaml\`: loaders find a contract by its file name, so this skill is not loaded; rename the file to \`jia-yi.skill.yaml\` or set \`id: jia\`
skills/meta.yaml:1:1: warning registry-unlisted-skill: the skill \`fanyi-jishu\` (fanyi-jishu/SKILL.md) is not listed in this registry: add it under \`skills\`
skills/meta.yaml:3:14: warning registry-version-mismatch: the registry has \`wenzhang\` at version 1.0.0, but the skill says 2.0.0: update one of them
skills/meta.yaml:5:11: error registry-unknown-skill: the registry lists \`不存在的技能\`, but no skill of that name exists: remove the entry or add the skill
skills/meta.yaml:6:13: error registry-schema: \`skills[1].status\` must be one of \`draft\`, \`experimental\`, \`beta\`, \`stable\`, \`active\`, \`deprecated\`, \`retired\`; \`草稿\` is not
skills/qita/bing.skill.yaml:1:5: error contract-id-duplicate: the id \`bing\` is also used by \`duo/bing.skill.yaml\`: ids must be unique across the workspace
skills/wenzhang/skill.yaml:1:5: error contract-id-format: \`id\` must be lowercase letters, digits and single \`-\` between them, such as \`pdf-report\`; \`文章_摘要\` is not
skills/wenzhang/skill.yaml:4:1: hint contract-unknown-field: unknown contract field \`描述\`; known fields: \`id\`, \`name\`, \`display_name\`, \`version\`, \`description\`, \`when_to_use\`, \`status\`, \`author\`, \`owner\`, \`tags\`, \`trigger_keywords\`, \`parameters\`, \`input_schema\`, \`output_schema\`, \`required_permissions\`, \`execution\`, \`lifecycle\`, \`fallback\`
skills/wenzhang/skill.yaml:5:9: error contract-schema: \`status\` must be one of \`draft\`, \`experimental\`, \`beta\`, \`stable\`, \`active\`, \`deprecated\`, \`retired\`; \`已发布\` is not
skills/wenzhang/skill.yaml:9:34: error contract-default-invalid: the \`default\` does not match its own schema: \`default\` must be a string, not an integer
skills/wenzhang/skill.yaml:10:26: error contract-range-order: \`minimum\` (10) is greater than \`maximum\` (1): no value can match; swap or correct them
skills/wenzhang/skill.yaml:11:18: error contract-required-unknown: \`作者\` is required but not among the \`properties\` (\`标题\`, \`字数\`)
skills/wenzhang/skill.yaml:17:9: error contract-json-schema: \`parameters\` is not a valid JSON Schema: \`parameters.type\` must be one of \`array\`, \`boolean\`, \`integer\`, \`null\`, \`number\`, \`object\`, \`string\`; \`对象\` is not
skills/wenzhang/test_cases/坏例.json:1:11: error contract-test-case: the input does not match \`input_schema\`: \`input\` needs \`作者\`
skills/wenzhang/test_cases/坏例.json:1:18: error contract-test-case: the input does not match \`input_schema\`: \`input.标题\` must be a string, not an integer
skills/wenzhang/test_cases/坏例.json:1:45: error contract-test-case: the test case expects \`status\` "完成", which the output schema does not allow: \`status\` must be one of \`成功\`, \`失败\`; \`完成\` is not
`);
  // The valid test case (好例.json, Chinese keys and values) gets nothing.
  assert.doesNotMatch(r.stdout, /好例/);
  assert.match(r.stdout, /2 skills checked, 0 invalid: 14 errors, 4 warnings, 0 info, 1 hint\n$/);
});

test('in Chinese through JSON and SARIF: 0-based UTF-16 ranges, file names as written (JSON) and percent-encoded (SARIF), related locations', () => {
  const j = JSON.parse(runCli(['check', '.', '--format', 'json'], ZH_BROKEN).stdout) as { problems: { code: string; file: string; range: unknown; message: string }[]; summary: unknown };
  assert.deepEqual(j.summary, { skills: 2, errors: 14, warnings: 4 });
  assert.equal(j.problems.length, 19);
  assert.deepEqual(j.problems.find((p) => p.message.includes('`input.标题`')), {
    code: 'contract-test-case', severity: 'error', file: 'skills/wenzhang/test_cases/坏例.json',
    message: 'the input does not match `input_schema`: `input.标题` must be a string, not an integer',
    range: { start: { line: 0, character: 17 }, end: { line: 0, character: 18 } },
  });
  assert.deepEqual(j.problems.find((p) => p.code === 'contract-default-invalid')!.range, { start: { line: 8, character: 33 }, end: { line: 8, character: 35 } });
  const run = JSON.parse(runCli(['check', '.', '--format', 'sarif'], ZH_BROKEN).stdout).runs[0];
  type R = { ruleId: string; message: { text: string }; locations: { physicalLocation: unknown }[]; relatedLocations?: unknown[] };
  const status = (run.results as R[]).find((x) => x.message.text.includes('"完成"'))!;
  assert.deepEqual(status.locations[0].physicalLocation, { artifactLocation: { uri: 'skills/wenzhang/test_cases/%E5%9D%8F%E4%BE%8B.json', uriBaseId: '%SRCROOT%' }, region: { startLine: 1, startColumn: 45, endLine: 1, endColumn: 49 } });
  assert.deepEqual(status.relatedLocations, [{ id: 0, message: { text: 'the output schema' }, physicalLocation: { artifactLocation: { uri: 'skills/wenzhang/skill.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 12, startColumn: 1, endLine: 12, endColumn: 14 } } }]);
  const dup = (run.results as R[]).find((x) => x.ruleId === 'contract-id-duplicate')!;
  assert.deepEqual(dup.relatedLocations, [{ id: 0, message: { text: '`bing` also here' }, physicalLocation: { artifactLocation: { uri: 'skills/qita/bing.skill.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 1, startColumn: 5, endLine: 1, endColumn: 9 } } }]);
});

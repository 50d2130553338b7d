// Routing conflicts in `skillmd check` and `skillmd route` as a child process (run
// `npm run build` first), over a catalog of similar and dissimilar skills in English and Chinese.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot, runCli } from './helpers';

const ROOT = path.join(repoRoot, 'test/fixtures/routing');

test('check reports similar pairs on both skills, shared trigger keywords and identical descriptions; not the dissimilar ones', () => {
  const r = runCli(['check', '.'], ROOT);
  const lines = r.stdout.split('\n').filter((l) => / routing-/.test(l)).join('\n') + '\n';
  assert.equal(lines, `skills/pdf-report/SKILL.md:3:14: info routing-overlap: \`pdf-report\` reads much like \`pdf-summary\` (similarity 0.77; shared terms: pdf, report, builds, spreadsheet, data, sales): an agent may pick the wrong one; name the boundary in the description, e.g. "for summarize, summary, use \`pdf-summary\`"
skills/pdf-report/SKILL.md:4:20: warning routing-trigger-shared: the trigger keyword "pdf report" is also claimed by \`pdf-summary\`: a request with it matches both; keep it on one skill
skills/pdf-summary/SKILL.md:3:14: info routing-overlap: \`pdf-summary\` reads much like \`pdf-report\` (similarity 0.77; shared terms: pdf, report, builds, spreadsheet, data, sales): an agent may pick the wrong one; name the boundary in the description, e.g. "for inventory, use \`pdf-report\`"
skills/pdf-summary/SKILL.md:4:20: warning routing-trigger-shared: the trigger keyword "pdf report" is also claimed by \`pdf-report\`: a request with it matches both; keep it on one skill
skills/same-a/SKILL.md:3:14: warning routing-description-identical: \`same-a\` has the same description as \`same-b\`: the agent cannot tell them apart; say what each one is for
skills/same-b/SKILL.md:3:14: warning routing-description-identical: \`same-b\` has the same description as \`same-a\`: the agent cannot tell them apart; say what each one is for
skills/zh-translate-docs/SKILL.md:3:14: info routing-overlap: \`zh-translate-docs\` reads much like \`zh-translate\` (similarity 0.93; shared terms: 翻译, 文档, 技术, 中文, 英文, 保留): an agent may pick the wrong one; name the boundary in the description, e.g. "for 要求, use \`zh-translate\`"
skills/zh-translate/SKILL.md:3:14: info routing-overlap: \`zh-translate\` reads much like \`zh-translate-docs\` (similarity 0.93; shared terms: 翻译, 文档, 技术, 中文, 英文, 保留): an agent may pick the wrong one; name the boundary in the description, e.g. "when to use \`zh-translate-docs\` instead"
`);
  for (const lone of ['git-commit', 'weather', 'zh-recipe']) assert.doesNotMatch(r.stdout, new RegExp(`${lone}/SKILL\\.md:\\d+:\\d+: \\w+ routing-`));
});

test('the related information of an overlap points at the other skill (JSON has the ranges)', () => {
  const r = runCli(['check', '.', '--format', 'sarif'], ROOT);
  const res = JSON.parse(r.stdout).runs[0].results.find((x: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => x.ruleId === 'routing-overlap' && x.locations[0].physicalLocation.artifactLocation.uri === 'skills/pdf-report/SKILL.md');
  assert.equal(res.level, 'note');
  assert.deepEqual(res.relatedLocations, [{ id: 0, message: { text: '`pdf-summary`: shares pdf, report, builds, spreadsheet, data, sales' }, physicalLocation: { artifactLocation: { uri: 'skills/pdf-summary/SKILL.md', uriBaseId: '%SRCROOT%' }, region: { startLine: 3, startColumn: 14, endLine: 3, endColumn: 132 } } }]);
  // Chinese: columns in UTF-16 units, the shared words as the segmenter found them.
  const zh = JSON.parse(r.stdout).runs[0].results.find((x: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => x.ruleId === 'routing-overlap' && x.locations[0].physicalLocation.artifactLocation.uri === 'skills/zh-translate/SKILL.md');
  assert.deepEqual(zh.locations[0].physicalLocation.region, { startLine: 3, startColumn: 14, endLine: 3, endColumn: 48 });
  assert.deepEqual(zh.relatedLocations, [{ id: 0, message: { text: '`zh-translate-docs`: shares \u7ffb\u8bd1, \u6587\u6863, \u6280\u672f, \u4e2d\u6587, \u82f1\u6587, \u4fdd\u7559' }, physicalLocation: { artifactLocation: { uri: 'skills/zh-translate-docs/SKILL.md', uriBaseId: '%SRCROOT%' }, region: { startLine: 3, startColumn: 14, endLine: 3, endColumn: 50 } } }]);
});

test('a higher routing.threshold reports fewer pairs', () => {
  const r = runCli(['check', '.', '--config', path.join(ROOT, 'strict.skillmd.json')], ROOT);
  assert.match(r.stdout, /zh-translate\/SKILL\.md:3:14: info routing-overlap/);
  assert.doesNotMatch(r.stdout, /pdf-report\/SKILL\.md:3:14: info routing-overlap/);
});

const order = (request: string, ...extra: string[]) => {
  const r = runCli(['route', request, '--format', 'json', ...extra], ROOT);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { candidates: { name: string }[]; others: { name: string }[] };
  return { candidates: j.candidates.map((c) => c.name), others: j.others.map((c) => c.name) };
};

test('route puts the skills whose trigger keywords or tags match first, then ranks by similarity', () => {
  assert.deepEqual(order('make a pdf report of the sales figures'), { candidates: ['pdf-report', 'pdf-summary'], others: [] });
  assert.deepEqual(order('commit my changes with a good message'), { candidates: [], others: ['git-commit'] });
  assert.deepEqual(order('will it rain in Paris tomorrow'), { candidates: [], others: ['weather'] });
  assert.deepEqual(order('请把这份技术文档翻译成英文'), { candidates: ['zh-translate'], others: ['zh-translate-docs'] });
  assert.deepEqual(order('今晚用冰箱里的食材做什么菜'), { candidates: [], others: ['zh-recipe'] });
});

test('route prints scores and matching terms as text; a missing request is a usage error', () => {
  const r = runCli(['route', 'make a pdf report of the sales figures'], ROOT);
  assert.equal(r.stdout, `lovia: 9 skills in the catalog
Matched by trigger_keywords or tags:
  1. pdf-report   0.658  matched: pdf report, pdf, report  terms: pdf, report, sales, figures
  2. pdf-summary  0.562  matched: pdf report  terms: pdf, report, sales, figures
`);
  const u = runCli(['route'], ROOT);
  assert.equal(u.status, 2);
  assert.match(u.stderr, /route needs a request/);
});

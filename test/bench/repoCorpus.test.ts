// The repository-shaped bench corpus is deterministic and shaped like a repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const load = () => import('../../scripts/bench/repoCorpus.mjs');
const corpus = () => import('../../scripts/bench/corpus.mjs');

test('same seed gives the same bytes; nested skill folders with references, scripts and plugin markers', async () => {
  const { generateRepoCorpus } = await load();
  const { describeCorpus } = await corpus();
  const a = describeCorpus({ skills: 40, seed: 2, generate: generateRepoCorpus });
  assert.deepEqual(describeCorpus({ skills: 40, seed: 2, generate: generateRepoCorpus }), a);
  assert.notEqual(describeCorpus({ skills: 40, seed: 3, generate: generateRepoCorpus }).sha256, a.sha256);
  assert.equal(a.skills, 40);
  const paths = [...generateRepoCorpus({ skills: 200, seed: 1 })].map((f) => f.path);
  assert.equal(new Set(paths).size, paths.length);
  const skills = paths.filter((p) => p.endsWith('/SKILL.md'));
  assert.equal(skills.length, 200);
  // Nested deeper than <repo>/skills/<skill>: categories, plugins, .github.
  assert.ok(skills.every((p) => p.split('/').length >= 4), 'nested skill folders');
  assert.ok(paths.some((p) => p.endsWith('/.claude-plugin/plugin.json')), 'plugins');
  assert.ok(paths.some((p) => /\/references\/[^/]+\.md$/.test(p)) && paths.some((p) => /\/scripts\/[^/]+\.(py|sh|js)$/.test(p)));
});

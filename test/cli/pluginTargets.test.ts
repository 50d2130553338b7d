// Claude Code plugins keep their skills under a folder with `.claude-plugin/` above it
// (`plugins/<p>/skills/<s>/SKILL.md`, or `skills/<s>/` next to a root manifest): such
// skills target claude-code, so its fields (`when_to_use`, `model`) are no errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { after, test } from 'node:test';
import { cliPath, makeTree, runCli } from './helpers';

// Each skill its own description: identical ones are reported (duplicate-description).
const skill = (name: string) => `---\nname: ${name}\ndescription: Reviews pull requests for risky changes in ${name}. Use when the user asks for a review.\nwhen_to_use: Before merging a pull request.\nmodel: sonnet\n---\n# Review\n`;

const tree = makeTree({
  'plugins/review-kit/.claude-plugin/plugin.json': '{ "name": "review-kit" }\n',
  'plugins/review-kit/skills/review/SKILL.md': skill('review'),
  'plugins/deep/.claude-plugin/plugin.json': '{ "name": "deep" }\n',
  // Five folders above the skill folder: too far to be its plugin.
  'plugins/deep/a/b/c/d/too-deep/SKILL.md': skill('too-deep'),
  'skills/plain/SKILL.md': skill('plain'),
});
after(() => rmSync(tree, { recursive: true, force: true }));

const EXPECTED = [
  'plugins/deep/a/b/c/d/too-deep/SKILL.md:4:1: error unknown-field: Unknown field `when_to_use` (rejected by agentskills). It is read by claude-code, which is not targeted.',
  'plugins/deep/a/b/c/d/too-deep/SKILL.md:5:1: error unknown-field: Unknown field `model` (rejected by agentskills). It is read by claude-code, eino, which are not targeted.',
  'skills/plain/SKILL.md:4:1: error unknown-field: Unknown field `when_to_use` (rejected by agentskills). It is read by claude-code, which is not targeted.',
  'skills/plain/SKILL.md:5:1: error unknown-field: Unknown field `model` (rejected by agentskills). It is read by claude-code, eino, which are not targeted.',
  '3 skills checked, 2 invalid: 4 errors, 0 warnings, 0 info',
  '',
].join('\n');

test('a skill below a `.claude-plugin/` folder (up to 4 levels above it) is checked as claude-code', () => {
  const r = runCli(['check'], tree);
  assert.equal(r.stdout, EXPECTED);
  assert.equal(r.status, 1);
  const json = JSON.parse(runCli(['check', 'plugins/review-kit/skills/review', '--format', 'json'], tree).stdout);
  assert.deepEqual(json.skills.map((s: { targets: string[]; valid: boolean }) => [s.targets, s.valid]), [[['claude-code'], true]]);
  // An explicit target still wins.
  assert.match(runCli(['check', 'plugins/review-kit', '--target', 'agentskills'], tree).stdout, /review\/SKILL\.md:4:1: error unknown-field/);
});

test('worker threads infer plugin targets too', () => {
  // Past the parallel threshold (400 skills), batches go to worker threads.
  const files: Record<string, string> = { 'p/.claude-plugin/plugin.json': '{}\n' };
  for (let i = 0; i < 450; i++) files[`p/skills/s${i}/SKILL.md`] = skill(`s${i}`);
  const big = makeTree(files);
  try {
    const r = spawnSync(process.execPath, [cliPath, 'check'], { cwd: big, encoding: 'utf8', env: { ...process.env, SKILLMD_THREADS: '2' } });
    assert.equal(r.stdout, '450 skills checked, 0 invalid: 0 errors, 0 warnings, 0 info\n');
    assert.equal(r.status, 0);
  } finally {
    rmSync(big, { recursive: true, force: true });
  }
});

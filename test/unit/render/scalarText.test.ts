// Codex (serde_yaml) and Eino (Go yaml.v3) decode `name` and `description` into
// string fields: a scalar is its text as written, never a number or a boolean.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { SkillCatalog } from '../../../server/src/core/catalog/catalog';
import type { ProfileId } from '../../../server/src/core/profiles/types';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

async function snapshotOf(agent: ProfileId, skills: Record<string, string>) {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-scalar-')));
  try {
    for (const [dir, fm] of Object.entries(skills)) {
      mkdirSync(path.join(root, dir));
      writeFileSync(path.join(root, dir, 'SKILL.md'), `---\n${fm}\n---\nBody\n`);
    }
    const c = new SkillCatalog({ fs: new NodeFileSystem(), agent, roots: [{ path: root, origin: 'explicit' }], check: false });
    await c.scan();
    const s = c.snapshot();
    return { root, skills: s.skills.map((e) => [e.name, e.description]), skipped: s.skipped.map((e) => [path.relative(root, e.path), e.message]) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('codex: numbers and booleans are text; a blank name falls back to the folder; a list is no string', async () => {
  const s = await snapshotOf('codex', {
    num: 'name: num\ndescription: 123',
    boo: 'name: boo\ndescription: true',
    numname: 'name: 007\ndescription: d2',
    blankname: 'name: "   "\ndescription: d1',
    nullname: 'name: ~\ndescription: d3',
    listdesc: 'name: listdesc\ndescription: [a, b]',
  });
  assert.deepEqual(s.skills, [['blankname', 'd1'], ['boo', 'true'], ['nullname', 'd3'], ['num', '123'], ['007', 'd2']]);
  assert.deepEqual(s.skipped, [['listdesc/SKILL.md', 'invalid YAML: description: invalid type: sequence, expected a string']]);
});

test('eino: scalars keep their text; a list or map in a string field fails to unmarshal', async () => {
  const ok = await snapshotOf('eino', {
    f1: 'name: f1\ndescription: 1.0',
    f2: 'name: f2\ndescription: 0x1F',
    s7: 'name: 007\ndescription: .inf',
    nul: 'name: nul\ndescription: ~',
  });
  assert.deepEqual(ok.skills, [['f1', '1.0'], ['f2', '0x1F'], ['nul', ''], ['007', '.inf']]);
  const bad = await snapshotOf('eino', { s1: 'name: s1\n# a comment\ndescription: [a, b]\nmodel: {x: 1}' });
  assert.deepEqual(bad.skipped.map(([, m]) => m.replace(bad.root, '<root>')), [
    'failed to load skill from <root>/s1/SKILL.md: failed to unmarshal frontmatter: yaml: unmarshal errors:\n  line 3: cannot unmarshal !!seq into string\n  line 4: cannot unmarshal !!map into string',
  ]);
  // An alias to no anchor: yaml.v3 fails at once (the `yaml` package only when reading the value).
  const alias = await snapshotOf('eino', { g: 'name: g\ndescription: d\nglobs: **/*.*' });
  assert.deepEqual(alias.skipped.map(([, m]) => m.replace(alias.root, '<root>')), [
    "failed to load skill from <root>/g/SKILL.md: failed to unmarshal frontmatter: yaml: unknown anchor '*/*.*' referenced",
  ]);
});

test('codex: prose with `: ` or a broken flow-like value is quoted and parsed again, as newer Codex does', async () => {
  const s = await snapshotOf('codex', {
    aws: 'name: aws\ndescription: Build for AWS: ECS # deploys',
    hint: 'name: hint\ndescription: d\nargument-hint: [duration: e.g. 7d',
    broken: 'name: broken\ndescription: ok\n  - bad: [x',
  });
  assert.deepEqual(s.skills, [['aws', 'Build for AWS: ECS'], ['hint', 'd']]);
  assert.deepEqual(s.skipped.map(([f, m]) => [f, m.slice(0, 13)]), [['broken/SKILL.md', 'invalid YAML:']]);
});

test('codex: `metadata` must be a mapping (a struct field), else the skill is skipped', async () => {
  const s = await snapshotOf('codex', { m: 'name: m\ndescription: d\nmetadata: hello', n: 'name: n\ndescription: d\nmetadata:\n  short-description: s' });
  assert.deepEqual(s.skills, [['n', 'd']]);
  assert.deepEqual(s.skipped, [['m/SKILL.md', 'invalid YAML: metadata: invalid type: string, expected struct SkillMetadata']]);
});

test('codex: a list in metadata.short-description skips the skill', async () => {
  const s = await snapshotOf('codex', { sd: 'name: sd\ndescription: d\nmetadata:\n  short-description: [a, b]' });
  assert.deepEqual(s.skipped, [['sd/SKILL.md', 'invalid YAML: metadata.short-description: invalid type: sequence, expected a string']]);
});

// lovia reads frontmatter with PyYAML: a tab between tokens is a scanner error, which
// lovia reads as `{}` (so the skill has no description), and `!!str` makes a string.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { SkillCatalog } from '../../../server/src/core/catalog/catalog';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

async function lovia(skills: Record<string, string>) {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-pyyaml-')));
  try {
    for (const [dir, fm] of Object.entries(skills)) {
      mkdirSync(path.join(root, dir));
      writeFileSync(path.join(root, dir, 'SKILL.md'), `---\n${fm}\n---\nBody\n`);
    }
    const c = new SkillCatalog({ fs: new NodeFileSystem(), agent: 'lovia', roots: [{ path: root, origin: 'explicit' }], check: false });
    await c.scan();
    const s = c.snapshot();
    return { skills: s.skills.map((e) => [e.name, e.description]), skipped: s.skipped.map((e) => e.name) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('a tab between tokens leaves the skill without a description; tabs in quotes, comments and block scalars are fine', async () => {
  const r = await lovia({
    tabdesc: 'name: tabdesc\ndescription: Use this\tskill for PDFs',
    tabafter: 'name: tabafter\ndescription:\td',
    quoted: 'name: quoted\ndescription: "Use this\tskill" # a\tcomment',
    block: 'name: block\ndescription: |\n  Use this\tskill',
  });
  assert.deepEqual(r.skills, [['block', 'Use this\tskill'], ['quoted', 'Use this\tskill']]);
  assert.deepEqual(r.skipped.sort(), ['tabafter', 'tabdesc']);
});

test('`!!str 123` is the string "123"', async () => {
  assert.deepEqual((await lovia({ tagged: 'name: tagged\ndescription: !!str 123' })).skills, [['tagged', '123']]);
});

test('plain keys are typed as PyYAML types them: `on` and `yes` are both True, `null` is None; a quoted key stays a string', async () => {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-pyyaml-')));
  try {
    mkdirSync(path.join(root, 'keys'));
    writeFileSync(path.join(root, 'keys/SKILL.md'), '---\nname: keys\ndescription: Typed keys.\non: push\nyes: 1\nnull: z\n"off": q\n---\nBody\n');
    const c = new SkillCatalog({ fs: new NodeFileSystem(), agent: 'lovia', roots: [{ path: root, origin: 'explicit' }], check: false });
    await c.scan();
    assert.equal(c.snapshot().skills[0].extrasText, 'True: 1; None: z; off: q');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an alias bomb (nine aliases, nine levels deep) is built once per alias and rendered within a budget', { timeout: 30_000 }, async () => {
  const levels = 'abcdefghi';
  const lines = ['name: bomb', 'description: Test skill. Use when testing.', `a: &a [${Array(9).fill('"lol"').join(', ')}]`];
  for (let i = 1; i < levels.length; i++) lines.push(`${levels[i]}: &${levels[i]} [${Array(9).fill('*' + levels[i - 1]).join(', ')}]`);
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-pyyaml-')));
  try {
    mkdirSync(path.join(root, 'bomb'));
    writeFileSync(path.join(root, 'bomb/SKILL.md'), `---\n${lines.join('\n')}\n---\nBody\n`);
    for (const agent of ['lovia', 'codex'] as const) {
      const c = new SkillCatalog({ fs: new NodeFileSystem(), agent, roots: [{ path: root, origin: 'explicit' }], check: false });
      await c.scan();
      const e = c.snapshot().skills[0];
      assert.equal(e.name, 'bomb');
      assert.ok(JSON.stringify(e.extras).length < 200_000, agent);
      if (agent === 'lovia') {
        assert.ok(e.extrasText.startsWith(`a: ${Array(9).fill('lol').join(', ')}; b: ['lol', 'lol'`), e.extrasText.slice(0, 100));
        assert.ok(e.extrasText.length <= 70_000);
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

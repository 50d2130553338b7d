// skills-ref reads frontmatter with strictyaml: every scalar is its text, plain lines
// are folded as YAML folds them, and flow style, anchors and tags are errors.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { SkillCatalog } from '../../../server/src/core/catalog/catalog';
import { renderIndex } from '../../../server/src/core/render';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

async function indexOf(frontmatter: string): Promise<ReturnType<typeof renderIndex>> {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-strict-')));
  try {
    mkdirSync(path.join(root, 'demo'));
    writeFileSync(path.join(root, 'demo/SKILL.md'), `---\n${frontmatter}\n---\nBody\n`);
    const c = new SkillCatalog({ fs: new NodeFileSystem(), agent: 'agentskills', roots: [{ path: root, origin: 'explicit' }], check: false });
    await c.scan();
    return renderIndex(c.snapshot());
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const description = (p: ReturnType<typeof renderIndex>) => /<description>\n([\s\S]*?)\n<\/description>/.exec(p.parts[0].text)?.[1];

test('a plain description over several lines is folded; numbers and booleans stay as written', async () => {
  assert.equal(description(await indexOf('name: demo\ndescription: This is a long\n  description over lines')), 'This is a long description over lines');
  assert.equal(description(await indexOf('name: demo\ndescription: a\n\n  b')), 'a\nb');
  assert.equal(description(await indexOf('name: demo\ndescription: 1.0')), '1.0');
  assert.equal(description(await indexOf('name: demo\ndescription: yes')), 'yes');
  assert.equal(description(await indexOf('name: demo\ndescription: "quoted: \\u00e9"')), 'quoted: é');
});

test('anchors, aliases and tags fail the command, as flow style does', async () => {
  for (const [fm, why] of [
    ['name: demo\ndescription: &a anchored', 'anchors and aliases are not allowed (strictyaml)'],
    ['name: demo\nx: &a 1\ndescription: *a', 'anchors and aliases are not allowed (strictyaml)'],
    ['name: demo\ndescription: !!str tagged', 'tags are not allowed (strictyaml)'],
    ['name: demo\ndescription: [a, b]', 'flow style is not allowed (strictyaml)'],
  ]) {
    const p = await indexOf(fm);
    assert.equal(p.ok, false, fm);
    assert.equal(p.parts[0].text, `Error: Invalid YAML in frontmatter: ${why}`, fm);
  }
});

// The contract checks over an in-memory workspace: the cases the CLI fixtures do not show.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { checkContractWorkspace } from '../../../server/src/core/contracts/check';
import { ContractFileCollector, findContractFiles } from '../../../server/src/core/contracts/discover';
import { CONTRACT_ONLY_FIELDS, hasContractFields } from '../../../server/src/core/contracts/model';
import { loadContractWorkspace, reloadSkillFiles } from '../../../server/src/core/contracts/workspace';
import { findSkillFiles } from '../../../server/src/core/workspace/findSkillFiles';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';

async function check(files: Record<string, string>): Promise<string[]> {
  const fs = new MemoryFileSystem(files);
  const ws = await loadContractWorkspace(fs, await findContractFiles(fs, '/w'));
  return checkContractWorkspace(ws).map((d) => `${d.file.slice(3)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}: ${d.message}`);
}

const skill = (name: string) => `---\nname: ${name}\ndescription: ${name}. Use when testing.\n---\n`;

test('a registry written as a mapping of names; a meta.yaml that is no registry is not read', async () => {
  assert.deepEqual(await check({
    '/w/skills/a/SKILL.md': skill('a'),
    '/w/skills/meta.yaml': 'skills:\n  a: { version: 1.0.0 }\n  b: { status: gone }\n',
    '/w/docs/meta.yaml': 'title: not a registry\n',
  }), [
    'skills/meta.yaml:3:3 registry-unknown-skill: the registry lists `b`, but no skill of that name exists: remove the entry or add the skill',
    'skills/meta.yaml:3:16 registry-schema: `skills.b.status` must be one of `draft`, `experimental`, `beta`, `stable`, `active`, `deprecated`, `retired`; `gone` is not',
  ]);
});

test('<id>.skill.yaml reads test_cases/<id>/; draft 2020-12 schemas compile with their $defs', async () => {
  assert.deepEqual(await check({
    '/w/s/conv.skill.yaml': 'id: conv\ninput_schema:\n  $schema: https://json-schema.org/draft/2020-12/schema\n  $defs: { unit: { enum: [c, f] } }\n  type: object\n  properties: { unit: { $ref: "#/$defs/unit" } }\n',
    '/w/s/test_cases/conv/one.json': '{ "input": { "unit": "k" } }',
    '/w/s/test_cases/other.json': 'not read: conv has its own folder',
  }), ['s/test_cases/conv/one.json:1:22 contract-test-case: the input does not match `input_schema`: `input.unit` must be one of `c`, `f`; `k` is not']);
});

test('suppression comments silence a contract rule on the next line or in the whole file', async () => {
  assert.deepEqual(await check({
    '/w/a/skill.yaml': 'id: a\n# skillmd-disable-next-line contract-version\nversion: "1.2"\nrequired_permissions: [read]\n',
    '/w/b/skill.yaml': '# skillmd-disable contract-permission-format\nid: b\nrequired_permissions: [read]\n',
  }), ['a/skill.yaml:4:24 contract-permission-format: `required_permissions[0]` must be `resource:action`, such as `files:read`; `read` is not']);
});

test('a fallback to itself, and a file that is not a mapping', async () => {
  assert.deepEqual(await check({
    '/w/a/skill.yaml': 'id: a\nfallback: [{ skill: a }]\n',
    '/w/b/skill.yaml': '- just\n- a list\n',
    '/w/c/skill.yaml': 'id: c\nname: [unclosed\n',
  }), [
    'a/skill.yaml:2:21 contract-fallback-unknown: `a` is this skill itself: a fallback must be another skill',
    'b/skill.yaml:1:1 contract-yaml: a skill contract is a mapping of fields (`id: …`, `version: …`); this file holds none',
    'c/skill.yaml:3:1 contract-yaml: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
  ]);
});

test('a fallback cycle through contract fields of a SKILL.md, which go by the SKILL.md name', async () => {
  assert.deepEqual(await check({
    '/w/s/fanyi/SKILL.md': '---\nname: fanyi\ndescription: 翻译文档。\nfallback: zongjie\n---\n',
    '/w/s/zongjie/SKILL.md': skill('zongjie'),
    '/w/s/zongjie/skill.yaml': 'id: zongjie\nfallback: [{ skill: fanyi }]\n',
  }), [
    's/fanyi/SKILL.md:4:11 contract-fallback-cycle: fallback cycle: `fanyi` → `zongjie` → `fanyi`; a failure would go round forever: end the chain with a skill that has no fallback to these',
    's/zongjie/skill.yaml:2:21 contract-fallback-cycle: fallback cycle: `zongjie` → `fanyi` → `zongjie`; a failure would go round forever: end the chain with a skill that has no fallback to these',
  ]);
});

test('a SKILL.md changed on disk is read again alone; while no SKILL.md was parsed, one with contract fields asks for a full read', async () => {
  const fs = new MemoryFileSystem({ '/w/skills/a/SKILL.md': skill('a'), '/w/skills/b/SKILL.md': '---\nname: b\ndescription: b. Use when testing.\nfallback: c\n---\n' });
  const ws = await loadContractWorkspace(fs, await findContractFiles(fs, '/w'));
  assert.deepEqual(checkContractWorkspace(ws).map((d) => d.code), ['contract-fallback-unknown']);
  fs.writeFile('/w/skills/a/SKILL.md', skill('c'));
  const before = fs.reads.length;
  const next = (await reloadSkillFiles(fs, ws, ['/w/skills/a/SKILL.md'], true))!;
  assert.deepEqual(fs.reads.slice(before), ['/w/skills/a/SKILL.md']);
  assert.deepEqual(next.skillMds.map((s) => s.name), ['c', 'b']);
  assert.deepEqual(checkContractWorkspace(next), []);
  // Unknown to the workspace, or contract fields where none were parsed: read it all again.
  assert.equal(await reloadSkillFiles(fs, ws, ['/w/skills/new/SKILL.md'], true), undefined);
  const bare = await loadContractWorkspace(new MemoryFileSystem({ '/w/skills/a/SKILL.md': skill('a') }), { contracts: [], registries: [], skillFiles: ['/w/skills/a/SKILL.md'] });
  assert.equal(bare.skillMds.length, 0);
  assert.equal(await reloadSkillFiles(new MemoryFileSystem({ '/w/skills/a/SKILL.md': '---\nname: a\nfallback: x\n---\n' }), bare, ['/w/skills/a/SKILL.md'], false), undefined);
  assert.equal(await reloadSkillFiles(new MemoryFileSystem({ '/w/skills/a/SKILL.md': skill('a2') }), bare, ['/w/skills/a/SKILL.md'], false), bare);
});

test('hasContractFields looks at the frontmatter only', () => {
  assert.equal(hasContractFields('---\nname: a\nfallback: b\n---\n# A\n'), true);
  assert.equal(hasContractFields('---\r\nname: a\r\ninput_schema:\r\n  type: object\r\n---\r\n'), true);
  assert.equal(hasContractFields('---\nname: a\n---\n# Example\nid: not-a-contract\nfallback: x\n'), false);
  assert.equal(hasContractFields('# No frontmatter\nid: x\n'), false);
  assert.equal(hasContractFields('---\nname: a\nexecution: {}\n'), true, 'an unterminated frontmatter is all frontmatter');
  assert.equal(hasContractFields('---\nname: a\rid: x\n---\n'), true, 'a line may end with a lone CR');
  assert.equal(hasContractFields('---\nname: a\n id: x\n---\n'), false, 'an indented field belongs to another');
});

test('hasContractFields answers as a multiline `^(field)\\s*:` over the frontmatter would', () => {
  const line = new RegExp(`^(?:${CONTRACT_ONLY_FIELDS.join('|')})\\s*:`, 'm');
  const reference = (text: string) => {
    if (!/^---[ \t]*\r?(\n|$)/.test(text)) return false;
    const close = text.search(/\n---[ \t]*\r?(\n|$)/);
    return line.test(close < 0 ? text : text.slice(0, close));
  };
  const piece = fc.constantFrom('---', '\n', '\r', '\r\n', '\u2028', '\u2029', ' ', '\t', ':', '-', 'x', 'e', 'i', 'id', 'idx', 'fallback', 'trigger_keywords', 'name: a');
  fc.assert(fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
    const text = pieces.join('');
    assert.equal(hasContractFields(text), reference(text), JSON.stringify(text));
    assert.equal(hasContractFields(`---\n${text}`), reference(`---\n${text}`), JSON.stringify(`---\n${text}`));
  }), { numRuns: 5000 });
});

/** The contract files the language server's index collects from its own walk (findSkillFiles' listings). */
async function collected(fs: MemoryFileSystem, root: string, exclude?: (p: string) => boolean) {
  const collector = new ContractFileCollector(exclude);
  await findSkillFiles(fs, root, { exclude, onListing: (dir, entries, linked) => collector.listing(dir, entries, linked) });
  return collector.result();
}

test('the index walk finds the contract files a contract walk finds, in the same order; none after a linked folder', async () => {
  const fs = new MemoryFileSystem({
    '/w/z.skill.yaml': 'id: z\n',
    '/w/a/SKILL.md': skill('a'),
    '/w/a/A/skill.yaml': 'id: a\n',
    '/w/a/a.skill.yaml': 'id: a2\n',
    '/w/a/b/c/skill.yaml': 'id: c\n',
    '/w/a/z.skill.yaml': 'id: z2\n',
    '/w/b/skill.md': skill('b'),
    '/w/b/meta.yaml': 'skills: []\n',
    '/w/b.skill.yaml': 'id: b\n',
    '/w/node_modules/x/skill.yaml': 'id: x\n',
    '/w/ignored/skill.yaml': 'id: i\n',
    '/w/kept/ignored.skill.yaml': 'id: i2\n',
    '/w/kept/sub/SKILL.md': skill('sub'),
  });
  const exclude = (p: string) => p === '/w/ignored' || p === '/w/kept/ignored.skill.yaml';
  const walked = await findContractFiles(fs, '/w', exclude);
  assert.deepEqual(walked.contracts, ['/w/a/A/skill.yaml', '/w/a/a.skill.yaml', '/w/a/b/c/skill.yaml', '/w/a/z.skill.yaml', '/w/b.skill.yaml', '/w/z.skill.yaml']);
  assert.deepEqual(await collected(fs, '/w', exclude), walked);
  // A link to a folder walked before it is not walked again: the result stands.
  fs.symlink('/w/link', '/w/a');
  assert.deepEqual(await collected(fs, '/w', exclude), walked);
  // Walked first through a link, the folder is not walked again where a contract walk finds it.
  fs.symlink('/w/0link', '/w/a');
  assert.equal(await collected(fs, '/w', exclude), undefined);
});

test('with its root named, the collector answers only for a root the walk listed and did not exclude (check walks the others itself)', async () => {
  const fs = new MemoryFileSystem({ '/w/a/SKILL.md': skill('a'), '/w/a/skill.yaml': 'id: a\n' });
  const collect = async (root: string, exclude?: (p: string) => boolean) => {
    const c = new ContractFileCollector(exclude, root);
    await findSkillFiles(fs, root, { exclude, onListing: (dir, entries, linked) => c.listing(dir, entries, linked) });
    return c.result();
  };
  assert.deepEqual(await collect('/w'), await findContractFiles(fs, '/w'));
  assert.equal(await collect('/w/a/SKILL.md'), undefined, 'a file: no listing');
  assert.equal(await collect('/w/missing'), undefined);
  assert.equal(await collect('/w', (p) => p === '/w'), undefined, 'an ignored root');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReferences } from '../../../server/src/core/references/check';
import { collectAnchors, githubSlug } from '../../../server/src/core/references/anchors';
import { DependencyIndex, enableReferenceChecks } from '../../../server/src/core/references/index';
import { checkSkillFile } from '../../../server/src/core/check/checkSkillFile';
import { allRules } from '../../../server/src/core/rules/catalog';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';
import { applyEdits, check, FM, r, skill, SKILL, SKILL_MD, summary } from './helpers';
import { checkFixture } from '../../harness/fixture';

/** The frontmatter of the fixtures below (indented as they are). */
const FRONT = `---
    name: my-skill
    description: Does things. Use when testing.
    ---`;

test('GitHub slugs: punctuation, duplicates, explicit anchors, setext, code fences', () => {
  assert.equal(githubSlug('Quick Start: Step 1 (beta)!'), 'quick-start-step-1-beta');
  assert.equal(githubSlug('snake_case & kebab-case'), 'snake_case--kebab-case');
  assert.equal(githubSlug('Größe 😀 Über'), 'größe--über');
  assert.equal(collectAnchors('## Installation &amp; Usage\n')[0].id, 'installation--usage');
  const text = '# Usage\n## Usage\n## Usage\n## `code` and **bold** [link](x.md)\n## Custom {#my-id}\n<a id="raw"></a>\nSetext\n------\n```\n# not a heading\n```\n';
  assert.deepEqual(collectAnchors(text).map((a) => `${a.id}@${a.range.start.line}`), [
    'usage@0', 'usage-1@1', 'usage-2@2', 'code-and-bold-link@3', 'my-id@4', 'custom@4', 'raw@5', 'setext@6',
  ]);
});

test('a skill whose references all exist yields nothing', async () => {
  const { diagnostics } = await check('See [g](references/guide.md#usage) and `scripts/run.py`, ![i](assets/i.png).\n', {
    'references/guide.md': '# Guide\n## Usage\n',
    'scripts/run.py': 'print(1)\n',
    'assets/i.png': new Uint8Array([0x89, 0x50, 0, 0]),
  });
  assert.deepEqual(summary(diagnostics), []);
});

test('a frontmatter without its closing ---: the body after its first heading is still checked, and its links count as uses', async () => {
  const fs = new MemoryFileSystem();
  const text = '---\nname: my-skill\ndescription: Does things. Use when testing.\n# My skill\nSee [g](references/guide.md) and [m](references/missing.md).\n';
  fs.writeFile(SKILL_MD, text);
  fs.writeFile(`${SKILL}/references/guide.md`, '# Guide\n');
  const { diagnostics } = await checkReferences(fs, parseSkillDocument(SKILL_MD, text));
  // Before: nothing checked, and guide.md reported unused.
  assert.deepEqual(summary(diagnostics), ['reference-missing error 4:37-4:58']);
});

test('prose mentioning references and URLs yields nothing', async () => {
  const { diagnostics } = await check('Read the references and scripts; see https://example.com/references/x.md or scripts/run.py in prose.\n');
  assert.deepEqual(diagnostics, []);
});

test('reference-missing: links are errors, paths in code warnings', async () => {
  await checkFixture(`
    ${FRONT}
    [g](references/guid.md) \`python scripts/nope.py\` [d](docs/)
    //  ^^^^^^^^^^^^^^^^^^ error reference-missing: \`references/guid.md\` does not exist in the skill folder, so agents following this link fail. Did you mean \`references/guide.md\`?
    //                              ^^^^^^^^^^^^^^^ warning reference-missing: \`scripts/nope.py\` does not exist in the skill folder, so running this script fails. Create the file or correct the path.
    //                                                   ^^^^^ error reference-missing
    //- skills/my-skill/references/guide.md
    # Guide
  `, { through: ['core'] });
});

test('reference-missing fixes: did-you-mean and create', async () => {
  const { diagnostics, doc } = await check('[g](references/guid.md) `python scripts/nope.py` [d](docs/)\n', { 'references/guide.md': '# Guide\n' });
  const [pick, create] = diagnostics[0].fixes!;
  assert.equal(pick.title, 'Change to `references/guide.md`');
  assert.equal(applyEdits(doc.text, pick.edits!), FM + '[g](references/guide.md) `python scripts/nope.py` [d](docs/)\n');
  assert.deepEqual(create.change, { edits: {}, creates: [{ path: `${SKILL}/references/guid.md`, content: '# Guid\n' }] });
  assert.deepEqual(diagnostics[1].fixes, [{ title: 'Create `scripts/nope.py`', change: { edits: {}, creates: [{ path: `${SKILL}/scripts/nope.py`, content: '' }] } }]);
  assert.equal(diagnostics[2].fixes, undefined);
});

test('did-you-mean for a path written with a slash: a file loses the slash, a folder keeps it', async () => {
  const body = '[ex](./examples/complex-example/) [t](templates/basc/)\n';
  const { diagnostics, doc } = await check(body, { 'examples/complex-example.md': '# Ex\n', 'templates/basic/a.md': '# A\n' });
  assert.deepEqual(diagnostics.map((d) => d.message), [
    '`./examples/complex-example/` does not exist in the skill folder, so agents following this link fail. Did you mean `./examples/complex-example.md`?',
    '`templates/basc/` does not exist in the skill folder, so agents following this link fail. Did you mean `templates/basic/`?',
  ]);
  assert.equal(applyEdits(doc.text, diagnostics[0].fixes![0].edits!), FM + '[ex](./examples/complex-example.md) [t](templates/basc/)\n');
});

test('did-you-mean: the same file name elsewhere in the skill, when only one file has it', async () => {
  const body = '[c](./checklist.md) `python scripts/tools/lint.py` [t](template.md) [h](skills/hallmark/SKILL.md)\n';
  const { diagnostics, doc } = await check(body, { 'docs/checklist.md': '# C\n', 'scripts/lint.py': '', 'assets/a/template.md': '', 'assets/b/template.md': '' });
  const missing = diagnostics.filter((d) => d.code === 'reference-missing');
  assert.deepEqual(missing.map((d) => d.message.replace(/ does not exist.*?fails?\./, ' …')), [
    '`./checklist.md` … Did you mean `./docs/checklist.md`?',
    '`scripts/tools/lint.py` … Did you mean `scripts/lint.py`?',
    '`template.md` … Create the file or correct the path.',
    // Another skill's SKILL.md is not this skill's own.
    '`skills/hallmark/SKILL.md` … Create the file or correct the path.',
  ]);
  assert.equal(applyEdits(doc.text, missing[0].fixes![0].edits!), FM + '[c](./docs/checklist.md) `python scripts/tools/lint.py` [t](template.md) [h](skills/hallmark/SKILL.md)\n');
});

test('reference-case-mismatch is its own diagnostic with a fix', async () => {
  await checkFixture(`
    ${FRONT}
    [g](References/Guide.md)
    //  ^^^^^^^^^^^^^^^^^^^ error reference-case-mismatch: \`References/Guide.md\` differs in letter case from \`references/guide.md\` on disk; agents run on case-sensitive file systems…
    //- skills/my-skill/references/guide.md
    # Guide
  `, { through: ['core'] });
  const { diagnostics, doc } = await check('[g](References/Guide.md)\n', { 'references/guide.md': '# Guide\n' });
  assert.equal(applyEdits(doc.text, diagnostics[0].fixes![0].edits!), FM + '[g](references/guide.md)\n');
});

test('reference-fragment-missing against the target and against SKILL.md itself', async () => {
  await checkFixture(`
    ${FRONT}
    # Setup
    [a](references/g.md#usge) [b](#setp) [c](#setup) [d](references/g.md#Usage) [e](references/g.md#zzz)
    //                  ^^^^ warning reference-fragment-missing: #usge matches no heading in \`references/g.md\`. Did you mean #usage?
    //                             ^^^^ warning reference-fragment-missing: #setp matches no heading in SKILL.md. Did you mean #setup?
    //                                                                                              ^^^ warning reference-fragment-missing: #zzz matches no heading in \`references/g.md\`. Headings: #guide, #usage.
    //- skills/my-skill/references/g.md
    # Guide
    ## Usage
  `, { through: ['core'] });
  const { diagnostics, doc } = await check('# Setup\n[a](references/g.md#usge) [b](#setp) [c](#setup) [d](references/g.md#Usage) [e](references/g.md#zzz)\n', {
    'references/g.md': '# Guide\n## Usage\n',
  });
  assert.equal(applyEdits(doc.text, diagnostics[0].fixes![0].edits!), FM + '# Setup\n[a](references/g.md#usage) [b](#setp) [c](#setup) [d](references/g.md#Usage) [e](references/g.md#zzz)\n');
});

test('reference-escapes-skill, reference-absolute and reference-backslash', async () => {
  const { diagnostics, doc } = await check(`[a](../other/SKILL.md) [b](${SKILL}/references/g.md) [c](references\\g.md) [d](/etc/passwd)\n`, { 'references/g.md': '# G\n', '../other/SKILL.md': '# Other\n' });
  assert.deepEqual(summary(diagnostics), [
    'reference-escapes-skill error 4:4-4:21',
    'reference-absolute error 4:27-4:54',
    'reference-backslash warning 4:60-4:75',
    'reference-absolute error 4:81-4:92',
  ]);
  assert.equal(applyEdits(doc.text, diagnostics[1].fixes![0].edits!), FM + '[a](../other/SKILL.md) [b](references/g.md) [c](references\\g.md) [d](/etc/passwd)\n');
  assert.equal(applyEdits(doc.text, diagnostics[2].fixes![0].edits!), FM + `[a](../other/SKILL.md) [b](${SKILL}/references/g.md) [c](references/g.md) [d](/etc/passwd)\n`);
  assert.equal(diagnostics[3].fixes, undefined);
});

test('a symbolic link leaving the skill escapes; a looping link is reported, not followed forever', async () => {
  const s = skill('[a](references/outside.md) [b](references/loop.md) [c](references/inside.md)\n', { 'references/real.md': '# R\n' });
  s.fs.writeFile('/w/shared/outside.md', '# O\n');
  s.fs.symlink(`${SKILL}/references/outside.md`, '/w/shared/outside.md');
  s.fs.symlink(`${SKILL}/references/loop.md`, 'loop.md');
  s.fs.symlink(`${SKILL}/references/inside.md`, 'real.md');
  const { diagnostics } = await checkReferences(s.fs, s.doc);
  assert.deepEqual(summary(diagnostics), ['reference-escapes-skill error 4:4-4:25', 'reference-missing error 4:31-4:49']);
  assert.match(diagnostics[0].message, /symbolic link to \/w\/shared\/outside.md, outside the skill folder/);
  assert.match(diagnostics[1].message, /broken or looping symbolic link/);
});

test('reference-too-deep is info for a file reached only through another referenced file, not for folder depth', async () => {
  const { diagnostics } = await check('[a](references/a/b.md) [b](references/b.md)\n', { 'references/a/b.md': '# B\n[c](../c.md) [b](../b.md)\n', 'references/b.md': '# B\n', 'references/c.md': '# C\n' });
  assert.deepEqual(summary(diagnostics), ['reference-too-deep info references/a/b.md']);
  assert.equal(diagnostics[0].message, '`references/c.md` is 2 links away from SKILL.md (through `references/a/b.md`): agents read a file that a referenced file references only partially, if at all. Link it from SKILL.md.');
});

test('reference-unused-file: hint with the unnecessary tag, transitive Markdown and script references count', async () => {
  const { diagnostics } = await check('[g](references/guide.md) and `scripts/main.py`\n', {
    'references/guide.md': '# Guide\nSee [more](more.md) and ![d](../assets/diagram.png).\n',
    'references/more.md': '# More\n',
    'references/orphan.md': '# Orphan\n',
    'scripts/main.py': 'from helper import x\n',
    'scripts/helper.py': 'x = 1\n',
    'scripts/__pycache__/helper.cpython-312.pyc': 'bin',
    'scripts/.DS_Store': '',
    'assets/diagram.png': 'png',
    'assets/unused.png': 'png',
  });
  assert.deepEqual(summary(diagnostics), ['reference-too-deep info references/guide.md', 'reference-unused-file hint assets/unused.png', 'reference-unused-file hint references/orphan.md']);
  assert.deepEqual(diagnostics[1].tags, ['unnecessary']);
  assert.equal(diagnostics[2].message, '`references/orphan.md` is not referenced from SKILL.md or the files it references, so agents never learn it exists. Link it where it is needed, or delete it.');
});

test('a referenced folder uses everything inside it', async () => {
  const { diagnostics } = await check('Templates live in [assets](assets/).\n', { 'assets/a.txt': 'a', 'assets/sub/b.txt': 'b' });
  assert.deepEqual(diagnostics, []);
});

test('reference-not-executable: scripts run directly without the executable bit, once per script and file', async () => {
  // A script run again is not reported again: one chmod fixes every run.
  const s = skill('```bash\nscripts/run.sh --x\n./scripts/ok.sh\npython scripts/py.py\nscripts/run.sh --y\n```\n', { 'scripts/run.sh': '#!/bin/sh\n', 'scripts/ok.sh': '#!/bin/sh\n', 'scripts/py.py': '' });
  s.fs.chmod(`${SKILL}/scripts/ok.sh`, 0o755);
  const { diagnostics } = await checkReferences(s.fs, s.doc);
  assert.deepEqual(summary(diagnostics), ['reference-not-executable info 5:0-5:14']);
  assert.match(diagnostics[0].message, /run directly but is not executable \(mode 644\); run `chmod \+x scripts\/run.sh`/);
});

test('reference-unreadable: binary or unreadable Markdown targets of a fragment, no throw', async () => {
  const s = skill('[a](references/bin.md#x) [b](references/locked.md#y)\n', { 'references/bin.md': new Uint8Array([0x23, 0, 1, 2]), 'references/locked.md': '# Y\n' });
  s.fs.makeUnreadable(`${SKILL}/references/locked.md`);
  const { diagnostics } = await checkReferences(s.fs, s.doc);
  assert.deepEqual(summary(diagnostics), ['reference-unreadable warning 4:4-4:23', 'reference-unreadable warning 4:29-4:51']);
  assert.match(diagnostics[0].message, /cannot be read as text to find #x \(binary: NUL byte at offset 1\)/);
  assert.match(diagnostics[1].message, /EACCES/);
});

test('bounded reading: each file read once, large targets only by prefix, no headings from non-Markdown', async () => {
  const big = '# Top\n' + 'x'.repeat(300 * 1024) + '\n# Late\n';
  const s = skill('[a](references/g.md#usage) [b](references/g.md#usage) [c](references/g.md) [d](references/big.md#late) [e](scripts/x.py#L3) `references/g.md`\n', {
    'references/g.md': '# Guide\n## Usage\n',
    'references/big.md': big,
    'scripts/x.py': 'print()\n',
  });
  const { diagnostics } = await checkReferences(s.fs, s.doc);
  assert.deepEqual(summary(diagnostics), []);
  assert.equal(new Set(s.fs.reads).size, s.fs.reads.length, `read twice: ${s.fs.reads}`);
  assert.equal(s.fs.calls.readFile, 1); // references/g.md
  assert.equal(s.fs.calls.readFilePrefix, 1); // references/big.md, 256 KiB
  assert.ok(!s.fs.reads.includes(`${SKILL}/scripts/x.py`));
});

test('severities follow configuration: override and off', async () => {
  const body = '[a](references/nope.md) [b](references/a.md)\n';
  const files = { 'references/a.md': '# A\n[b](b.md)\n', 'references/b.md': '# B\n' };
  const off = await check(body, files, { ruleSeverities: { 'reference-missing': 'off', 'reference-too-deep': 'warning' } });
  assert.deepEqual(summary(off.diagnostics), ['reference-too-deep warning references/a.md']);
  const cfg = await check(body, files, { config: { rules: { 'reference-too-deep': 'off' } } as never, configDir: '/w' });
  assert.deepEqual(summary(cfg.diagnostics), ['reference-missing error 4:4-4:22']);
});

test('percent-encoded and angle-bracket paths resolve to names with spaces', async () => {
  // (A fixture file header holds no space: this one stays with hand-counted positions.)
  const { diagnostics } = await check('[a](references/my%20guide.md) [b](<references/my guide.md>) [c](references/my%2Fguide.md)\n', { 'references/my guide.md': '# G\n' });
  assert.deepEqual(summary(diagnostics), ['reference-missing error 4:64-4:88']);
});

test('dependencies list targets, missing ones and walked folders', async () => {
  const { dependencies } = await check('[a](references/a.md) [n](references/nope.md)\n', { 'references/a.md': '# A\n' });
  // (agents/openai.yaml: Codex's icons, checked when it is created.)
  assert.deepEqual(dependencies.sort(), [`${SKILL}/agents/openai.yaml`, `${SKILL}/references`, `${SKILL}/references/a.md`, `${SKILL}/references/nope.md`]);
});

test('checkSkillFile with enableReferenceChecks: inline suppressions apply', async () => {
  const index = new DependencyIndex();
  enableReferenceChecks({ index });
  const s = skill('[a](references/nope.md)\n<!-- skillmd-disable-next-line reference-missing -->\n[b](references/nope2.md)\n');
  const result = await checkSkillFile(s.fs, SKILL_MD);
  assert.deepEqual(result.diagnostics.filter((d) => d.code.startsWith('reference-')).map((d) => `${d.code} ${r(d.range)}`), ['reference-missing 4:4-4:22']);
  assert.ok(allRules().some((x) => x.code === 'reference-unused-file'));
  assert.deepEqual(index.dependentsOf(`${SKILL}/references/nope.md`), [SKILL_MD]);
  assert.deepEqual(index.dependentsOf(`/w/elsewhere/x.md`), []);
});

test('anchors: blank lines of spaces end a paragraph; headings in list items and quotes; a # without a space is no heading', () => {
  const text = 'Para one\n   \n---\nTwo\n  \n\nThree\n===\n- ## Step one\n- #tag\n> ### Quoted\n-  \t## Tabbed\n1. ##\n';
  assert.deepEqual(collectAnchors(text).map((a) => `${a.id}@${a.range.start.line}`), ['three@6', 'step-one@8', 'quoted@10', 'tabbed@11', '@12']);
});

test('with fixes: false a check builds no quick fixes and reports the same', async () => {
  const fs = new MemoryFileSystem({ [SKILL_MD]: `${FM}See [g](references/gide.md) and [n](references/new.md).\n`, [`${SKILL}/references/guide.md`]: '# G\n' });
  enableReferenceChecks();
  const withFixes = await checkSkillFile(fs, SKILL_MD);
  const without = await checkSkillFile(fs, SKILL_MD, { fixes: false });
  assert.deepEqual(withFixes.diagnostics.map((d) => d.fixes?.map((f) => f.title)), [['Change to `references/guide.md`', 'Create `references/gide.md`'], ['Create `references/new.md`']]);
  assert.deepEqual(without.diagnostics.map((d) => d.fixes), [undefined, undefined]);
  assert.deepEqual(without.diagnostics.map(({ fixes: _f, ...d }) => d), withFixes.diagnostics.map(({ fixes: _f, ...d }) => d));
});

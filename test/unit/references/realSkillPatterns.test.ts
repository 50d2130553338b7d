// Patterns found by rebuilding real multi-file skills (anthropics/skills, obra/superpowers)
// and checking them: files named in prose, prompt files written `./x.md` in a list,
// folder trees drawn in fences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, check, FM, r, skill, SKILL } from './helpers';
import { checkFixture } from '../../harness/fixture';
import { definition, referencesTo, renameEdits } from '../../../server/src/core/references/providers';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { extractReferences } from '../../../server/src/core/references/extract';
import { checkReferences } from '../../../server/src/core/references/check';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';

/** A fixture's SKILL.md frontmatter (checkFixture strips the indentation). */
const FRONT = `---
    name: my-skill
    description: Does things. Use when testing.
    ---`;

const view = (ds: { code: string; severity: string; file: string; range: Parameters<typeof r>[0]; message: string }[]) =>
  ds.map((d) => [d.code, d.severity, d.file.slice(SKILL.length + 1), r(d.range), d.message]);

test('a file named in prose is followed like a link: its letter case is checked and its own references too', async () => {
  const body = 'To fill out a PDF form, read FORMS.md and follow its instructions. See @reference.md for the API.\n';
  const { diagnostics } = await check(body, {
    'forms.md': '# Forms\n\nRun `python scripts/check.py` first, then `python scripts/gone.py`.\n',
    'reference.md': '# Reference\n',
    'scripts/check.py': 'print(1)\n',
    'scripts/lonely.py': 'print(2)\n',
  });
  assert.deepEqual(view(diagnostics), [
    ['reference-case-mismatch', 'warning', 'SKILL.md', '4:29-4:37', '`FORMS.md` differs in letter case from `forms.md` on disk; agents run on case-sensitive file systems where it is not found. Write `forms.md`.'],
    ['reference-missing', 'warning', 'forms.md', '2:50-2:65', '`scripts/gone.py` does not exist in the skill folder, so running this script fails. Create the file or correct the path.'],
    ['reference-unused-file', 'hint', 'scripts/lonely.py', '0:0-0:0', '`scripts/lonely.py` is not referenced from SKILL.md or the files it references, so agents never learn it exists. Link it where it is needed, or delete it.'],
  ]);
});

test('prose never reports a missing file; a missing name in prose is not a reference', async () => {
  const { diagnostics } = await check('Read NOTES.md, e.g. the Node.js docs at www.example.com, then scripts/none.py.\n');
  assert.deepEqual(diagnostics, []);
});

test('`./prompt.md` at the start of inline code is a mention, `./run.sh` a command; a drawn folder tree is no command', () => {
  const text = '---\nname: s\ndescription: d\n---\n- `./implementer-prompt.md` - Dispatch the implementer\n- `./run.sh --fast`\n\n```\nmy-project/\n├── src/\n└── assets/\n|-- scripts/x.py\n```\n';
  const refs = extractReferences(parseSkillDocument(`${SKILL}/SKILL.md`, text));
  // (The tree's root line has no drawing: a tentative word, dropped unless it exists.)
  assert.deepEqual(refs.map((x) => `${x.kind} ${x.path}${x.executed ? ' exec' : ''}${x.tentative ? ' tentative' : ''}`), ['code ./implementer-prompt.md tentative', 'code ./run.sh exec tentative', 'shell my-project/ tentative']);
});

test('paths in inline code on a line of examples, and a bare `assets/`, count only if they exist', async () => {
  const body = '- **Examples**: `references/finance.md` for financial schemas, `references/mnda.md` for NDAs\n' +
    'Store templates in `assets/`; e.g. `scripts/rotate_pdf.py` rotates pages.\n' +
    '2. A `references/schema.md` file documenting the tables would be helpful to store in the skill\n' +
    'Run `scripts/extract.py` first.\n' +
    // Before the example word: the line's own script; after it, an example.
    'Measure with `scripts/measure-startup.sh` (e.g. `scripts/measure-size.sh --rid linux-x64`).\n';
  const { diagnostics } = await check(body, { 'references/mnda.md': '# MNDA\n' });
  assert.deepEqual(view(diagnostics).map(([code, , file, range]) => [code, file, range]), [['reference-missing', 'SKILL.md', '7:5-7:23'], ['reference-missing', 'SKILL.md', '8:14-8:40']]);
});

test('a script that allowed-tools lets Claude Code run (`Bash(${CLAUDE_SKILL_DIR}/scripts/x.sh:*)`) must exist', async () => {
  const text = '---\nname: fleet\ndescription: Syncs the fleet. Use when asked to sync.\nallowed-tools:\n  - Bash(${CLAUDE_SKILL_DIR}/scripts/sync-fleet.sh:*)\n  - Bash(${CLAUDE_SKILL_DIR}/scripts/ok.sh)\n---\nRun `${CLAUDE_SKILL_DIR}/scripts/ok.sh`.\n';
  const fs = new MemoryFileSystem();
  fs.writeFile(`${SKILL}/SKILL.md`, text);
  fs.writeFile(`${SKILL}/scripts/ok.sh`, 'echo ok\n');
  const { diagnostics } = await checkReferences(fs, parseSkillDocument(`${SKILL}/SKILL.md`, text));
  assert.deepEqual(view(diagnostics), [
    ['reference-missing', 'warning', 'SKILL.md', '4:29-4:50', '`scripts/sync-fleet.sh` does not exist in the skill folder, so running this script fails. Create the file or correct the path.'],
    // Allowed to run directly, so it must be executable (the body's mention is not a run).
    ['reference-not-executable', 'info', 'SKILL.md', '5:29-5:42', '`scripts/ok.sh` is run directly but is not executable (mode 644); run `chmod +x scripts/ok.sh` or invoke it through its interpreter.'],
  ]);
});

test('unused files: a package is named by its folder, and a script used by a used script is used', async () => {
  const { diagnostics } = await check('Run `python scripts/validate.py`.\n', {
    'scripts/validate.py': 'from validators import DocxValidator\n',
    'scripts/validators/__init__.py': 'from .docx import DocxValidator\n',
    'scripts/validators/docx.py': 'from .base import Base\n',
    'scripts/validators/base.py': 'class Base: pass\n',
    'scripts/validators/old.py': 'pass\n',
  });
  assert.deepEqual(view(diagnostics).map(([code, , file]) => [code, file]), [['reference-unused-file', 'scripts/validators/old.py']]);
});

test('unused files: a stem names a module only where code names one, not as a word of a comment or a string', async () => {
  const { diagnostics } = await check('Run `python scripts/build.py` and `node scripts/app.js`.\n', {
    'scripts/build.py': '# Build the document from the report template.\nfrom .layout import page\nimport os, styles\nloader = importlib.import_module("fonts")\nprint("document report")\n',
    'scripts/app.js': "const api = require('./lib/client');\nconsole.log('the table is ready');\n",
    'scripts/document.py': 'pass\n',
    'scripts/report.py': 'pass\n',
    'scripts/layout.py': 'pass\n',
    'scripts/styles.py': 'pass\n',
    'scripts/fonts.py': 'pass\n',
    'scripts/table.js': '\n',
    'scripts/lib/client.js': '\n',
  });
  assert.deepEqual(view(diagnostics).map(([code, , file]) => [code, file]), [
    ['reference-unused-file', 'scripts/document.py'],
    ['reference-unused-file', 'scripts/report.py'],
    ['reference-unused-file', 'scripts/table.js'],
  ]);
});

test('a Markdown link shown in a code block (a template of another skill) names a file only if it exists', async () => {
  const body = '```\n## Resources\n- [Basic setup](./templates/basic-config.json)\n- Run [validation](./scripts/validate.py)\n- [Guide](references/guide.md)\n```\n\n```bash\npython scripts/gone.py\n```\n';
  const { diagnostics } = await check(body, { 'references/guide.md': '# Guide\n' });
  assert.deepEqual(view(diagnostics).map(([code, , file, range]) => [code, file, range]), [['reference-missing', 'SKILL.md', '12:7-12:22']]);
});

test('paths written where the skill is installed (`~/.claude/skills/<it>/`) or bundled (`${CLAUDE_PLUGIN_ROOT}/…/<it>/`) are its own files', async () => {
  const body = '```bash\n~/.claude/skills/my-skill/scripts/check.sh --fast\npython3 $HOME/.agents/skills/my-skill/scripts/gone.py\n~/.claude/skills/other-skill/scripts/x.sh\n```\n' +
    'Follow [the flow](${CLAUDE_PLUGIN_ROOT}/skills/my-skill/flow.md), then run `${CLAUDE_PLUGIN_ROOT}/skills/my-skill/scripts/run.ps1`.\n';
  const { diagnostics } = await check(body, { 'flow.md': '# Flow\n\nRun `~/.claude/skills/my-skill/scripts/gone.sh`.\n', 'scripts/check.sh': 'echo ok\n', 'scripts/run.ps1': 'echo\n', 'scripts/lonely.sh': 'echo\n' });
  assert.deepEqual(view(diagnostics).map(([code, sev, file, range, message]) => [code, sev, file, range, message.split(';')[0].split(',')[0]]), [
    ['reference-not-executable', 'info', 'SKILL.md', '5:26-5:42', '`scripts/check.sh` is run directly but is not executable (mode 644)'],
    ['reference-missing', 'warning', 'SKILL.md', '6:38-6:53', '`scripts/gone.py` does not exist in the skill folder'],
    ['reference-missing', 'warning', 'flow.md', '2:31-2:46', '`scripts/gone.sh` does not exist in the skill folder'],
    ['reference-unused-file', 'hint', 'scripts/lonely.sh', '0:0-0:0', '`scripts/lonely.sh` is not referenced from SKILL.md or the files it references'],
  ]);
});

test('Codex icons in agents/openai.yaml: a missing one is reported, an existing one is used, one Codex ignores is said so', async () => {
  const yaml = 'interface:\n  display_name: "Neon"\n  icon_small: "./assets/neon-small.svg"\n  icon_large: "./assets/neon.jpg"\n';
  const ok = await check('Read [the API](references/api.md).\n', { 'agents/openai.yaml': yaml, 'assets/neon-small.svg': '<svg/>', 'assets/unused.png': 'x', 'references/api.md': '# API\n' });
  assert.deepEqual(view(ok.diagnostics), [
    ['reference-missing', 'warning', 'agents/openai.yaml', '3:15-3:32', '`./assets/neon.jpg` does not exist in the skill folder, so Codex shows no large icon. Add the file or correct the path.'],
    ['reference-unused-file', 'hint', 'assets/unused.png', '0:0-0:0', '`assets/unused.png` is not referenced from SKILL.md or the files it references, so agents never learn it exists. Link it where it is needed, or delete it.'],
  ]);
  const ignored = await check('Hello.\n', { 'agents/openai.yaml': "interface:\n  icon_small: /opt/icons/x.png\n  icon_large: 'icons/big.png'\n  brand_color: '#112233'\n", 'icons/big.png': 'x' });
  assert.deepEqual(view(ignored.diagnostics).map(([code, sev, file, range, message]) => [code, sev, file, range, message.split('.')[0]]), [
    ['reference-codex-icon', 'warning', 'agents/openai.yaml', '1:14-1:30', 'Codex ignores `icon_small`: `/opt/icons/x'],
    ['reference-codex-icon', 'warning', 'agents/openai.yaml', '2:15-2:28', 'Codex ignores `icon_large`: `icons/big'],
  ]);
  // A plugin's shared icon (`../../assets/x.svg`) is outside the skill: not checked here. Broken YAML: Codex ignores the file.
  const shared = await check('Hello.\n', { 'agents/openai.yaml': 'interface:\n  icon_small: ../../assets/x.svg\n' });
  assert.deepEqual(shared.diagnostics, []);
  const broken = await check('Hello.\n', { 'agents/openai.yaml': 'interface:\n  icon_small: [unclosed\n' });
  assert.deepEqual(broken.diagnostics, []);
});

test('a path in code to a file next to the skill (`../other/x.md`) escapes it, if the file is there; with lovia read_skill_file refuses it', async () => {
  const s = skill('Read `../studio/references/internals.md` first, not `../gone/x.md`.\n```bash\ncp ../shared/template.md out.md\n```\n');
  s.fs.writeFile('/w/studio/references/internals.md', '# Internals\n');
  s.fs.writeFile('/w/shared/template.md', '# T\n');
  const { diagnostics } = await checkReferences(s.fs, s.doc);
  assert.deepEqual(view(diagnostics), [
    ['reference-escapes-skill', 'warning', 'SKILL.md', '4:6-4:39', '`../studio/references/internals.md` leads out of the skill folder: the file is not installed with the skill. Copy the file into the skill and reference it there.'],
    ['reference-escapes-skill', 'warning', 'SKILL.md', '6:3-6:24', '`../shared/template.md` leads out of the skill folder: the file is not installed with the skill. Copy the file into the skill and reference it there.'],
  ]);
  const lovia = await checkReferences(s.fs, s.doc, { targets: ['lovia'] });
  assert.match(lovia.diagnostics[0].message, /not installed with the skill, and read_skill_file refuses it\./);
});

test('review fixes: another skill\'s installed path, outputs outside the skill, an icon that is a folder, suggestions through symlinks and from subfolders, plugin files', async () => {
  // `~/.claude/skills/w/` names the folder above the skill, not this skill.
  const nested = await check('Run `~/.claude/skills/w/scripts/shared.sh`.\n```bash\npython scripts/gen.py > ../out/report.md\nmkdir -p ../out/charts\n```\n', { 'scripts/gen.py': '' });
  nested.fs.writeFile('/w/out/report.md', '');
  assert.deepEqual((await checkReferences(nested.fs, nested.doc)).diagnostics, []);
  // An icon that names a folder shows nothing, and uses nothing.
  const icons = await check('Hi.\n', { 'agents/openai.yaml': 'interface:\n  icon_small: ./assets\n', 'assets/unused.png': 'x' });
  assert.deepEqual(view(icons.diagnostics).map(([code, , file, range, message]) => [code, file, range, message]), [
    ['reference-codex-icon', 'agents/openai.yaml', '1:14-1:22', 'Codex shows no small icon: `./assets` is a folder, not an image file.'],
    ['reference-unused-file', 'assets/unused.png', '0:0-0:0', '`assets/unused.png` is not referenced from SKILL.md or the files it references, so agents never learn it exists. Link it where it is needed, or delete it.'],
  ]);
  // A near name that is a symbolic link to a file loses the slash; a same-name file seen from a subfolder is `../…`.
  const s = skill('[ex](examples/complex-exampl/) and [the guide](references/guide.md)\n', { 'references/guide.md': '# G\n\n[c](./checklist.md)\n', 'docs/checklist.md': '# C\n' });
  s.fs.writeFile('/w/shared/guide.md', '# Shared\n');
  s.fs.symlink(`${SKILL}/examples/complex-example.md`, '../../shared/guide.md');
  const links = await checkReferences(s.fs, s.doc);
  assert.deepEqual(links.diagnostics.filter((d) => d.code === 'reference-missing').map((d) => d.message.replace(/ does not exist.*?fail\./, ' …')), [
    '`examples/complex-exampl/` … Did you mean `examples/complex-example.md`?',
    '`./checklist.md` … Did you mean `../docs/checklist.md`?',
  ]);
});

test('in a Claude Code plugin checked for Claude Code, a file elsewhere in the plugin is installed with the skill', async () => {
  const fs = new MemoryFileSystem();
  const text = '---\nname: review\ndescription: Reviews. Use when asked.\n---\nFollow [the style](../../shared/style.md) and `../../shared/rules.md`.\n';
  fs.writeFile('/p/skills/review/SKILL.md', text);
  fs.writeFile('/p/shared/style.md', '# Style\n');
  fs.writeFile('/p/shared/rules.md', '# Rules\n');
  const doc = parseSkillDocument('/p/skills/review/SKILL.md', text);
  const probe = (dir: string, name: string) => dir === '/p' && name === '.claude-plugin';
  assert.deepEqual((await checkReferences(fs, doc, { isPluginFolder: probe })).diagnostics, []);
  // Checked for another agent too, the files are not installed for it.
  const both = await checkReferences(fs, doc, { isPluginFolder: probe, targets: ['claude-code', 'codex'] });
  assert.deepEqual(both.diagnostics.map((d) => [d.code, d.severity]), [['reference-escapes-skill', 'error'], ['reference-escapes-skill', 'warning']]);
});

test('installed locations in other code blocks and in allowed-tools are the skill\'s files too', async () => {
  const text = '---\nname: my-skill\ndescription: Does things. Use when testing.\nallowed-tools: Bash(~/.claude/skills/my-skill/scripts/gone.sh:*)\n---\n```python\nsubprocess.run(["~/.claude/skills/my-skill/scripts/missing.py"])\n```\n';
  const fs = new MemoryFileSystem();
  fs.writeFile(`${SKILL}/SKILL.md`, text);
  const { diagnostics } = await checkReferences(fs, parseSkillDocument(`${SKILL}/SKILL.md`, text));
  assert.deepEqual(view(diagnostics).map(([code, , , range]) => [code, range]), [['reference-missing', '3:46-3:61'], ['reference-missing', '6:43-6:61']]);
});

test('a skill kept in a project\'s .github/skills links to a file of the project: a note, not an error', async () => {
  const fs = new MemoryFileSystem();
  const file = '/w/repo/.github/skills/indicator/SKILL.md';
  const text = '---\nname: indicator\ndescription: Adds indicators. Use when asked.\n---\nSee [Catalog.cs](../../../src/Catalog.cs) and [gone](../../../docs/gone.md).\n';
  fs.writeFile(file, text);
  fs.writeFile('/w/repo/src/Catalog.cs', '// x\n');
  const { diagnostics } = await checkReferences(fs, parseSkillDocument(file, text));
  assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.message]), [
    ['reference-escapes-skill', 'info', '`../../../src/Catalog.cs` lies in this project, outside the skill folder: agents working here read it, but a copy of the skill elsewhere goes without it.'],
    ['reference-missing', 'error', '`../../../docs/gone.md` does not exist outside the skill folder either, so agents following this link fail. Correct the path, or put the file in the skill and reference it there.'],
  ]);
});

test('a skill of the user\'s own (~/.claude/skills) links to a file in the home folder: a note that says so', async () => {
  const fs = new MemoryFileSystem();
  const file = '/home/ada/.claude/skills/notes/SKILL.md';
  const text = '---\nname: notes\ndescription: Keeps notes. Use when asked.\n---\nSee [the log](../../../journal/log.md).\n';
  fs.writeFile(file, text);
  fs.writeFile('/home/ada/journal/log.md', '# Log\n');
  const doc = parseSkillDocument(file, text);
  const message = async (homeDir?: string) => (await checkReferences(fs, doc, { homeDir })).diagnostics.map((d) => [d.code, d.severity, d.message]);
  assert.deepEqual(await message('/home/ada/'), [
    ['reference-escapes-skill', 'info', '`../../../journal/log.md` lies in your home folder, outside the skill folder: agents on this machine read it, but a copy of the skill elsewhere goes without it.'],
  ]);
  // Kept in a project whose folder is not the home folder: the project's wording.
  assert.deepEqual((await message('/home/bob'))[0][2], '`../../../journal/log.md` lies in this project, outside the skill folder: agents working here read it, but a copy of the skill elsewhere goes without it.');
});

test('a skill kept in a project names its files from the project\'s root: checked as the skill\'s own', async () => {
  const fs = new MemoryFileSystem();
  const file = '/w/repo/.github/skills/aot/SKILL.md';
  const text = '---\nname: aot\ndescription: Measures AOT size. Use when asked.\n---\nRun `.github/skills/aot/scripts/Measure-AotSize.ps1`, then:\n\n```bash\n./.github/skills/aot/scripts/compare.sh --out .github/skills/aot/out.json\npwsh .github/skills/other/scripts/x.ps1\n```\n';
  fs.writeFile(file, text);
  fs.writeFile('/w/repo/.github/skills/aot/scripts/Measure-AotSize.ps1', 'Write-Output 1\n');
  const { diagnostics } = await checkReferences(fs, parseSkillDocument(file, text));
  // The script is the skill's (and used); an output named that way counts only if it exists.
  assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, r(d.range), d.message]), [
    ['reference-missing', 'warning', '7:21-7:39', '`scripts/compare.sh` does not exist in the skill folder, so running this script fails. Create the file or correct the path.'],
  ]);
});

test('renaming a file named in prose renames the mention, in the right letter case', async () => {
  const body = 'Read FORMS.md, then forms.md again; see @forms.md.\n';
  const { fs } = skill(body, { 'forms.md': '# Forms\n' });
  const change = await renameEdits(fs, SKILL, `${SKILL}/forms.md`, `${SKILL}/form-guide.md`);
  assert.equal(applyEdits(FM + body, change.edits[`${SKILL}/SKILL.md`]), FM + 'Read form-guide.md, then form-guide.md again; see @form-guide.md.\n');
});

test('find references and go to definition follow a prose name in another letter case', async () => {
  const body = 'Read FORMS.md, then [the form](forms.md).\n';
  const { fs, doc } = skill(body, { 'forms.md': '# Forms\n' });
  const locs = await referencesTo(fs, SKILL, `${SKILL}/forms.md`);
  assert.deepEqual(locs.map((l) => r(l.range)), ['4:5-4:13', '4:31-4:39']);
  const def = await definition(fs, doc, { line: 4, character: 7 });
  assert.equal(def?.file, `${SKILL}/forms.md`);
});

test('a bare file name in prose is looked up next to the Markdown file that names it', async () => {
  const { diagnostics } = await check('Read [the guide](references/guide.md).\n', {
    'references/guide.md': '# Guide\n\nSee api.md for the calls, and scripts/run.py.\n',
    'references/api.md': '# API\n\n[old](gone.md)\n',
    'scripts/run.py': 'print(1)\n',
  });
  // (api.md, reached through guide.md only, is named in prose, not linked: no too-deep note.)
  assert.deepEqual(view(diagnostics).map(([code, sev, file, range]) => [code, sev, file, range]), [['reference-missing', 'error', 'references/api.md', '2:6-2:13']]);
});

test('example words count in the prose of the line only, not in its paths; "examples" alone is no example', async () => {
  await checkFixture(`
    ${FRONT}
    Run \`examples/demo.py\` to see it.
    //   ^^^^^^^^^^^^^^^^ warning reference-missing
    Read \`references/examples.md\` first.
    //    ^^^^^^^^^^^^^^^^^^^^^^ warning reference-missing
    Run \`scripts/gen.sh\` to rebuild the examples.
    //   ^^^^^^^^^^^^^^ warning reference-missing
  `, { through: ['core'] });
});

test('review fixes: a tag at the very start, tags that are no tags, block boundaries, link text that names a file', async () => {
  // A tag at offset 0 (a README-style file without frontmatter) hung the scan.
  const bare = extractReferences(parseSkillDocument(`${SKILL}/references/a.md`, '<img src="x.png"> hello\n'));
  assert.deepEqual(bare.map((x) => `${x.kind} ${x.path}`), ['html x.png']);
  // `a <b` in prose opens no tag over the next lines: their links and fences stay.
  const prose = await check('- Compare a <b\n- See [guide](references/missing.md)\n- Result -> c\n\nUse when x <y and\nsee [g](references/gone.md) for z > 0.\n');
  assert.deepEqual(view(prose.diagnostics).map(([code, , , range]) => [code, range]), [['reference-missing', '5:14-5:35'], ['reference-missing', '9:8-9:26']]);
  // Link text ends at a thematic break, a change of quote, a table row.
  const text = `${FM}a [b\n***\nc](x.md)\n\na [b\n> c](y.md)\n\n| [a |\n| b](z.md) |\n`;
  assert.deepEqual(extractReferences(parseSkillDocument(`${SKILL}/SKILL.md`, text)).filter((x) => x.kind === 'link'), []);
  // A file name shown as link text or in a heading is no prose reference of its own.
  const shown = await check('See [FORMS.md](forms.md) for forms.\n\n## Forms.md\n', { 'forms.md': '# Forms\n' });
  assert.deepEqual(shown.diagnostics, []);
});

test('review fixes: only prose names count in another letter case, whatever is cached; allowed-tools through an interpreter is no direct run', async () => {
  for (const body of ['Use `Forms.md` here.\n', 'See [o](other.md). Use `Forms.md` here.\n']) {
    const { diagnostics } = await check(body, { 'forms.md': '# Forms\n', 'other.md': '# Other\n' });
    assert.deepEqual(diagnostics, [], body);
  }
  const text = '---\nname: fill\ndescription: Fills forms. Use when asked to fill.\nallowed-tools: Bash(python3 ${CLAUDE_SKILL_DIR}/scripts/fill.py:*)\n---\n';
  const fs = new MemoryFileSystem();
  fs.writeFile(`${SKILL}/SKILL.md`, text);
  fs.writeFile(`${SKILL}/scripts/fill.py`, 'print(1)\n');
  const { diagnostics } = await checkReferences(fs, parseSkillDocument(`${SKILL}/SKILL.md`, text));
  assert.deepEqual(diagnostics, []);
});

test('a path written from above the skill folder (a plugin naming its own files) is the skill\'s own file', async () => {
  // A missing one is not reported: outputs are written this way too (`> skills/pdf/out/log.txt`).
  const { diagnostics } = await check('Read `my-skill/guide.md` and `w/my-skill/scripts/run.sh`, not `w/my-skill/docs/full.md` or `my-skill/gone.md`.\n', {
    'guide.md': '# Guide\n\n[gone](gone.md)\n',
    'scripts/run.sh': 'echo\n',
    'scripts/lonely.sh': 'echo\n',
  });
  assert.deepEqual(view(diagnostics).map(([code, , file, range]) => [code, file, range]), [
    ['reference-missing', 'guide.md', '2:7-2:14'],
    ['reference-unused-file', 'scripts/lonely.sh', '0:0-0:0'],
  ]);
});

// awesome-copilot's pr-dashboard and winmd-api-search: a script found by its bare name,
// one written as a Windows path, and a project folder a used script builds were hinted
// unused, with the files they use.
test('unused files: a script named bare or by a Windows path is used, and so is what it names, a folder it builds included', async () => {
  const body = [
    'SCRIPT=$(find ~/.copilot -name "dash-cli.mjs" | head -1)',
    '```powershell',
    '.\\.github\\skills\\my-skill\\scripts\\Update-Cache.ps1',
    '```',
  ].join('\n');
  const { diagnostics } = await check(`${body}\n`, {
    'scripts/dash-cli.mjs': 'import { parse } from "./lib/utils.mjs";\nconst page = path.join(dir, "../assets/dashboard.html");\n',
    'scripts/lib/utils.mjs': 'export const parse = 1;\n',
    'scripts/lib/old.mjs': '\n',
    'assets/dashboard.html': '<html></html>\n',
    'scripts/Update-Cache.ps1': "$proj = Join-Path (Join-Path $PSScriptRoot 'cache-generator') 'CacheGenerator.csproj'\n# the other-tool folder is not ours\n",
    'scripts/cache-generator/CacheGenerator.csproj': '<Project />\n',
    'scripts/cache-generator/Program.cs': 'class P {}\n',
    'scripts/cache-generator/Directory.Build.props': '<Project />\n',
    'scripts/other-tool/Tool.cs': 'class T {}\n',
  });
  assert.deepEqual(view(diagnostics).map(([code, , file]) => [code, file]), [
    ['reference-unused-file', 'scripts/lib/old.mjs'],
    ['reference-unused-file', 'scripts/other-tool/Tool.cs'],
  ]);
});

// awesome-copilot's excalidraw-diagram-generator names `templates/*.json` for its
// `templates/*.excalidraw` files: missing either way, now with the file meant.
test('a missing file whose stem one file of the folder has, with another extension: did you mean that file', async () => {
  await checkFixture(`
    ${FRONT}
    - \`templates/flowchart-template.json\` - Basic flowchart starter
    // ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning reference-missing: … Did you mean \`templates/flowchart-template.excalidraw\`?
    - \`templates/config.json\` - two files share the stem: no guess
    // ^^^^^^^^^^^^^^^^^^^^^ warning reference-missing: \`templates/config.json\` does not exist in the skill folder, so agents told to use this path (named in code, not linked) find nothing. Create the file or correct the path.
    - \`templates/notes.json\` - only a folder has the stem: no guess
    // ^^^^^^^^^^^^^^^^^^^^ warning reference-missing: \`templates/notes.json\` does not exist in the skill folder, so agents told to use this path (named in code, not linked) find nothing. Create the file or correct the path.
    //- skills/my-skill/templates/flowchart-template.excalidraw
    {}
    //- skills/my-skill/templates/notes.d/a.txt
    a
    //- skills/my-skill/templates/config.yaml
    a: 1
    //- skills/my-skill/templates/config.yml
    a: 1
  `, { through: ['core'] });
});

// awesome-copilot: `#content-trust` for `## Content Trust (deprecated)`, `#legacy-context`
// for `## Legacy Context API Removed`; a numbered heading the same way. Not `#usage` for
// `## Commercial usage` (agentskillexchange skills that dropped their README's Usage).
test('a fragment whose heading grew or was numbered: did you mean that one heading', async () => {
  await checkFixture(`
    ${FRONT}
    See [trust](references/guide.md#content-trust), [setup](references/guide.md#setup) and [notes](references/guide.md#notes).
    //                              ^^^^^^^^^^^^^ warning reference-fragment-missing: #content-trust matches no heading in \`references/guide.md\`. Did you mean #content-trust-deprecated?
    //                                                                          ^^^^^ warning reference-fragment-missing: #setup matches no heading in \`references/guide.md\`. Did you mean #2-setup?
    //                                                                                                                 ^^^^^ warning reference-fragment-missing: #notes matches no heading in \`references/guide.md\`. Headings: #guide, #content-trust-deprecated, #2-setup, #notes-on-a, #notes-on-b, ….
    Words before it are no guess: [usage](references/guide.md#usage).
    //                                                        ^^^^^ warning reference-fragment-missing: #usage matches no heading in \`references/guide.md\`. Headings: #guide, #content-trust-deprecated, #2-setup, #notes-on-a, #notes-on-b, ….
    //- skills/my-skill/references/guide.md
    # Guide
    ## Content Trust (deprecated)
    ## 2. Setup
    ## Notes on A
    ## Notes on B
    ## Commercial usage
  `, { through: ['core'] });
});

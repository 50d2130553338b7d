// No check or provider reads a file outside the skill folder (docs/security.md): links
// out of it, through symbolic links or `..`, are stat-ed and reported, never read. The
// in-memory file system records every read, so "never read" is asserted directly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { checkReferences } from '../../../server/src/core/references/check';
import { completions, definition, hoverInfo, moveEdits, referencesTo } from '../../../server/src/core/references/providers';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';

const SECRET = 'SECRET-7f3a';
const SKILL_MD = '/w/s/SKILL.md';
const BODY = [
  '[a](references/out.md#x) [b](references/dir/secret.md) [c](references/pw) [d](../other/secret.md)',
  '[e](references/../../other/secret.md) [f](references/sib.md#top) ![g](references/pic.png) [h](references/dir/)',
  'Run `scripts/x.sh` and read [ok](references/ok.md#in).',
  '',
].join('\n');
const TEXT = `---\nname: s\ndescription: Does things. Use when testing.\n---\n${BODY}`;

/** A skill whose links lead out of it every way there is, and a sibling skill. */
function hostile(): MemoryFileSystem {
  const fs = new MemoryFileSystem({
    [SKILL_MD]: TEXT,
    '/w/s/references/ok.md': '# In\nSee [local](#in).\n',
    '/w/other/secret.md': `# ${SECRET} heading\n${SECRET} body [z](zz.md)\n`,
    '/w/other/pic.png': SECRET,
    '/w/sibling/SKILL.md': '---\nname: sibling\ndescription: x\n---\n',
    '/w/sibling/references/private.md': `# Top\n${SECRET} of the sibling\n`,
    '/etc/passwd': `root:${SECRET}:0:0\n`,
  });
  fs.symlink('/w/s/references/out.md', '/w/other/secret.md');
  fs.symlink('/w/s/references/dir', '/w/other');
  fs.symlink('/w/s/references/pw', '/etc/passwd');
  fs.symlink('/w/s/references/sib.md', '../../sibling/references/private.md');
  fs.symlink('/w/s/references/pic.png', '/w/other/pic.png');
  fs.symlink('/w/s/scripts/x.sh', '/etc/passwd');
  return fs;
}

const doc = () => parseSkillDocument(SKILL_MD, TEXT);
/** Every file read that is not the skill's own. */
const outsideReads = (fs: MemoryFileSystem) => fs.reads.filter((p) => p !== SKILL_MD && p !== '/w/s/references/ok.md');

test('check: every link out of the skill is reported, none is read, the secret is in no message', async () => {
  const fs = hostile();
  const { diagnostics } = await checkReferences(fs, doc());
  assert.deepEqual(outsideReads(fs), []);
  assert.ok(!JSON.stringify(diagnostics).includes(SECRET));
  assert.deepEqual(diagnostics.map((d) => `${d.code} ${d.file === SKILL_MD ? `${d.range.start.line}:${d.range.start.character}` : d.file}: ${d.message}`), [
    'reference-escapes-skill 4:4: `references/out.md` is a symbolic link to /w/other/secret.md, outside the skill folder: the link breaks when the skill is installed. Copy the file into the skill.',
    'reference-escapes-skill 4:29: `references/dir/secret.md` is a symbolic link to /w/other, outside the skill folder: the link breaks when the skill is installed. Copy the file into the skill.',
    'reference-escapes-skill 4:59: `references/pw` is a symbolic link to /etc/passwd, outside the skill folder: the link breaks when the skill is installed. Copy the file into the skill.',
    'reference-escapes-skill 4:78: `../other/secret.md` leads out of the skill folder: the file is not installed with the skill. Copy the file into the skill and reference it there.',
    'reference-escapes-skill 5:4: `references/../../other/secret.md` leads out of the skill folder: the file is not installed with the skill. Copy the file into the skill and reference it there.',
    'reference-escapes-skill 5:42: `references/sib.md` is a symbolic link to /w/sibling/references/private.md, outside the skill folder: the link breaks when the skill is installed. Copy the file into the skill.',
    'reference-escapes-skill 5:70: `references/pic.png` is a symbolic link to /w/other/pic.png, outside the skill folder: the link breaks when the skill is installed. Copy the file into the skill.',
    'reference-escapes-skill 5:94: `references/dir/` is a symbolic link to /w/other, outside the skill folder: the link breaks when the skill is installed. Copy the file into the skill.',
    'reference-escapes-skill 6:5: `scripts/x.sh` is a symbolic link to /etc/passwd, outside the skill folder: the link breaks when the skill is installed. Copy the file into the skill.',
  ]);
});

test('hover: a link out of the skill shows where it leads, never its content or listing', async () => {
  const fs = hostile();
  const hover = async (line: number, character: number) => (await hoverInfo(fs, doc(), { line, character }))?.markdown;
  assert.deepEqual(
    [await hover(4, 6), await hover(4, 32), await hover(4, 63), await hover(4, 82), await hover(5, 6), await hover(5, 48), await hover(5, 76), await hover(5, 100)],
    [
      '**references/out.md** · 50 B\n\nNot shown: it leads to /w/other/secret.md, outside the skill folder, and skillmd reads no file there.',
      '**references/dir/secret.md** · 50 B\n\nNot shown: it leads to /w/other/secret.md, outside the skill folder, and skillmd reads no file there.',
      '**references/pw** · 21 B\n\nNot shown: it leads to /etc/passwd, outside the skill folder, and skillmd reads no file there.',
      '`../other/secret.md` is outside the skill folder.',
      '`references/../../other/secret.md` is outside the skill folder.',
      '**references/sib.md** · 33 B\n\nNot shown: it leads to /w/sibling/references/private.md, outside the skill folder, and skillmd reads no file there.',
      '**references/pic.png** · 11 B\n\nNot shown: it leads to /w/other/pic.png, outside the skill folder, and skillmd reads no file there.',
      '**references/dir/**\n\nNot listed: it leads to /w/other, outside the skill folder, and skillmd reads no folder there.',
    ],
  );
  // Inside the skill, hover still shows the file.
  assert.equal(await hover(6, 40), '**references/ok.md** · 23 B · 10 tokens\n\n```markdown\n# In\nSee [local](#in).\n\n```');
  assert.deepEqual(outsideReads(fs), []);
});

test('definition, heading completion, find references and rename edits read nothing outside', async () => {
  const fs = hostile();
  const d = doc();
  // Go to the linked file itself (its start): the heading is not looked up there.
  assert.deepEqual(await definition(fs, d, { line: 4, character: 6 }), { file: '/w/s/references/out.md', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
  const withHash = parseSkillDocument(SKILL_MD, TEXT + '[q](references/out.md#');
  assert.deepEqual(await completions(fs, withHash, { line: 7, character: 22 }), []);
  // Nor are the names in a linked folder out of the skill offered.
  const inDir = parseSkillDocument(SKILL_MD, TEXT + '[q](references/dir/');
  assert.deepEqual(await completions(fs, inDir, { line: 7, character: 19 }), []);
  const own = parseSkillDocument(SKILL_MD, TEXT + '[q](references/');
  assert.deepEqual((await completions(fs, own, { line: 7, character: 15 })).map((i) => i.label), ['dir/', 'ok.md', 'out.md', 'pic.png', 'pw', 'sib.md']);
  // The symlinked Markdown files of the skill are not searched (nor edited) either.
  assert.deepEqual((await referencesTo(fs, '/w/s', '/w/s/references/ok.md')).map((l) => l.file), [SKILL_MD, '/w/s/references/ok.md']);
  const change = await moveEdits(fs, '/w/s', [{ from: '/w/s/references/ok.md', to: '/w/s/references/in.md' }]);
  assert.deepEqual(Object.keys(change.edits), [SKILL_MD]);
  assert.deepEqual(outsideReads(fs), []);
});

test('a skill whose folder is itself a symbolic link reads its own files (by the link)', async () => {
  const fs = new MemoryFileSystem({ '/real/s/SKILL.md': TEXT, '/real/s/references/ok.md': '# In\n' });
  fs.symlink('/w/s', '/real/s');
  const hover = await hoverInfo(fs, doc(), { line: 6, character: 40 });
  assert.equal(hover?.markdown, '**references/ok.md** · 5 B · 3 tokens\n\n```markdown\n# In\n\n```');
});

test('hover: the file\'s own fences cannot close the hover\'s code block', async () => {
  const guide = '# G\n````\n![x](https://example.com/track.png)\n`````md\n';
  const fs = new MemoryFileSystem({ [SKILL_MD]: TEXT, '/w/s/references/ok.md': guide });
  const md = (await hoverInfo(fs, doc(), { line: 6, character: 40 }))?.markdown;
  assert.equal(md, `**references/ok.md** · 53 B · 20 tokens\n\n\`\`\`\`\`\`markdown\n${guide}\n\`\`\`\`\`\``);
});

test('a Claude Code plugin\'s skill reads a linked file of its plugin, and nothing beyond it', async () => {
  const text = '---\nname: s\ndescription: Does things. Use when testing.\n---\n[a](references/shared.md#nope) [b](references/far.md#nope)\n';
  const fs = new MemoryFileSystem({ '/p/skills/s/SKILL.md': text, '/p/docs/shared.md': '# Shared\n## Usage\n', '/far.md': `# ${SECRET}\n` });
  fs.symlink('/p/skills/s/references/shared.md', '/p/docs/shared.md');
  fs.symlink('/p/skills/s/references/far.md', '/far.md');
  const isPluginFolder = (dir: string, name: string) => dir === '/p' && name === '.claude-plugin';
  const { diagnostics } = await checkReferences(fs, parseSkillDocument('/p/skills/s/SKILL.md', text), { targets: ['claude-code'], isPluginFolder });
  assert.deepEqual(diagnostics.map((d) => `${d.code}: ${d.message}`), [
    'reference-fragment-missing: #nope matches no heading in `references/shared.md`. Headings: #shared, #usage.',
    'reference-escapes-skill: `references/far.md` is a symbolic link to /far.md, outside the skill folder: the link breaks when the skill is installed. Copy the file into the skill.',
  ]);
  assert.deepEqual(fs.reads, ['/p/skills/s/references/shared.md']);
});

// Relative references over stdio: diagnostics (incl. the unused-file hint on the
// unused file), document links, definition, find references, path completion, hover,
// quick fixes that create files, workspace/willRenameFiles and the file-watcher update.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const SKILL = [
  '---',
  'name: refskill',
  'description: Tests references. Use when testing.',
  '---',
  '# Ref skill',
  '',
  'See [the guide](references/guide.md) and [usage](references/guide.md#usage).',
  'Run `scripts/run.sh` then read [missing](references/missing.md).',
  '![logo](assets/logo.png)',
  '',
  '## Local',
  'Jump to [local](#local).',
  '',
].join('\n');
const GUIDE = '# Guide\n\nIntro line.\n\n## Usage\n\nUse it.\n';
const CLOSED = '---\nname: closed\ndescription: A closed skill. Use when testing.\n---\nRead [later](references/later.md).\n';

/** One skill with a guide, an unused file, an executable script and an image; one closed skill. */
function makeRefWorkspace(): string {
  const dir = makeWorkspace({
    'refskill/SKILL.md': SKILL,
    'refskill/references/guide.md': GUIDE,
    'refskill/references/unused.md': '# Unused\n',
    'refskill/scripts/run.sh': '#!/bin/sh\necho hi\n',
    'refskill/assets/logo.png': 'PNG-not-really',
    'closed/SKILL.md': CLOSED,
  });
  chmodSync(join(dir, 'refskill/scripts/run.sh'), 0o755);
  return dir;
}
const MISSING_MESSAGE = '`references/missing.md` does not exist in the skill folder, so agents following this link fail. Create the file or correct the path.';
const LATER_MESSAGE = '`references/later.md` does not exist in the skill folder, so agents following this link fail. Create the file or correct the path.';

interface Item { label: string; kind: number; detail?: string; textEdit: { range: Diag['range']; newText: string }; command?: { command: string } }
interface Link { range: Diag['range']; target: string; tooltip?: string }
interface Loc { uri: string; range: Diag['range'] }

const codes = (list: Diag[]) => list.map((d) => d.code);

describe('references', () => {
  let root: string;
  let c: TestClient;
  let uri: string;
  let file: string;
  const at = (rel: string) => join(root, rel);
  const u = (rel: string) => uriOf(join(root, rel));

  before(async () => {
    root = makeRefWorkspace();
    c = await startServer({ root, mode: 'push', settings: { rename: { updateReferences: 'always' } } });
    file = at('refskill/SKILL.md');
    uri = await c.open(file, SKILL);
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  const doc = { get textDocument() { return { uri }; } };

  test('capabilities: links, definition, references, path trigger characters, willRename filters, watchers for every file', () => {
    const caps = (c as unknown as { initializeResult: { capabilities: Record<string, any> } }).initializeResult.capabilities;
    assert.deepEqual(caps.documentLinkProvider, { resolveProvider: false });
    assert.equal(caps.definitionProvider, true);
    assert.equal(caps.referencesProvider, true);
    assert.deepEqual(caps.completionProvider.triggerCharacters, [':', ' ', '-', ',', '/', '#', '(', '"', '`']);
    const filters = [
      { scheme: 'file', pattern: { glob: '**/*', matches: 'file' } },
      { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
    ];
    assert.deepEqual(caps.workspace.fileOperations, { willRename: { filters }, didRename: { filters }, didDelete: { filters }, didCreate: { filters } });
    const watchers = (c.registrations as { method: string; registerOptions: { watchers: unknown[] } }[])
      .find((x) => x.method === 'workspace/didChangeWatchedFiles')!.registerOptions.watchers;
    assert.deepEqual(watchers, [{ globPattern: '**/.skillmd.json' }, { globPattern: '**/*', kind: 7 }]);
  });

  test('diagnostics: the missing target on SKILL.md, the unused-file hint on the unused file itself', async () => {
    const own = await c.diagnosticsFor(uri, (p) => p.version === 1);
    assert.deepEqual(own.map((d) => [d.code, d.severity, d.range, d.message]), [['reference-missing', 1, r(7, 41, 7, 62), MISSING_MESSAGE]]);
    const unused = await c.diagnosticsFor(u('refskill/references/unused.md'));
    assert.deepEqual(unused, [{
      range: r(0, 0, 0, 0),
      severity: 4,
      code: 'reference-unused-file',
      codeDescription: { href: 'https://github.com/skillmd/skillmd/blob/main/docs/rules.md#rule-reference-unused-file' },
      source: 'skillmd',
      message: '`references/unused.md` is not referenced from SKILL.md or the files it references, so agents never learn it exists. Link it where it is needed, or delete it.',
      tags: [1],
    }]);
    // The closed skill's diagnostics come from the index, references included.
    assert.deepEqual((await c.diagnosticsFor(u('closed/SKILL.md'))).map((d) => [d.code, d.range, d.message]), [['reference-missing', r(4, 13, 4, 32), LATER_MESSAGE]]);
  });

  test('document links: every reference to a file that exists (a missing one would open an error), fragments as #L<line>', async () => {
    const links = await c.request<Link[]>('textDocument/documentLink', doc);
    assert.deepEqual(links, [
      { range: r(6, 16, 6, 35), target: u('refskill/references/guide.md'), tooltip: 'Open references/guide.md' },
      { range: r(6, 49, 6, 74), target: u('refskill/references/guide.md') + '#L5', tooltip: 'Open references/guide.md#usage' },
      { range: r(7, 5, 7, 19), target: u('refskill/scripts/run.sh'), tooltip: 'Open scripts/run.sh' },
      { range: r(8, 8, 8, 23), target: u('refskill/assets/logo.png'), tooltip: 'Open assets/logo.png' },
      { range: r(11, 16, 11, 22), target: uri + '#L11', tooltip: 'Open SKILL.md#local' },
    ]);
  });

  test('definition: the file, the heading of a fragment, a local heading; nothing for a missing file', async () => {
    const def = (line: number, character: number) => c.request<Loc | null>('textDocument/definition', { ...doc, position: { line, character } });
    assert.deepEqual(await def(6, 20), { uri: u('refskill/references/guide.md'), range: r(0, 0, 0, 0) });
    assert.deepEqual(await def(6, 70), { uri: u('refskill/references/guide.md'), range: r(4, 0, 4, 8) });
    assert.deepEqual(await def(11, 18), { uri, range: r(10, 0, 10, 8) });
    assert.deepEqual(await def(7, 8), { uri: u('refskill/scripts/run.sh'), range: r(0, 0, 0, 0) });
    assert.equal(await def(7, 50), null);
    assert.equal(await def(4, 3), null);
  });

  test('references: from a link, from another Markdown file of the skill (not open), from a script', async () => {
    const refs = (target: string, line = 0, character = 0) =>
      c.request<Loc[]>('textDocument/references', { textDocument: { uri: target }, position: { line, character }, context: { includeDeclaration: false } });
    const guide = [{ uri, range: r(6, 16, 6, 35) }, { uri, range: r(6, 49, 6, 74) }];
    assert.deepEqual(await refs(uri, 6, 60), guide);
    assert.deepEqual(await refs(u('refskill/references/guide.md')), guide);
    assert.deepEqual(await refs(u('refskill/scripts/run.sh')), [{ uri, range: r(7, 5, 7, 19) }]);
    assert.deepEqual(await refs(u('refskill/references/unused.md')), []);
    assert.deepEqual(await refs(u('elsewhere.md')), []);
  });

  test('completion: files after `](`, the skill folder after {{.BaseDirectory}}/, headings after #', async () => {
    const complete = (line: number, character: number) => c.request<Item[]>('textDocument/completion', { ...doc, position: { line, character } });
    await c.change(uri, [{ range: r(12, 0, 12, 0), text: '[x](references/' }]);
    assert.deepEqual((await complete(12, 15)).map((i) => [i.label, i.kind, i.textEdit]), [
      ['guide.md', 17, { range: r(12, 15, 12, 15), newText: 'guide.md' }],
      ['unused.md', 17, { range: r(12, 15, 12, 15), newText: 'unused.md' }],
    ]);
    await c.change(uri, [{ range: r(12, 15, 12, 15), text: 'gu' }]);
    assert.deepEqual((await complete(12, 17))[0].textEdit, { range: r(12, 15, 12, 17), newText: 'guide.md' });
    await c.change(uri, [{ range: r(12, 15, 12, 17), text: 'guide.md#' }]);
    assert.deepEqual((await complete(12, 24)).map((i) => [i.label, i.kind, i.detail, i.textEdit]), [
      ['#guide', 18, 'Guide', { range: r(12, 24, 12, 24), newText: 'guide' }],
      ['#usage', 18, 'Usage', { range: r(12, 24, 12, 24), newText: 'usage' }],
    ]);
    await c.change(uri, [{ range: r(12, 0, 12, 24), text: '`{{.BaseDirectory}}/' }]);
    assert.deepEqual((await complete(12, 20)).map((i) => [i.label, i.kind, i.textEdit.newText, i.command?.command]), [
      ['assets/', 19, 'assets/', 'editor.action.triggerSuggest'],
      ['references/', 19, 'references/', 'editor.action.triggerSuggest'],
      ['scripts/', 19, 'scripts/', 'editor.action.triggerSuggest'],
    ]);
    await c.change(uri, [{ range: r(12, 0, 12, 20), text: '[x](#' }]);
    assert.deepEqual((await complete(12, 5)).map((i) => i.label), ['#ref-skill', '#local']);
    // Frontmatter completion still answers in the frontmatter.
    await c.change(uri, [{ range: r(12, 0, 12, 5), text: '' }, { range: r(3, 0, 3, 0), text: '\n' }]);
    assert.ok((await complete(3, 0)).some((i) => i.label === 'license'));
    await c.change(uri, [{ range: r(3, 0, 4, 0), text: '' }]);
  });

  test('hover: first lines and tokens of a Markdown target, an image, a missing file; key hover unchanged', async () => {
    const hover = (line: number, character: number) =>
      c.request<{ contents: { kind: string; value: string }; range: Diag['range'] } | null>('textDocument/hover', { ...doc, position: { line, character } });
    assert.deepEqual(await hover(6, 20), {
      contents: { kind: 'markdown', value: '**references/guide.md** · 40 B · 12 tokens\n\n```markdown\n# Guide\n\nIntro line.\n\n## Usage\n\nUse it.\n\n```' },
      range: r(6, 16, 6, 35),
    });
    const usage = await hover(6, 70);
    assert.match(usage!.contents.value, /^\*\*references\/guide\.md\*\* · 40 B · 12 tokens\n\n```markdown\n## Usage\n\nUse it\.\n\n```$/);
    assert.deepEqual(await hover(8, 10), {
      contents: { kind: 'markdown', value: `**assets/logo.png** · 14 B\n\n![logo.png](${uriOf(at('refskill/assets/logo.png'))})` },
      range: r(8, 8, 8, 23),
    });
    assert.equal((await hover(7, 50))!.contents.value, '`references/missing.md` does not exist.');
    assert.match((await hover(1, 2))!.contents.value, /name/);
    assert.equal(await hover(5, 0), null);
  });

  test('quick fix: create the missing file (CreateFile, then its heading inserted)', async () => {
    const diags = await c.diagnosticsFor(uri);
    const missing = diags.filter((d) => d.code === 'reference-missing');
    const actions = await c.request<{ title: string; kind: string; edit: unknown }[]>('textDocument/codeAction', { ...doc, range: missing[0].range, context: { diagnostics: missing } });
    const create = actions.find((a) => a.title === 'Create `references/missing.md`')!;
    assert.equal(create.kind, 'quickfix');
    assert.deepEqual(create.edit, {
      documentChanges: [
        { kind: 'create', uri: u('refskill/references/missing.md'), options: { overwrite: false, ignoreIfExists: false } },
        { textDocument: { uri: u('refskill/references/missing.md'), version: null }, edits: [{ range: r(0, 0, 0, 0), newText: '# Missing\n' }] },
      ],
    });
  });

  test('another Markdown file of the skill: its unsaved buffer counts for SKILL.md, links and completion work in it', async () => {
    const guideUri = await c.open(at('refskill/references/guide.md'), GUIDE);
    // Rename the heading in the buffer only: SKILL.md's #usage breaks without a save.
    await c.change(guideUri, [{ range: r(4, 3, 4, 8), text: 'How' }]);
    const broken = await c.diagnosticsFor(uri, (p) => p.diagnostics.some((d) => d.code === 'reference-fragment-missing'));
    assert.deepEqual(broken.map((d) => [d.code, d.range, d.message]), [
      ['reference-fragment-missing', r(6, 69, 6, 74), '#usage matches no heading in `references/guide.md`. Headings: #guide, #how.'],
      ['reference-missing', r(7, 41, 7, 62), MISSING_MESSAGE],
    ]);
    await c.change(guideUri, [{ range: r(6, 0, 6, 0), text: 'See [run](../scripts/' }]);
    const items = await c.request<Item[]>('textDocument/completion', { textDocument: { uri: guideUri }, position: { line: 6, character: 21 } });
    assert.deepEqual(items.map((i) => [i.label, i.textEdit]), [['run.sh', { range: r(6, 21, 6, 21), newText: 'run.sh' }]]);
    await c.change(guideUri, [{ range: r(6, 21, 6, 21), text: 'run.sh)' }]);
    assert.deepEqual(await c.request<Link[]>('textDocument/documentLink', { textDocument: { uri: guideUri } }), [
      { range: r(6, 10, 6, 27), target: u('refskill/scripts/run.sh'), tooltip: 'Open scripts/run.sh' },
    ]);
    // Closing the buffer: the disk's text counts again.
    await c.close(guideUri);
    assert.deepEqual(codes(await c.diagnosticsFor(uri, (p) => !p.diagnostics.some((d) => d.code === 'reference-fragment-missing'))), ['reference-missing']);
  });

  test('in another Markdown file, paths in code and hovers resolve against the skill folder; no completion on a fence, `/` or outside the skill', async () => {
    const guideUri = await c.open(at('refskill/references/guide.md'), GUIDE);
    const complete = (line: number, character: number, text: string) =>
      c.change(guideUri, [{ range: r(line, 0, line + 1, 0), text: text + '\n' }]).then(() => c.request<Item[]>('textDocument/completion', { textDocument: { uri: guideUri }, position: { line, character } }));
    try {
      assert.deepEqual((await complete(6, 13, 'Run `scripts/')).map((i) => i.label), ['run.sh']);
      assert.deepEqual((await complete(6, 33, 'Run `${CLAUDE_SKILL_DIR}/scripts/')).map((i) => i.label), ['run.sh']);
      assert.deepEqual((await complete(6, 20, 'See [x](../SKILL.md#')).map((i) => i.label), ['#ref-skill', '#local']);
      await c.change(guideUri, [{ range: r(6, 0, 7, 0), text: 'Run `scripts/run.sh` and [x](../SKILL.md).\n' }]);
      const hover = (character: number) => c.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: guideUri }, position: { line: 6, character } });
      assert.match((await hover(8))!.contents.value, /^\*\*scripts\/run\.sh\*\* · 18 B/);
      assert.match((await hover(33))!.contents.value, /^\*\*SKILL\.md\*\* · /);
      // A fence being typed, a slash command, absolute paths and folders above the skill.
      assert.deepEqual(await complete(6, 3, '```'), []);
      assert.deepEqual(await complete(6, 6, 'Run `/'), []);
      assert.deepEqual(await complete(6, 5, '[a](/'), []);
      assert.deepEqual(await complete(6, 11, 'Run `../../'), []);
      assert.deepEqual((await complete(6, 8, '[a](../')).map((i) => i.label), ['assets/', 'references/', 'scripts/', 'SKILL.md']);
    } finally {
      await c.close(guideUri);
    }
  });

  const renameGuide = (to = 'refskill/references/manual.md', from = 'refskill/references/guide.md') =>
    c.request<unknown>('workspace/willRenameFiles', { files: [{ oldUri: u(from), newUri: u(to) }] });

  test('willRenameFiles: a file (always), a folder, nothing outside skills', async () => {
    const v = await c.change(uri, [{ range: r(12, 0, 12, 0), text: '' }]);
    assert.deepEqual(await renameGuide(), {
      documentChanges: [{
        textDocument: { uri, version: v },
        edits: [
          { range: r(6, 16, 6, 35), newText: 'references/manual.md' },
          { range: r(6, 49, 6, 68), newText: 'references/manual.md' },
        ],
      }],
    });
    assert.deepEqual(await renameGuide('refskill/docs', 'refskill/references'), {
      documentChanges: [{
        textDocument: { uri, version: v },
        edits: [
          { range: r(6, 16, 6, 35), newText: 'docs/guide.md' },
          { range: r(6, 49, 6, 68), newText: 'docs/guide.md' },
          { range: r(7, 41, 7, 62), newText: 'docs/missing.md' },
        ],
      }],
    });
    // Moving a whole skill keeps its relative references; files outside skills have none.
    assert.equal(await renameGuide('moved', 'refskill'), null);
    assert.equal(await renameGuide('b.md', 'a.md'), null);
  });

  test('willRenameFiles: two files moved together keep the links between them', async () => {
    writeFileSync(at('refskill/references/one.md'), '# One\n\nSee [two](two.md).\n');
    writeFileSync(at('refskill/references/two.md'), '# Two\n\nSee [one](one.md).\n');
    try {
      const moves = ['one.md', 'two.md'].map((f) => ({ oldUri: u(`refskill/references/${f}`), newUri: u(`refskill/docs/${f}`) }));
      assert.equal(await c.request<unknown>('workspace/willRenameFiles', { files: moves }), null);
      // One of them alone: the links both ways are rewritten.
      assert.deepEqual(await c.request<unknown>('workspace/willRenameFiles', { files: moves.slice(0, 1) }), {
        documentChanges: [
          { textDocument: { uri: u('refskill/references/one.md'), version: null }, edits: [{ range: r(2, 10, 2, 16), newText: '../references/two.md' }] },
          { textDocument: { uri: u('refskill/references/two.md'), version: null }, edits: [{ range: r(2, 10, 2, 16), newText: '../docs/one.md' }] },
        ],
      });
    } finally {
      rmSync(at('refskill/references/one.md'));
      rmSync(at('refskill/references/two.md'));
    }
  });

  test('willRenameFiles: never, and prompt answered No and Yes', async () => {
    await c.setSettings({ rename: { updateReferences: 'never' } });
    assert.equal(await renameGuide(), null);
    assert.equal(c.messageRequests.length, 0);

    await c.setSettings({ rename: { updateReferences: 'prompt' } });
    c.answerMessage = () => ({ title: 'No' });
    assert.equal(await renameGuide(), null);
    assert.deepEqual(c.messageRequests.at(-1), { type: 3, message: 'Update 2 references in 1 file?', actions: [{ title: 'Yes' }, { title: 'No' }] });
    c.answerMessage = () => ({ title: 'Yes' });
    const edit = (await renameGuide()) as { documentChanges: { edits: unknown[] }[] };
    assert.equal(edit.documentChanges[0].edits.length, 2);
    assert.equal(c.messageRequests.length, 2);
    await c.setSettings({ rename: { updateReferences: 'always' } });
  });

  test('file watcher: creating the missing files clears reference-missing without reopening; deleting brings it back', async () => {
    const before = c.published.get(uri)!.length;
    writeFileSync(at('refskill/references/missing.md'), '# Missing\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: u('refskill/references/missing.md'), type: 1 }] });
    assert.deepEqual(codes(await c.diagnosticsFor(uri, (p) => !p.diagnostics.length)), []);
    assert.ok(c.published.get(uri)!.length > before);

    // A closed skill, through the index.
    mkdirSync(at('closed/references'));
    writeFileSync(at('closed/references/later.md'), '# Later\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: u('closed/references'), type: 1 }, { uri: u('closed/references/later.md'), type: 1 }] });
    assert.deepEqual(await c.diagnosticsFor(u('closed/SKILL.md'), (p) => !p.diagnostics.length), []);

    rmSync(at('refskill/references/missing.md'));
    rmSync(at('closed/references/later.md'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: u('refskill/references/missing.md'), type: 3 }, { uri: u('closed/references/later.md'), type: 3 }] });
    assert.deepEqual(codes(await c.diagnosticsFor(uri, (p) => p.diagnostics.length > 0)), ['reference-missing']);
    assert.deepEqual((await c.diagnosticsFor(u('closed/SKILL.md'), (p) => p.diagnostics.length > 0)).map((d) => [d.code, d.message]), [['reference-missing', LATER_MESSAGE]]);
  });

  test('file watcher: a new unused file gets its hint, referencing it clears it', async () => {
    writeFileSync(at('refskill/references/extra.md'), '# Extra\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: u('refskill/references/extra.md'), type: 1 }] });
    assert.deepEqual(codes(await c.diagnosticsFor(u('refskill/references/extra.md'))), ['reference-unused-file']);
    const v = await c.change(uri, [{ range: r(12, 0, 12, 0), text: 'Also [extra](references/extra.md).\n' }]);
    await c.diagnosticsFor(uri, (p) => p.version === v);
    assert.deepEqual(await c.diagnosticsFor(u('refskill/references/extra.md'), (p) => !p.diagnostics.length), []);
    await c.change(uri, [{ range: r(12, 0, 13, 0), text: '' }]);
  });
});

describe('reference quick fixes: fix case, closest file', () => {
  let root: string;
  let c: TestClient;
  let uri: string;
  const TEXT = '---\nname: fixes\ndescription: Fixes. Use when testing.\n---\nSee [a](references/Guide.md) and [b](references/guid.md).\n';
  before(async () => {
    root = makeWorkspace({ 'fixes/SKILL.md': TEXT, 'fixes/references/guide.md': '# Guide\n' });
    c = await startServer({ root, mode: 'push' });
    uri = await c.open(join(root, 'fixes/SKILL.md'), TEXT);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('each offers its edit as a preferred quick fix', async () => {
    const diags = await c.diagnosticsFor(uri, (p) => p.version === 1);
    assert.deepEqual(diags.map((d) => [d.code, d.range]), [['reference-case-mismatch', r(4, 8, 4, 27)], ['reference-missing', r(4, 37, 4, 55)]]);
    const actions = async (d: Diag) =>
      (await c.request<{ title: string; kind: string; isPreferred?: boolean; edit: unknown }[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } }))
        .filter((a) => a.kind === 'quickfix' && !a.title.startsWith('Suppress'));
    assert.deepEqual(await actions(diags[0]), [{
      title: 'Change to `references/guide.md`', kind: 'quickfix', diagnostics: [diags[0]], isPreferred: true,
      edit: { documentChanges: [{ textDocument: { uri, version: 1 }, edits: [{ range: r(4, 8, 4, 27), newText: 'references/guide.md' }] }] },
    }]);
    const missing = await actions(diags[1]);
    assert.deepEqual(missing.map((a) => [a.title, a.isPreferred]), [['Change to `references/guide.md`', true], ['Create `references/guid.md`', undefined]]);
    assert.deepEqual(missing[0].edit, { documentChanges: [{ textDocument: { uri, version: 1 }, edits: [{ range: r(4, 37, 4, 55), newText: 'references/guide.md' }] }] });
  });
});

describe('a skill folder renamed on disk', () => {
  let root: string;
  let c: TestClient;
  const u = (rel: string) => uriOf(join(root, rel));
  before(async () => {
    root = makeWorkspace({ 'skills/closed/SKILL.md': CLOSED, 'skills/closed/references/old.md': '# Old\n' });
    c = await startServer({ root, mode: 'push' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('the old path is cleared, the skills inside the new folder are indexed with their references', async () => {
    assert.deepEqual(codes(await c.diagnosticsFor(u('skills/closed/SKILL.md'))), ['reference-missing']);
    assert.deepEqual(codes(await c.diagnosticsFor(u('skills/closed/references/old.md'))), ['reference-unused-file']);
    renameSync(join(root, 'skills/closed'), join(root, 'skills/renamed'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: u('skills/closed'), type: 3 }, { uri: u('skills/renamed'), type: 1 }] });
    assert.deepEqual((await c.diagnosticsFor(u('skills/renamed/SKILL.md'))).map((d) => [d.code, d.range]), [
      ['name-folder-mismatch', r(1, 6, 1, 12)],
      ['reference-missing', r(4, 13, 4, 32)],
    ]);
    assert.deepEqual(codes(await c.diagnosticsFor(u('skills/renamed/references/old.md'))), ['reference-unused-file']);
    assert.deepEqual(await c.diagnosticsFor(u('skills/closed/SKILL.md'), (p) => !p.diagnostics.length), []);
    assert.deepEqual(await c.diagnosticsFor(u('skills/closed/references/old.md'), (p) => !p.diagnostics.length), []);
  });
});

describe('references with pull diagnostics', () => {
  let root: string;
  let c: TestClient;
  let uri: string;
  const u = (rel: string) => uriOf(join(root, rel));
  type Report = { kind: string; resultId?: string; items: Diag[] };
  type WsReport = { items: { uri: string; kind: string; resultId: string; items?: Diag[] }[] };

  before(async () => {
    root = makeRefWorkspace();
    c = await startServer({ root, mode: 'pull' });
    uri = await c.open(join(root, 'refskill/SKILL.md'), SKILL);
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('document and workspace reports: reference-missing on SKILL.md, the unused-file hint as its own item', async () => {
    const rep = await c.request<Report>('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual(rep.items.map((d) => [d.code, d.range]), [['reference-missing', r(7, 41, 7, 62)]]);
    const ws = await c.request<WsReport>('workspace/diagnostic', { previousResultIds: [] });
    const byUri = new Map(ws.items.map((i) => [i.uri, i]));
    assert.deepEqual([...byUri.keys()].sort(), [u('closed/SKILL.md'), u('refskill/references/unused.md')]);
    assert.deepEqual(byUri.get(u('refskill/references/unused.md'))!.items!.map((d) => [d.code, d.severity, d.tags]), [['reference-unused-file', 4, [1]]]);
    assert.deepEqual(byUri.get(u('closed/SKILL.md'))!.items!.map((d) => d.code), ['reference-missing']);
  });

  test('a created target: the client is asked to refresh and the next pull is clean', async () => {
    const first = await c.request<Report>('textDocument/diagnostic', { textDocument: { uri } });
    const refreshes = c.messages.filter((m) => m === 'refresh').length;
    writeFileSync(join(root, 'refskill/references/missing.md'), '# Missing\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: u('refskill/references/missing.md'), type: 1 }] });
    await c.until(() => c.messages.filter((m) => m === 'refresh').length > refreshes, 'workspace/diagnostic/refresh');
    const rep = await c.request<Report>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: first.resultId });
    assert.equal(rep.kind, 'full');
    assert.deepEqual(rep.items, []);
  });
});

describe('references in a workspace indexed by worker threads', () => {
  let root: string;
  let c: TestClient;
  const N = 60;
  const u = (rel: string) => uriOf(join(root, rel));

  before(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < N; i++) {
      const name = `s${String(i).padStart(2, '0')}`;
      files[`skills/${name}/SKILL.md`] = `---\nname: ${name}\ndescription: Skill ${i}. Use when testing.\n---\nRead [it](references/it.md).\n`;
      if (i % 2) files[`skills/${name}/references/it.md`] = '# It\n';
      if (i === 7) files[`skills/${name}/scripts/left.py`] = 'print(1)\n';
    }
    root = makeWorkspace(files);
    c = await startServer({ root, mode: 'push' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('every skill checked with its references; the unused hint; dependents re-checked after a watched create', async () => {
    const withMissing = await c.until(() => {
      const got = [...c.published.entries()].filter(([, l]) => l.at(-1)!.diagnostics.some((d) => d.code === 'reference-missing')).map(([k]) => k);
      return got.length === N / 2 ? got.sort() : undefined;
    }, 'reference-missing on every other skill');
    assert.deepEqual(withMissing, Array.from({ length: N / 2 }, (_, k) => u(`skills/s${String(2 * k).padStart(2, '0')}/SKILL.md`)));
    assert.deepEqual(codes(await c.diagnosticsFor(u('skills/s07/scripts/left.py'))), ['reference-unused-file']);
    assert.ok(c.messages.some((m) => /^index: starting \d+ worker thread\(s\)$/.test(m)), c.messages.join('\n'));
    mkdirSync(join(root, 'skills/s42/references'));
    writeFileSync(join(root, 'skills/s42/references/it.md'), '# It\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: u('skills/s42/references/it.md'), type: 1 }] });
    assert.deepEqual(await c.diagnosticsFor(u('skills/s42/SKILL.md'), (p) => !p.diagnostics.length), []);
  });
});

describe('links inside a skill\'s other Markdown files', () => {
  let root: string;
  let c: TestClient;
  const GUIDE_TEXT = '# Guide\n\n[gone](gone.md) and [case](Other.md).\n';
  const u = (rel: string) => uriOf(join(root, rel));
  before(async () => {
    root = makeWorkspace({
      'mdskill/SKILL.md': '---\nname: mdskill\ndescription: Tests links in references. Use when testing.\n---\nRead [the guide](references/guide.md) and [the other](references/other.md).\n',
      'mdskill/references/guide.md': GUIDE_TEXT,
      'mdskill/references/other.md': '# Other\n',
    });
    c = await startServer({ root, mode: 'push' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('are reported on that file from the index, follow its unsaved edits, and offer their fixes', async () => {
    const guide = u('mdskill/references/guide.md');
    const at = (list: Diag[]) => list.map((d) => [d.code, d.range, d.message]);
    const gone = '`gone.md` does not exist in the skill folder, so agents following this link fail. Create the file or correct the path.';
    const other = '`Other.md` differs in letter case from `other.md` on disk; agents run on case-sensitive file systems where it is not found. Write `other.md`.';
    assert.deepEqual(at(await c.diagnosticsFor(guide)), [['reference-missing', r(2, 7, 2, 14), gone], ['reference-case-mismatch', r(2, 27, 2, 35), other]]);
    // The SKILL.md itself is clean: nothing was published for it.
    assert.equal(c.published.get(u('mdskill/SKILL.md'))?.at(-1)?.diagnostics.length ?? 0, 0);

    await c.open(join(root, 'mdskill/references/guide.md'), GUIDE_TEXT);
    await c.change(guide, [{ range: r(0, 0, 0, 0), text: 'Intro.\n' }]);
    const moved = await c.diagnosticsFor(guide, (p) => p.diagnostics.length === 2 && p.diagnostics[0].range.start.line === 3);
    assert.deepEqual(at(moved), [['reference-missing', r(3, 7, 3, 14), gone], ['reference-case-mismatch', r(3, 27, 3, 35), other]]);
    const actions = await c.request<{ title: string; edit?: { documentChanges: { textDocument?: { uri: string }; edits?: { range: Diag['range']; newText: string }[] }[] } }[]>('textDocument/codeAction', {
      textDocument: { uri: guide }, range: moved[1].range, context: { diagnostics: [moved[1]] },
    });
    assert.deepEqual(actions.map((a) => a.title), ['Change to `other.md`', 'Fix all skillmd problems in this file']);
    assert.deepEqual(actions[0].edit!.documentChanges, [{ textDocument: { uri: guide, version: 2 }, edits: [{ range: r(3, 27, 3, 35), newText: 'other.md' }] }]);
  });
});

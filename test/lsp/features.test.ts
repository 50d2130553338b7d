// Completion, hover, code actions, rename, document symbols and folding over stdio.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const DOC = '---\nname: my-skill\ndescription: Formats code. Use when the user asks to format a file.\n\nmetadata:\n  author: me\n---\n# Title\n\nText.\n\n## Usage\n\n```sh\n# not a heading\n```\n\n## Notes\nEnd.\n';
const OTHER = '---\nname: other\ndescription: x\n---\nRun /my-skill first, see `my-skill`. Not a/my-skill or /my-skills.\n';

interface Item { label: string; detail?: string; textEdit: { range: Diag['range']; newText: string }; insertTextFormat?: number; documentation?: { value: string } }

describe('editing features', () => {
  let root: string;
  let c: TestClient;
  let uri: string;
  let file: string;
  before(async () => {
    root = makeWorkspace({ '.claude/skills/my-skill/SKILL.md': DOC, 'other/SKILL.md': OTHER, 'spec/bad/SKILL.md': '---\nname: bad\ndescription: Bad. Use when testing.\nfoo: 1\n---\n' });
    c = await startServer({ root, mode: 'push' });
    file = join(root, '.claude/skills/my-skill/SKILL.md');
    uri = await c.open(file, DOC);
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  const complete = (line: number, character: number, u = uri) => c.request<Item[]>('textDocument/completion', { textDocument: { uri: u }, position: { line, character } });
  const edit = (range: Diag['range'], text: string) => c.change(uri, [{ range, text }]);

  test('completion: keys the targets accept and the document lacks, as snippets', async () => {
    const items = await complete(3, 0);
    assert.deepEqual(items.map((i) => i.label), ['when_to_use', 'argument-hint', 'arguments', 'disable-model-invocation', 'user-invocable', 'allowed-tools',
      'disallowed-tools', 'model', 'effort', 'context', 'agent', 'background', 'hooks', 'paths', 'shell', 'license', 'compatibility']);
    const byLabel = new Map(items.map((i) => [i.label, i]));
    assert.deepEqual(byLabel.get('user-invocable')!.textEdit, { range: r(3, 0, 3, 0), newText: 'user-invocable: ${1|true,false|}' });
    assert.equal(byLabel.get('arguments')!.textEdit.newText, 'arguments:\n  - ${1:topic}');
    assert.equal(byLabel.get('hooks')!.textEdit.newText, 'hooks:\n  ${1|PreToolUse,PostToolUse,Stop|}:\n    - matcher: "${2:Bash}"\n      hooks:\n        - type: command\n          command: "${3:echo checked}"');
    assert.equal(byLabel.get('context')!.textEdit.newText, 'context: ${1|fork|}');
    assert.equal(byLabel.get('argument-hint')!.insertTextFormat, 2);
    assert.match(byLabel.get('when_to_use')!.documentation!.value, /^\*\*Claude Code\*\*: Extra trigger phrases/);
  });

  test('completion: a typed prefix is replaced', async () => {
    await edit(r(3, 0, 3, 0), 'eff');
    const items = await complete(3, 3);
    assert.deepEqual(items.find((i) => i.label === 'effort')!.textEdit.range, r(3, 0, 3, 3));
    await edit(r(3, 0, 3, 3), '');
  });

  test('completion: enum values, booleans, the folder name, tool names', async () => {
    await edit(r(3, 0, 3, 0), 'effort: ');
    assert.deepEqual((await complete(3, 8)).map((i) => [i.label, i.detail]), [['low', 'claude-code'], ['medium', 'claude-code'], ['high', 'claude-code'], ['xhigh', 'claude-code'], ['max', 'claude-code']]);
    await edit(r(3, 0, 3, 8), 'background: t');
    const bools = await complete(3, 13);
    assert.deepEqual(bools.map((i) => i.label), ['true', 'false']);
    assert.deepEqual(bools[0].textEdit.range, r(3, 12, 3, 13));
    await edit(r(3, 0, 3, 13), 'name: ');
    assert.deepEqual((await complete(3, 6)).map((i) => [i.label, i.detail, i.textEdit]), [['my-skill', 'the folder name', { range: r(3, 6, 3, 6), newText: 'my-skill' }]]);
    await edit(r(3, 0, 3, 6), 'allowed-tools: Read Gr');
    const tools = await complete(3, 22);
    assert.equal(tools.some((i) => i.label === 'Read'), false, 'tools already listed are left out');
    assert.deepEqual(tools.find((i) => i.label === 'Grep')!.textEdit, { range: r(3, 20, 3, 22), newText: 'Grep' });
    assert.equal(tools.find((i) => i.label === 'Bash(…:*)')!.textEdit.newText, 'Bash(${1:git}:*)');
    await edit(r(3, 0, 3, 22), '');
  });

  test('completion right after the colon puts a space before the value; a trailing comment stays', async () => {
    // `:` triggers completion: `effort:low` would be a YAML error.
    await edit(r(3, 0, 3, 0), 'effort:');
    assert.deepEqual((await complete(3, 7)).find((i) => i.label === 'low')!.textEdit, { range: r(3, 7, 3, 7), newText: ' low' });
    await edit(r(3, 0, 3, 7), 'allowed-tools:');
    assert.deepEqual((await complete(3, 14)).find((i) => i.label === 'Grep')!.textEdit, { range: r(3, 14, 3, 14), newText: ' Grep' });
    await edit(r(3, 0, 3, 14), 'effort: high # keep');
    assert.deepEqual((await complete(3, 8)).find((i) => i.label === 'low')!.textEdit, { range: r(3, 8, 3, 12), newText: 'low' });
    await edit(r(3, 0, 3, 19), "effort: 'a # b' # keep");
    assert.deepEqual((await complete(3, 8)).find((i) => i.label === 'low')!.textEdit, { range: r(3, 8, 3, 15), newText: 'low' });
    await edit(r(3, 0, 3, 23), '');
  });

  test('completion: nothing in the body', async () => {
    assert.deepEqual(await complete(9, 2), []);
  });

  test('hover: length against the limit, tokens, per-target docs and source', async () => {
    const h = await c.request<{ contents: { kind: string; value: string }; range: Diag['range'] }>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 3 } });
    assert.equal(h.contents.kind, 'markdown');
    assert.deepEqual(h.range, r(2, 0, 2, 11));
    const lines = h.contents.value.split('\n\n');
    assert.equal(lines[0], '### `description`');
    assert.equal(lines[1], '`description` 54 chars, 13 tokens; Claude Code listing 54/1536 chars *(tokens: o200k_base)*');
    assert.match(lines[2], /^\*\*Claude Code\*\*: /);
    assert.equal(lines[3], '*string; listing shows `description` + `when_to_use` up to 1536 characters; if invalid the value is ignored* — [source](https://code.claude.com/docs/en/skills#frontmatter-reference)');
    // A limit: the open specification caps description at 1024.
    const spec = uriOf(join(root, 'spec/bad/SKILL.md'));
    await c.open(join(root, 'spec/bad/SKILL.md'), '---\nname: bad\ndescription: Bad. Use when testing.\nfoo: 1\n---\n');
    const h2 = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: spec }, position: { line: 2, character: 15 } });
    assert.equal(h2.contents.value.split('\n\n')[1], '`description` 22/1024 chars, 6 tokens *(tokens: o200k_base)*');
    const h3 = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: spec }, position: { line: 3, character: 1 } });
    assert.equal(h3.contents.value, '### `foo`\n\n**Agent Skills specification (skills-ref)**: not a field it reads (rejected: the skill does not load) — [source](https://github.com/agentskills/agentskills/blob/main/skills-ref/src/skills_ref/validator.py)');
    assert.equal(await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 9, character: 1 } }), null);
  });

  test('code actions: quick fixes, suppressions and fix all', async () => {
    const spec = uriOf(join(root, 'spec/bad/SKILL.md'));
    const d = await c.diagnosticsFor(spec, (p) => p.version === 1);
    const unknown = d.find((x) => x.code === 'unknown-field')!;
    const actions = await c.request<{ title: string; kind: string; edit: unknown; isPreferred?: boolean }[]>('textDocument/codeAction', {
      textDocument: { uri: spec }, range: unknown.range, context: { diagnostics: [unknown] },
    });
    assert.deepEqual(actions.map((a) => [a.title, a.kind]), [
      ['Remove `foo`', 'quickfix'],
      ['Suppress `unknown-field` on this line', 'quickfix'],
      ['Suppress `unknown-field` in this file', 'quickfix'],
    ]);
    assert.deepEqual(actions[0].edit, { documentChanges: [{ textDocument: { uri: spec, version: 1 }, edits: [{ range: r(3, 0, 4, 0), newText: '' }] }] });
    assert.deepEqual(actions[1].edit, { changes: { [spec]: [{ range: r(3, 0, 3, 0), newText: '# skillmd-disable-next-line unknown-field\n' }] } });
    assert.deepEqual(actions[2].edit, { changes: { [spec]: [{ range: r(1, 0, 1, 0), newText: '# skillmd-disable unknown-field\n' }] } });
  });

  test('code actions: a folder rename becomes a RenameFile operation; fix all takes preferred fixes', async () => {
    const mis = join(root, 'spec/bad/SKILL.md');
    const text = '---\nname: good-name\ndescription: Bad. Use when testing.\ncontext: forkd\n---\n';
    const u = uriOf(mis);
    const v = await c.change(u, [{ range: r(0, 0, 5, 0), text }]);
    const d = await c.diagnosticsFor(u, (p) => p.version === v);
    assert.deepEqual(d.map((x) => x.code), ['name-folder-mismatch', 'unknown-field']);
    const actions = await c.request<{ title: string; kind: string; edit: unknown; isPreferred?: boolean }[]>('textDocument/codeAction', {
      textDocument: { uri: u }, range: d[0].range, context: { diagnostics: [d[0]] },
    });
    assert.deepEqual(actions.slice(0, 2).map((a) => [a.title, a.isPreferred]), [['Change name to `bad`', true], ['Rename the folder to `good-name`', undefined]]);
    assert.deepEqual(actions[1].edit, { documentChanges: [{ kind: 'rename', oldUri: uriOf(join(root, 'spec/bad')), newUri: uriOf(join(root, 'spec/good-name')), options: { overwrite: false, ignoreIfExists: false } }] });
    const all = await c.request<{ title: string; kind: string; edit: unknown }[]>('textDocument/codeAction', {
      textDocument: { uri: u }, range: r(0, 0, 0, 0), context: { diagnostics: [], only: ['source.fixAll'] },
    });
    assert.deepEqual(all, [{
      title: 'Fix all skillmd problems in this file',
      kind: 'source.fixAll.skillmd',
      edit: { documentChanges: [{ textDocument: { uri: u, version: v }, edits: [{ range: r(1, 6, 1, 15), newText: 'bad' }] }] },
    }]);
  });

  test('rename: prepare on `name`, then one edit for name, references and folder', async () => {
    assert.deepEqual(await c.request('textDocument/prepareRename', { textDocument: { uri }, position: { line: 1, character: 8 } }), { range: r(1, 6, 1, 14), placeholder: 'my-skill' });
    assert.equal(await c.request('textDocument/prepareRename', { textDocument: { uri }, position: { line: 2, character: 3 } }), null);
    const we = await c.request('textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 8 }, newName: 'fmt' });
    assert.deepEqual(we, {
      documentChanges: [
        { textDocument: { uri, version: c.versionOf(uri) }, edits: [{ range: r(1, 6, 1, 14), newText: 'fmt' }] },
        { textDocument: { uri: uriOf(join(root, 'other/SKILL.md')), version: null }, edits: [{ range: r(4, 5, 4, 13), newText: 'fmt' }, { range: r(4, 26, 4, 34), newText: 'fmt' }] },
        { kind: 'rename', oldUri: uriOf(join(root, '.claude/skills/my-skill')), newUri: uriOf(join(root, '.claude/skills/fmt')), options: { overwrite: false, ignoreIfExists: false } },
      ],
    });
    await assert.rejects(c.request('textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 8 }, newName: 'a/b' }), /cannot be a skill name/);
  });

  test('code actions for a diagnostic of an older version: no quick fix or suppression (their edits have the old positions)', async () => {
    const f = join(root, 'spec/stale/SKILL.md');
    const u = await c.open(f, '---\nname: My😀Skill\ndescription: Stale. Use when testing.\n---\n');
    const [d] = (await c.diagnosticsFor(u, (p) => p.version === 1)).filter((x) => x.code === 'name-format');
    assert.deepEqual(d.range, r(1, 6, 1, 15));
    const ask = () => c.request<{ title: string; edit?: unknown }[]>('textDocument/codeAction', { textDocument: { uri: u }, range: d.range, context: { diagnostics: [d] } });
    assert.ok((await ask()).some((a) => a.title === 'Change name to `stale`'), 'offered for the version it was computed for');
    // A line above it: the diagnostic the client still shows is version 1's.
    await c.change(u, [{ range: r(1, 0, 1, 0), text: 'license: MIT\n' }]);
    // Only "fix all", computed now: version 2, the name on line 2.
    const after = await ask();
    assert.deepEqual(after.map((a) => a.title), ['Fix all skillmd problems in this file']);
    assert.deepEqual(after[0].edit, { documentChanges: [{ textDocument: { uri: u, version: 2 }, edits: [{ range: r(2, 6, 2, 15), newText: 'stale' }] }] });
    await c.close(u);
  });

  test('over the full-check size, requests past the parsed frontmatter get no answer (not one computed from the head)', async () => {
    const big = 'x'.repeat(1.1 * 2 ** 20);
    const u = await c.open(join(root, 'spec/huge/SKILL.md'), '# Title 😀\n' + big + '\n');
    assert.deepEqual(await c.request('textDocument/completion', { textDocument: { uri: u }, position: { line: 0, character: 9 } }), []);
    assert.equal(await c.request('textDocument/hover', { textDocument: { uri: u }, position: { line: 0, character: 3 } }), null);
    await c.close(u);
    // With frontmatter, the head is the frontmatter: completion there still answers.
    const v = await c.open(join(root, 'spec/huge2/SKILL.md'), '---\nname: huge2\ndescription: Huge. Use when testing.\n\n---\n' + big + '\n');
    const items = await c.request<{ label: string }[]>('textDocument/completion', { textDocument: { uri: v }, position: { line: 3, character: 0 } });
    assert.ok(items.some((i) => i.label === 'license'), JSON.stringify(items.map((i) => i.label)));
    assert.deepEqual(await c.request('textDocument/completion', { textDocument: { uri: v }, position: { line: 5, character: 3 } }), []);
    await c.close(v);
  });

  test('a BOM the editor hides is still reported for an open file, and goes away when the file is saved without it', async () => {
    const f = join(root, 'skills/bommed/SKILL.md');
    const text = '---\nname: bommed\ndescription: Has a BOM. Use when testing.\n---\nbody\n';
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, '\ufeff' + text);
    // As VS Code sends it: the text without the BOM.
    const u = await c.open(f, text);
    const codes = (ds: Diag[]) => ds.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`);
    assert.deepEqual(codes(await c.diagnosticsFor(u, (p) => p.version === 1)), ['frontmatter-bom@0:0']);
    writeFileSync(f, text);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: u, type: 2 }] });
    assert.deepEqual(codes(await c.diagnosticsFor(u, (p) => p.diagnostics.length === 0)), []);
    await c.close(u);
  });

  test('rename on a block-scalar name (`>-`, CRLF) replaces the value and keeps the line break before `---`', async () => {
    const f = join(root, 'spec/block/SKILL.md');
    const u = await c.open(f, '---\r\ndescription: Block. Use when testing.\r\nname: >-\r\n  block\r\n---\r\nbody\r\n');
    assert.deepEqual(await c.request('textDocument/prepareRename', { textDocument: { uri: u }, position: { line: 3, character: 3 } }), { range: r(2, 6, 3, 7), placeholder: 'block' });
    const we = await c.request<{ documentChanges: { edits?: { range: Diag['range']; newText: string }[] }[] }>('textDocument/rename', { textDocument: { uri: u }, position: { line: 3, character: 3 }, newName: 'blocky' });
    assert.deepEqual(we.documentChanges[0].edits, [{ range: r(2, 6, 3, 7), newText: 'blocky' }]);
    await c.close(u);
  });

  test('document symbols: frontmatter keys and heading tree', async () => {
    const s = await c.request<{ name: string; kind: number; range: Diag['range']; children?: unknown[] }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const shape = (list: { name: string; kind: number; range: Diag['range']; children?: unknown[] }[]): unknown[] =>
      list.map((x) => [x.name, x.kind, x.range.start.line, x.range.end.line, ...(x.children?.length ? [shape(x.children as typeof list)] : [])]);
    assert.deepEqual(shape(s), [
      ['frontmatter', 2, 0, 6, [['name', 7, 1, 1], ['description', 7, 2, 2], ['metadata', 19, 4, 5, [['author', 7, 5, 5]]]]],
      ['Title', 15, 7, 18, [['Usage', 15, 11, 15], ['Notes', 15, 17, 18]]],
    ]);
  });

  test('folding: frontmatter, multi-line entries, sections, fences', async () => {
    assert.deepEqual(await c.request('textDocument/foldingRange', { textDocument: { uri } }), [
      { startLine: 0, endLine: 6, kind: 'region' },
      { startLine: 4, endLine: 5 },
      { startLine: 7, endLine: 18 },
      { startLine: 11, endLine: 15 },
      { startLine: 13, endLine: 15 },
      { startLine: 17, endLine: 18 },
    ]);
  });
});

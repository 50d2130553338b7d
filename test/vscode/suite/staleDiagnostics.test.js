'use strict';
// Issue 18 item 2: after a skill folder is renamed the Problems panel kept the old
// path's errors until a restart. A folder renamed through the workspace API (as F2 on
// `name` and "Rename the folder" do), with its SKILL.md closed and open, and one moved
// from outside VS Code (`mv`): the old URI must have no diagnostics, the new one its own.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, openFile, waitFor, workspaceRoot } = require('./helpers');

// Each its own description: skills that share one are reported (duplicate-description).
const skill = (name) => `---\nname: ${name}\ndescription: A skill to rename (${name}). Use when testing renames.\n---\n# ${name}\n`;
const codes = (uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'skillmd').map((d) => d.code && typeof d.code === 'object' ? d.code.value : d.code);

suite('stale diagnostics', () => {
  let base;
  before(async () => {
    await activeExtension();
    base = path.join(workspaceRoot(), 'skills');
  });

  /** A skill folder whose name differs from its folder (name-folder-mismatch), shown in the Problems panel. */
  async function makeSkill(folder, name) {
    const file = path.join(base, folder, 'SKILL.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, skill(name));
    const uri = vscode.Uri.file(file);
    await waitFor(() => codes(uri).includes('name-folder-mismatch'), { timeout: 30_000, what: `name-folder-mismatch on ${file}` });
    return uri;
  }

  async function expectMoved(oldUri, newUri) {
    await waitFor(() => codes(oldUri).length === 0, { timeout: 20_000, what: `no diagnostics left on ${oldUri.fsPath} (has ${JSON.stringify(codes(oldUri))})` });
    await waitFor(() => codes(newUri).includes('name-folder-mismatch'), { timeout: 20_000, what: `the new path's own diagnostics on ${newUri.fsPath}` });
    assert.deepEqual(codes(oldUri), []);
    assert.deepEqual(codes(newUri), ['name-folder-mismatch']);
  }

  test('a skill folder renamed with the workspace API: the old URI has no diagnostics', async () => {
    const oldUri = await makeSkill('stale-a', 'stale-a-name');
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(vscode.Uri.file(path.join(base, 'stale-a')), vscode.Uri.file(path.join(base, 'stale-a2')));
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    await expectMoved(oldUri, vscode.Uri.file(path.join(base, 'stale-a2', 'SKILL.md')));
  }, 60_000);

  test('the same with the SKILL.md open in an editor', async () => {
    const oldUri = await makeSkill('stale-b', 'stale-b-name');
    await openFile(oldUri);
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(vscode.Uri.file(path.join(base, 'stale-b')), vscode.Uri.file(path.join(base, 'stale-b2')));
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    await expectMoved(oldUri, vscode.Uri.file(path.join(base, 'stale-b2', 'SKILL.md')));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }, 60_000);

  test('F2 on `name` (the rename provider renames the folder too): nothing left on the old path', async () => {
    const file = path.join(base, 'stale-d', 'SKILL.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, skill('stale-d') + 'Read [the missing guide](missing.md).\n');
    const oldUri = vscode.Uri.file(file);
    await waitFor(() => codes(oldUri).includes('reference-missing'), { timeout: 30_000, what: 'reference-missing on the skill' });
    await openFile(oldUri);
    // What F2 does, through the extension's command (executeDocumentRenameProvider
    // reorders the file operations ahead of the text edits: see client/src/renameSkill.ts).
    const result = await vscode.commands.executeCommand('skillmd.renameSkill', oldUri, 'stale-d2');
    assert.deepEqual(result, { applied: true, newName: 'stale-d2' });
    const newUri = vscode.Uri.file(path.join(base, 'stale-d2', 'SKILL.md'));
    await waitFor(() => codes(oldUri).length === 0, { timeout: 20_000, what: `no diagnostics left on ${oldUri.fsPath} (has ${JSON.stringify(codes(oldUri))})` });
    await waitFor(() => codes(newUri).includes('reference-missing'), { timeout: 20_000, what: 'the new path\'s own diagnostics' });
    // Settled: still nothing on the old path, and the new one has only its own problem.
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(codes(oldUri), []);
    assert.deepEqual(codes(newUri), ['reference-missing']);
    await vscode.commands.executeCommand('workbench.action.files.saveAll');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Later suites (the screenshots) use the examples as they are: put it back on disk.
    fs.renameSync(path.dirname(newUri.fsPath), path.dirname(oldUri.fsPath));
    fs.writeFileSync(oldUri.fsPath, fs.readFileSync(oldUri.fsPath, 'utf8').replace(/^name: changelog-author$/m, 'name: changelog-writer'));
    await waitFor(() => codes(newUri).length === 0, { timeout: 20_000, what: 'nothing on the renamed-back path' });
  }, 60_000);

  test('examples: F2 changelog-writer → changelog-author leaves nothing on skills/changelog-writer', async () => {
    const oldUri = vscode.Uri.file(path.join(base, 'changelog-writer', 'SKILL.md'));
    await openFile(oldUri);
    const result = await vscode.commands.executeCommand('skillmd.renameSkill', oldUri, 'changelog-author');
    assert.deepEqual(result, { applied: true, newName: 'changelog-author' });
    const newUri = vscode.Uri.file(path.join(base, 'changelog-author', 'SKILL.md'));
    await waitFor(() => fs.existsSync(newUri.fsPath), { what: 'the renamed folder' });
    await new Promise((r) => setTimeout(r, 2500));
    assert.deepEqual(codes(oldUri), []);
    assert.deepEqual(codes(newUri), []);
    await vscode.commands.executeCommand('workbench.action.files.saveAll');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Later suites (the screenshots) use the examples as they are: put it back on disk.
    fs.renameSync(path.dirname(newUri.fsPath), path.dirname(oldUri.fsPath));
    fs.writeFileSync(oldUri.fsPath, fs.readFileSync(oldUri.fsPath, 'utf8').replace(/^name: changelog-author$/m, 'name: changelog-writer'));
    await waitFor(() => codes(newUri).length === 0, { timeout: 20_000, what: 'nothing on the renamed-back path' });
  }, 60_000);

  test('examples: Data_Cleaner\'s one fix for name and folder leaves nothing on the old path', async () => {
    const oldUri = vscode.Uri.file(path.join(base, 'Data_Cleaner', 'SKILL.md'));
    const editor = await openFile(oldUri);
    const format = await waitFor(() => vscode.languages.getDiagnostics(oldUri).find((d) => (d.code?.value ?? d.code) === 'name-format'), { timeout: 30_000, what: 'name-format on Data_Cleaner' });
    // The document's own check may still be on its way right after it opened: ask until it answers.
    const actions = await waitFor(async () => {
      const list = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', editor.document.uri, format.range, vscode.CodeActionKind.QuickFix.value);
      return list?.length ? list : undefined;
    }, { timeout: 20_000, what: 'quick fixes for name-format' });
    assert.equal(actions[0]?.title, 'Change name to `data-cleaner` and rename the folder to match', JSON.stringify(actions.map((a) => a.title)));
    // Applied as the light bulb applies it (executeCodeActionProvider's copy of the edit
    // puts the folder rename ahead of the text edit, out of the server's order).
    editor.selection = new vscode.Selection(format.range.start, format.range.start);
    await vscode.commands.executeCommand('editor.action.codeAction', { kind: vscode.CodeActionKind.QuickFix.value, apply: 'first' });
    const newUri = vscode.Uri.file(path.join(base, 'data-cleaner', 'SKILL.md'));
    await waitFor(() => fs.existsSync(newUri.fsPath), { what: 'the renamed folder' });
    await vscode.commands.executeCommand('workbench.action.files.saveAll');
    await waitFor(() => codes(oldUri).length === 0, { timeout: 20_000, what: `no diagnostics left on ${oldUri.fsPath} (has ${JSON.stringify(codes(oldUri))})` });
    await new Promise((r) => setTimeout(r, 2000));
    assert.deepEqual(codes(oldUri), []);
    // Name and folder agree: no name-format, no name-folder-mismatch on the new path.
    assert.deepEqual(codes(newUri).filter((c) => c === 'name-format' || c === 'name-folder-mismatch'), []);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }, 60_000);

  test('completion after `license: ` (space is a trigger character) lists SPDX ids', async () => {
    const file = path.join(base, 'stale-license', 'SKILL.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '---\nname: stale-license\ndescription: Completes licenses. Use when testing completion.\nlicense: \n---\n');
    const editor = await openFile(file);
    const list = await waitFor(async () => {
      const l = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', editor.document.uri, new vscode.Position(3, 9), ' ');
      return l.items.some((i) => (i.label.label ?? i.label) === 'MIT') ? l : undefined;
    }, { timeout: 20_000, what: 'MIT among the completions' });
    const labels = list.items.map((i) => i.label.label ?? i.label);
    assert.deepEqual(labels.slice(0, 3), ['MIT', 'Apache-2.0', 'BSD-3-Clause']);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }, 60_000);

  test('a skill folder moved from outside VS Code (mv)', async () => {
    const oldUri = await makeSkill('stale-c', 'stale-c-name');
    fs.renameSync(path.join(base, 'stale-c'), path.join(base, 'stale-c2'));
    await expectMoved(oldUri, vscode.Uri.file(path.join(base, 'stale-c2', 'SKILL.md')));
  }, 60_000);
});

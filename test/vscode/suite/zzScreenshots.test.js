// Last in the session: the Problems panel after a skill is renamed (F2's rename of
// `name` and its folder), as a screenshot for test/artifacts/ (and the README).
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, workspaceRoot, waitFor, screenshot, diagnosticsFor } = require('./helpers');

suite('screenshots', () => {
  test('the Problems panel after Rename Skill… (changelog-writer → changelog-author)', async () => {
    await activeExtension();
    const oldFile = path.join(workspaceRoot(), 'skills', 'changelog-writer', 'SKILL.md');
    const newFile = path.join(workspaceRoot(), 'skills', 'changelog-author', 'SKILL.md');
    const ed = await vscode.window.showTextDocument(vscode.Uri.file(oldFile));
    await waitFor(async () => {
      const e = await vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', ed.document.uri, new vscode.Position(1, 8), 'changelog-author');
      return e && e.size > 0;
    }, { timeout: 30_000, what: 'the server ready to rename' });
    const r = await vscode.commands.executeCommand('skillmd.renameSkill', vscode.Uri.file(oldFile), 'changelog-author');
    assert.deepEqual(r, { applied: true, newName: 'changelog-author' });
    await waitFor(() => fs.existsSync(newFile) && !fs.existsSync(oldFile), { what: 'the renamed folder' });
    await vscode.workspace.saveAll(false);
    await waitFor(() => /^---\nname: changelog-author\n/.test(fs.readFileSync(newFile, 'utf8')), { what: 'the new name saved' });
    // A problem in the renamed skill, so the panel shows it under its new path.
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(newFile));
    await editor.edit((e) => e.insert(new vscode.Position(2, 0), 'colour: blue\n'));
    await editor.document.save();
    const diags = await diagnosticsFor(editor.document.uri, { min: 1 });
    assert.ok(diags.some((d) => (d.code?.value ?? d.code) === 'unknown-field'), JSON.stringify(diags.map((d) => d.code)));
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await vscode.commands.executeCommand('skillmd.skills.focus');
    await vscode.commands.executeCommand('notifications.clearAll');
    await screenshot('vscode-problems-after-rename.png', 2000);
  }, 60_000);
});

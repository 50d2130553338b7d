// A workspace without skills: opening Markdown activates skillmd (onLanguage:markdown,
// needed for a lone SKILL.md), but its language server starts only once a skill file
// is opened, so ordinary projects pay nothing.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { openFile, activeExtension, waitFor, workspaceRoot, languageServerProcesses, diagnosticsFor } = require('../suite/helpers');

suite('workspace without skills', () => {
  test('opening a Markdown file activates the extension but starts no language server', async () => {
    const editor = await openFile(path.join(workspaceRoot(), 'README.md'));
    assert.equal(editor.document.languageId, 'markdown');
    const ext = await activeExtension();
    // Give a wrongly started server time to show up.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    assert.deepEqual(languageServerProcesses(ext).map((p) => p.cmd), []);
  });

  test('opening a SKILL.md starts the server, which checks it', async () => {
    const dir = path.join(workspaceRoot(), 'skills', 'first-skill');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'SKILL.md');
    fs.writeFileSync(file, '---\nname: first-skill\ndescription: Starts the server. Use when testing lazy start.\nfoo: bar\n---\n\n# First skill\n');
    const editor = await openFile(file);
    const ext = await activeExtension();
    const procs = await waitFor(() => {
      const p = languageServerProcesses(ext);
      return p.length ? p : undefined;
    }, { timeout: 30_000, what: 'the language server after opening a SKILL.md' });
    assert.equal(procs.length, 1);
    const diags = await diagnosticsFor(editor.document.uri, { min: 1 });
    assert.deepEqual(diags.map((d) => `${d.code.value ?? d.code}@${d.range.start.line}`), ['unknown-field@3']);
  });

  test('an empty Skills view sets no message, so VS Code shows its welcome content (Pick Agent)', async () => {
    const api = (await activeExtension()).exports;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const skills = path.join(workspaceRoot(), 'skills');
    if (fs.existsSync(skills)) await vscode.workspace.fs.delete(vscode.Uri.file(skills), { recursive: true });
    await vscode.commands.executeCommand('skillmd.skills.focus');
    await waitFor(async () => (await api.skillsView.getChildren()).length === 0, { what: 'an empty Skills view' });
    assert.equal(api.skillsView.message(), undefined);
  });
});

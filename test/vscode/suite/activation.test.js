// The extension is installed, activates for a workspace with a SKILL.md, and the
// SKILL.md opens with a language id our client serves.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { EXTENSION_ID, findSkills, openFile, activeExtension, waitFor, languageServerProcesses } = require('./helpers');

suite('activation', () => {
  test('skillmd.skillmd is installed', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} not found; installed: ${vscode.extensions.all.map((e) => e.id).filter((id) => !id.startsWith('vscode.')).join(', ')}`);
    assert.equal(ext.packageJSON.name, 'skillmd');
    assert.equal(ext.packageJSON.main, './client/out/extension.js');
  });

  test('activates after opening a SKILL.md of the workspace', async () => {
    const skills = await findSkills();
    assert.ok(skills.length > 0, 'the test workspace has no SKILL.md');
    const editor = await openFile(skills[0]);
    assert.match(editor.document.fileName, /SKILL\.md$/i);
    assert.ok(['markdown', 'skill'].includes(editor.document.languageId), `languageId is ${editor.document.languageId}`);
    const ext = await activeExtension();
    assert.equal(ext.isActive, true);
    // The editor we opened is still the active one (nothing crashed it away).
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.toString() === skills[0].toString(), { what: 'the SKILL.md editor to be active' });
  });

  // `isActive` is true even when activate() threw, so check what activate() should
  // have done: started the language server from the extension's own bundle.
  test('started the skillmd language server', async () => {
    const ext = await activeExtension();
    const procs = await waitFor(() => {
      const p = languageServerProcesses(ext);
      return p.length ? p : undefined;
    }, { timeout: 30_000, what: `a process running ${ext.extensionPath}/server/out/server.js (did activate() fail? see the extension host log)` });
    assert.equal(procs.length, 1, `expected one server, got:\n${procs.map((p) => p.cmd).join('\n')}`);
  });
});

// A language server that cannot start (run.mjs replaces server.js with one that
// exits at once, until `server.ok` exists beside it): the extension still activates
// with every command, says why, and Restart Language Server recovers.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, openFile, diagnosticsFor, fixturesRoot, waitFor, languageServerProcesses } = require('../suite/helpers');

suite('a language server that cannot start', () => {
  let ext;
  let api;
  before(async () => {
    ext = await activeExtension();
    api = await waitFor(() => ext.exports, { what: 'the API activate() returns' });
  });

  test('the extension activates with every command, and knows why the server failed', async () => {
    const status = await waitFor(() => {
      const s = api.serverStatus();
      return s.error ? s : undefined;
    }, { timeout: 30_000, what: 'the failed start' });
    assert.equal(status.state, 'stopped');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = ext.packageJSON.contributes.commands.map((c) => c.command).filter((c) => !registered.has(c));
    assert.deepEqual(missing, []);
    assert.deepEqual(languageServerProcesses(ext).map((p) => p.cmd), []);
  });

  test('the Skills view says the server is not running and how to restart it', async () => {
    await vscode.commands.executeCommand('skillmd.skills.focus');
    assert.deepEqual(await api.skillsView.getChildren(), []);
    assert.match(api.skillsView.message() ?? '', /^Could not read the skills: the skillmd language server is not running \(.+\); run "Skillmd: Restart Language Server"$/);
    // Commands answer with an error message, not an exception.
    assert.equal(await vscode.commands.executeCommand('skillmd.showIndexStatus'), undefined);
  });

  test('Restart Language Server starts a new client once the server can start; the view refreshes itself', async () => {
    fs.writeFileSync(path.join(ext.extensionPath, 'server', 'out', 'server.ok'), '');
    assert.equal(await vscode.commands.executeCommand('skillmd.restartServer'), true);
    assert.deepEqual(api.serverStatus(), { state: 'running' });
    const procs = await waitFor(() => {
      const p = languageServerProcesses(ext);
      return p.length ? p : undefined;
    }, { timeout: 30_000, what: 'the language server after the restart' });
    assert.equal(procs.length, 1);
    // Not asked by the test: the client's state change refreshed the view.
    await waitFor(() => api.skillsView.message() === undefined, { what: 'the view message cleared' });
    const rows = (await api.skillsView.getChildren()).map((n) => api.skillsView.getTreeItem(n).label);
    assert.deepEqual(rows, ['.claude/skills']);
    const status = await vscode.commands.executeCommand('skillmd.showIndexStatus');
    assert.ok(status && typeof status.state === 'string', JSON.stringify(status));
  });

  test('restarting a running server replaces its process, and the new one checks skills', async () => {
    const [before] = languageServerProcesses(ext);
    assert.equal(await vscode.commands.executeCommand('skillmd.restartServer'), true);
    const after = await waitFor(() => {
      const p = languageServerProcesses(ext);
      return p.length === 1 && p[0].pid !== before.pid ? p : undefined;
    }, { timeout: 30_000, what: 'one new server process' });
    assert.equal(after.length, 1);
    const dir = path.join(fixturesRoot(), '.claude', 'skills', 'after-restart');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), '---\nname: after-restart\ndescription: Checked by the restarted server. Use when testing restart.\nfoo: bar\n---\n');
    const editor = await openFile(path.join(dir, 'SKILL.md'));
    const diags = await diagnosticsFor(editor.document.uri, { min: 1 });
    assert.deepEqual(diags.map((d) => `${d.code.value ?? d.code}@${d.range.start.line}`), ['unknown-field@3']);
  });
});

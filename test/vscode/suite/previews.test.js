// Previews in a real VS Code: one tab per kind, reused and updated; natural titles;
// word wrap; the report in the same document below a separator; the claude-code
// index with its listing first; Pick Preview Agent keeps the choice out of the
// project's settings unless asked to save it.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, workspaceRoot, waitFor, workbench, hasWorkbench, screenshot } = require('./helpers');

const previewTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs)
  .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'skillmd-preview')
  .map((t) => t.label);
const settingsFile = () => path.join(workspaceRoot(), '.vscode', 'settings.json');
const readSettings = () => (fs.existsSync(settingsFile()) ? fs.readFileSync(settingsFile(), 'utf8') : '(none)');

suite('previews', () => {
  let api;
  before(async () => {
    api = (await activeExtension()).exports;
    await vscode.workspace.getConfiguration('skillmd').update('previewAgent', 'lovia', vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await vscode.workspace.getConfiguration('skillmd').update('previewAgent', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('one tab per kind, reused by the next preview of that kind, titled in words', async () => {
    await vscode.commands.executeCommand('skillmd.previewIndex');
    await vscode.commands.executeCommand('skillmd.previewLoadSkill', 'pdf-forms');
    const load = await vscode.commands.executeCommand('skillmd.previewLoadSkill', 'release-notes');
    await vscode.commands.executeCommand('skillmd.previewIndex');
    await vscode.commands.executeCommand('skillmd.previewReadSkillFile', 'pdf-forms', 'references/forms.md');
    await vscode.commands.executeCommand('skillmd.previewReadSkillFile', 'pdf-forms', 'scripts/fill_form.py');
    assert.deepEqual(previewTabs().sort(), ['Skill File Preview', 'Skill Index Preview', 'Skill Load Preview']);
    // The reused load tab shows the last skill asked for.
    const doc = await vscode.workspace.openTextDocument(load.uri);
    assert.match(doc.getText(), /^\[skill: release-notes {2}path: /);
    assert.ok(!previewTabs().some((t) => /∕|\.skill-preview/.test(t)));
  });

  test('word wrap is on in previews', async () => {
    const opened = await vscode.commands.executeCommand('skillmd.previewIndex');
    assert.equal(vscode.window.activeTextEditor.document.uri.toString(), opened.uri.toString());
    assert.equal(vscode.workspace.getConfiguration('editor', { languageId: 'skill-preview' }).get('wordWrap'), 'on');
    assert.equal(vscode.window.activeTextEditor.options.wordWrap ?? 'on', 'on');
  });

  test('claude-code index: the skill listing first, the fixed Skill tool text after, the report last', async () => {
    const opened = await vscode.commands.executeCommand('skillmd.previewIndex', { agent: 'claude-code' });
    const doc = await vscode.workspace.openTextDocument(opened.uri);
    const r = opened.result;
    assert.deepEqual(r.parts.map((p) => p.id), ['listing', 'tool-description']);
    const [listing, tool] = r.parts;
    assert.equal(doc.getText(), [
      `━━━━ ${listing.title} · ${listing.tokens} tokens ━━━━`,
      listing.text + (listing.text.endsWith('\n') ? '' : '\n'),
      `━━━━ ${tool.title} · ${tool.tokens} tokens ━━━━`,
      tool.text + (tool.text.endsWith('\n') ? '' : '\n'),
      '━━━━ skillmd report (not sent to the model) ━━━━',
      r.report,
    ].join('\n'));
    assert.deepEqual(opened.parts.map((p) => doc.getText(p.range)), [listing.text, tool.text]);
    assert.match(listing.text, /pdf-forms/);
    // For the README: the Skills view beside the preview.
    await vscode.commands.executeCommand('skillmd.skills.focus');
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await vscode.commands.executeCommand('notifications.clearAll');
    await screenshot('vscode-preview.png', 1500);
  });

  test('Pick Preview Agent keeps the choice in the workspace state: .vscode/settings.json is not written', async () => {
    const before = readSettings();
    assert.equal(await vscode.commands.executeCommand('skillmd.pickAgent', 'codex'), 'codex');
    try {
      assert.equal(readSettings(), before);
      assert.equal(vscode.workspace.getConfiguration('skillmd').get('previewAgent'), 'lovia');
      const cat = await waitFor(async () => {
        const c = await api.catalog();
        return c.agent === 'codex' ? c : undefined;
      }, { what: 'the catalog for the picked agent' });
      assert.equal(cat.agent, 'codex');
      await waitFor(() => api.statusBarText().startsWith('$(hubot) codex'), { what: 'codex in the status bar' });
    } finally {
      await vscode.commands.executeCommand('skillmd.pickAgent', 'lovia');
    }
  });

  test('the pick list offers copilot and opencode; its save button writes the setting', async () => {
    if (hasWorkbench()) {
      const running = vscode.commands.executeCommand('skillmd.pickAgent');
      const rows = await waitFor(async () => {
        const r = (await workbench({ op: 'query', selector: '.quick-input-widget .quick-input-list .monaco-list-row', fields: { label: '.label-name' } })).filter((x) => x.visible).map((x) => x.label);
        return r.length >= 8 ? r : undefined;
      }, { what: 'the agents in the pick list' });
      assert.deepEqual(rows, ['auto', 'lovia', 'agentskills', 'eino', 'codex', 'claude-code', 'copilot', 'opencode']);
      await workbench({ op: 'click', selector: '.quick-input-widget .quick-input-list .monaco-list-row', text: 'eino', inner: '.action-label[aria-label^="Use and save"]' });
      assert.equal(await running, 'eino');
    } else {
      await vscode.commands.executeCommand('skillmd.pickAgent', 'eino', { save: true });
    }
    try {
      await waitFor(() => vscode.workspace.getConfiguration('skillmd').get('previewAgent') === 'eino', { what: 'the saved setting' });
      assert.equal(JSON.parse(readSettings())['skillmd.previewAgent'], 'eino');
    } finally {
      await vscode.workspace.getConfiguration('skillmd').update('previewAgent', 'lovia', vscode.ConfigurationTarget.Workspace);
    }
  });
});

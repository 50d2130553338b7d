// New Skill… in a real VS Code, driven as a user does (keystrokes into the quick
// pick and the input box): the roots offered, the name checked as it is typed with
// the rules of the root's targets, the skeleton created and opened with the
// description selected.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, workspaceRoot, waitFor, workbench, screenshot, hasWorkbench } = require('./helpers');

const QUICK = '.quick-input-widget';

async function quickRows() {
  const rows = await workbench({ op: 'query', selector: `${QUICK} .quick-input-list .monaco-list-row`, fields: { label: '.label-name', description: '.label-description' } });
  return rows.filter((r) => r.visible).map((r) => `${r.label} | ${r.description}`);
}

async function quickMessage() {
  const m = await workbench({ op: 'query', selector: `${QUICK} .quick-input-message` });
  return m.filter((x) => x.visible).map((x) => x.text).join('');
}

suite('new skill', () => {
  let api;
  before(async () => {
    api = (await activeExtension()).exports;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the Skills view offers New Skill… in its title bar and on each root', async () => {
    const pkg = vscode.extensions.getExtension('skillmd.skillmd').packageJSON.contributes;
    assert.deepEqual(pkg.menus['view/title'][0], { command: 'skillmd.newSkill', when: 'view == skillmd.skills', group: 'navigation@0' });
    assert.ok(pkg.menus['view/item/context'].some((m) => m.command === 'skillmd.newSkill' && m.when === 'view == skillmd.skills && viewItem == skillmd.root' && m.group === 'inline'));
    if (!hasWorkbench()) return;
    await vscode.commands.executeCommand('skillmd.skills.focus');
    const titleActions = await waitFor(async () => {
      const a = (await workbench({ op: 'query', selector: '.part.sidebar .title-actions .action-label, .part.sidebar .pane-header .actions .action-label' })).filter((x) => x.visible).map((x) => x.ariaLabel);
      return a.includes('New Skill…') ? a : undefined;
    }, { what: 'New Skill… in the view title' });
    assert.equal(titleActions[0], 'New Skill…');
  });

  test('from the palette: the roots, a name the root\'s targets reject is refused as typed, a good one opens SKILL.md with the description selected', async () => {
    if (!hasWorkbench()) return;
    const running = vscode.commands.executeCommand('skillmd.newSkill');
    const rows = await waitFor(async () => {
      const r = await quickRows();
      return r.length >= 6 ? r : undefined;
    }, { what: 'the roots in the quick pick' });
    assert.deepEqual(rows, [
      '.claude/skills | checked for claude-code',
      '.github/skills | checked for copilot',
      '.agents/skills | checked for agentskills',
      '.codex/skills | checked for codex',
      '.opencode/skills | checked for opencode',
      'skills | checked for agentskills',
    ]);
    // The sixth, `skills` (the open specification), with the keyboard.
    for (let i = 0; i < 5; i++) await workbench({ op: 'press', key: 'ArrowDown' });
    await workbench({ op: 'press', key: 'Enter' });
    await waitFor(async () => /^Name of the skill in skills, also its folder name \(checked for agentskills\)/.test(await quickMessage()), { what: 'the name prompt' });
    await workbench({ op: 'type', text: 'My Skill' });
    const refused = await waitFor(async () => {
      const m = await quickMessage();
      return m.startsWith('Skill name') ? m : undefined;
    }, { what: 'the validation message' });
    assert.equal(refused, 'Skill name `My Skill` must be lowercase and may only contain lowercase letters, digits and hyphens; use `my-skill` (rejected by agentskills).');
    const box = await workbench({ op: 'query', selector: `${QUICK} .monaco-inputbox` });
    assert.ok(box.some((b) => b.visible && /\berror\b/.test(b.className)), box.map((b) => b.className).join(' / '));
    await screenshot('vscode-new-skill.png');
    // Enter on an error does nothing; select all, type a good name, Enter.
    await workbench({ op: 'press', key: 'Enter' });
    await workbench({ op: 'press', key: 'Control+A' });
    await workbench({ op: 'type', text: 'table-formatter' });
    await waitFor(async () => !(await quickMessage()).startsWith('Skill name'), { what: 'the message gone for a good name' });
    await workbench({ op: 'press', key: 'Enter' });
    const created = await running;
    const file = path.join(workspaceRoot(), 'skills', 'table-formatter', 'SKILL.md');
    try {
      assert.deepEqual({ path: created.uri.fsPath, targets: created.targets }, { path: file, targets: ['agentskills'] });
      assert.equal(fs.readFileSync(file, 'utf8'), '---\nname: table-formatter\ndescription: What this skill does. Use when …\n---\n\n# table-formatter\n');
      const editor = vscode.window.activeTextEditor;
      assert.equal(editor.document.uri.fsPath, file);
      assert.equal(editor.document.getText(editor.selection), 'What this skill does. Use when …');
      // Typing replaces the placeholder: the cursor is on the description.
      await workbench({ op: 'type', text: 'Formats tables. Use when the user pastes a table.' });
      await waitFor(() => editor.document.lineAt(2).text === 'description: Formats tables. Use when the user pastes a table.', { what: 'the typed description' });
      await editor.document.save();
      // The new skill is in the view.
      await waitFor(async () => {
        for (const root of await api.skillsView.getChildren()) {
          if (root.kind !== 'root') continue;
          for (const s of await api.skillsView.getChildren(root)) if (s.kind === 'skill' && s.skill.path === file) return true;
        }
        return false;
      }, { what: 'table-formatter in the Skills view' });
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }, 60_000);

  test('from a root of the view with a name: created in that root with the skeleton of its targets', async () => {
    // The view lists the folders its agent reads: Copilot's include .github/skills.
    await vscode.commands.executeCommand('skillmd.pickAgent', 'copilot');
    const root = (await api.skillsView.getChildren()).find((n) => n.kind === 'root' && n.root.path.endsWith(path.join('.github', 'skills')));
    assert.ok(root, 'a .github/skills root in the view');
    const created = await vscode.commands.executeCommand('skillmd.newSkill', root, 'issue-triage');
    const file = path.join(workspaceRoot(), '.github', 'skills', 'issue-triage', 'SKILL.md');
    try {
      assert.deepEqual({ path: created.uri.fsPath, targets: created.targets }, { path: file, targets: ['copilot'] });
      assert.equal(fs.readFileSync(file, 'utf8'), '---\nname: issue-triage\ndescription: What this skill does. Use when …\n---\n\n# issue-triage\n');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      await vscode.commands.executeCommand('skillmd.pickAgent', 'lovia');
    }
  });

  test('an existing folder is refused, nothing is written', async () => {
    const root = path.join(workspaceRoot(), '.claude', 'skills');
    const before = fs.readFileSync(path.join(root, 'pdf-forms', 'SKILL.md'), 'utf8');
    assert.equal(await vscode.commands.executeCommand('skillmd.newSkill', root, 'pdf-forms'), undefined);
    assert.equal(fs.readFileSync(path.join(root, 'pdf-forms', 'SKILL.md'), 'utf8'), before);
  });
});

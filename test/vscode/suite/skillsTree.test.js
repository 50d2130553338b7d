// The Skills view as a user sees and clicks it (rows read from the workbench DOM):
// its own activity bar container, SKILL.md and the skill's files under each skill,
// arrows only where something is under a row, one click expands a skill, and the
// expansion survives refreshes.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, workspaceRoot, waitFor, workbench, screenshot, skillsTreeRows } = require('./helpers');

const ROW = '.part.sidebar [id="workbench.view.extension.skillmd"] .monaco-list-row';

/** The tree rows once `pred(rows)` holds. */
async function rowsWhen(pred, what) {
  let last;
  try {
    return await waitFor(async () => {
      last = await skillsTreeRows();
      return pred(last) ? last : undefined;
    }, { timeout: 20_000, what });
  } catch (e) {
    throw new Error(`${e.message}\nrows:\n${(last ?? []).join('\n')}`);
  }
}

/** A real mouse click on the row whose label is `label`. */
async function clickRow(label) {
  await workbench({ op: 'click', selector: `${ROW} .label-name`, text: label });
}

suite('skills tree (as the user sees it)', () => {
  let api;
  before(async () => {
    api = (await activeExtension()).exports;
    await vscode.workspace.getConfiguration('skillmd').update('previewAgent', 'lovia', vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('skillmd.skills.focus');
  });
  after(async () => {
    await vscode.workspace.getConfiguration('skillmd').update('previewAgent', undefined, vscode.ConfigurationTarget.Workspace);
  });

  test('the view has its own activity bar container, "Agent Skills", with our icon', async () => {
    const items = await workbench({ op: 'query', selector: '.part.activitybar .action-item .action-label' });
    assert.ok(items.some((i) => i.ariaLabel === 'Agent Skills'), items.map((i) => i.ariaLabel).join(', '));
    const ext = vscode.extensions.getExtension('skillmd.skillmd');
    assert.equal(ext.packageJSON.icon, 'images/icon.png');
    // PNG signature, 128×128 (IHDR width and height)
    const png = fs.readFileSync(path.join(ext.extensionPath, 'images', 'icon.png'));
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
    assert.ok(fs.readFileSync(path.join(ext.extensionPath, 'images', 'skills-view.svg'), 'utf8').startsWith('<svg'));
    assert.equal(api.hasSkills(), true);
  });

  test('skills start collapsed; roots and groups expanded; an arrow only where something is under a row', async () => {
    const rows = await rowsWhen((r) => r.some((x) => x.includes('broken-yaml')), 'the example skills');
    assert.deepEqual(rows, [
      '▾ .claude/skills | 1 skill',
      '  ▸ pdf-forms | 71 tokens',
      '▾ .github/skills | 1 skill',
      '  ▸ release-notes | 39 tokens',
      '▾ skills | 3 skills',
      '  ▸ Data_Cleaner | 37 tokens',
      '  ▸ broken-links | 27 tokens',
      '  ▸ changelog-writer | 42 tokens',
      '▾ Skipped (2)',
      "  ▸ commit-helper | invalid: Skill name 'Commit Helper' is invalid: only letters, digits, hyphens, and underscores; no consecutive or leading/trailing separators.  Rename to something like 'my-skill-name' or 'My_Skill'.",
      "  ▸ broken-yaml | invalid: Skill 'broken-yaml' has an empty description.  Provide a description explaining what the skill does and when to use it.",
    ]);
  });

  test('one click on a skill expands it (no editor opens): SKILL.md first, then its folders and files', async () => {
    fs.mkdirSync(path.join(workspaceRoot(), '.claude', 'skills', 'pdf-forms', 'assets'), { recursive: true });
    try {
      await clickRow('pdf-forms');
      const rows = await rowsWhen((r) => r.includes('    · SKILL.md'), 'pdf-forms expanded');
      assert.deepEqual(rows.slice(0, 10), [
        '▾ .claude/skills | 1 skill',
        '  ▾ pdf-forms | 71 tokens',
        '    · SKILL.md',
        '    · assets', // an empty folder: no arrow
        '    ▸ references',
        '    ▸ scripts',
        '▾ .github/skills | 1 skill',
        '  ▸ release-notes | 39 tokens',
        '▾ skills | 3 skills',
        '  ▸ Data_Cleaner | 37 tokens',
      ]);
      assert.equal(vscode.window.activeTextEditor, undefined, 'a click on a skill expands it, it opens nothing');
      await clickRow('scripts');
      const more = await rowsWhen((r) => r.includes('      · list_fields.py'), 'scripts expanded');
      assert.deepEqual(more.slice(4, 8), ['    ▸ references', '    ▾ scripts', '      · fill_form.py', '      · list_fields.py']);
    } finally {
      fs.rmSync(path.join(workspaceRoot(), '.claude', 'skills', 'pdf-forms', 'assets'), { recursive: true, force: true });
    }
  });

  test('a click on SKILL.md opens it; the inline action of a skill opens its SKILL.md too', async () => {
    await clickRow('SKILL.md');
    const pdf = path.join(workspaceRoot(), '.claude', 'skills', 'pdf-forms', 'SKILL.md');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === pdf, { what: 'pdf-forms/SKILL.md in the editor' });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The row's inline actions show on hover: "Open SKILL.md", then the load_skill preview.
    await workbench({ op: 'hover', selector: ROW, text: 'release-notes' });
    const actions = await workbench({ op: 'query', selector: `${ROW}:hover .actions .action-label` });
    assert.deepEqual(actions.map((a) => a.ariaLabel), ['Open SKILL.md', 'Preview load_skill Result']);
    await workbench({ op: 'click', selector: ROW, text: 'release-notes', inner: '.actions .action-label[aria-label="Open SKILL.md"]' });
    const release = path.join(workspaceRoot(), '.github', 'skills', 'release-notes', 'SKILL.md');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === release, { what: 'release-notes/SKILL.md in the editor' });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('expanded rows stay expanded across Refresh Skills and a catalog change', async () => {
    await clickRow('changelog-writer');
    await rowsWhen((r) => r.includes('  ▾ changelog-writer | 42 tokens'), 'changelog-writer expanded');
    await vscode.commands.executeCommand('skillmd.refreshSkills');
    await new Promise((r) => setTimeout(r, 1000));
    let rows = await skillsTreeRows();
    assert.ok(rows.includes('  ▾ changelog-writer | 42 tokens') && rows.includes('  ▾ pdf-forms | 71 tokens') && rows.includes('    ▾ scripts'), rows.join('\n'));
    // A new skill on disk: the server's catalogChanged refreshes the whole tree.
    const dir = path.join(workspaceRoot(), 'skills', 'zz-tree-new');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), '---\nname: zz-tree-new\ndescription: Added to refresh the tree. Use when testing expansion.\n---\n');
    try {
      rows = await rowsWhen((r) => r.some((x) => x.includes('zz-tree-new')), 'zz-tree-new in the tree');
      assert.ok(rows.includes('  ▾ changelog-writer | 42 tokens') && rows.includes('  ▾ pdf-forms | 71 tokens') && rows.includes('    ▾ scripts'), rows.join('\n'));
      assert.ok(rows.includes('▾ skills | 4 skills'), rows.join('\n'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await rowsWhen((r) => !r.some((x) => x.includes('zz-tree-new')), 'zz-tree-new gone');
    // The API answers the same state the view shows.
    const skillsRoot = (await api.skillsView.getChildren()).find((n) => n.kind === 'root' && n.root.path.endsWith(`${path.sep}skills`) && !n.root.path.includes('.'));
    const changelog = (await api.skillsView.getChildren(skillsRoot)).find((n) => n.skill.name === 'changelog-writer');
    assert.equal(api.skillsView.getTreeItem(changelog).collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    assert.equal(api.skillsView.getTreeItem(changelog).id, `skill:${changelog.skill.root}:${changelog.skill.path}`);
  });

  test('screenshot: the Skills view expanded', async () => {
    await clickRow('Data_Cleaner');
    await rowsWhen((r) => r.includes('  ▾ Data_Cleaner | 37 tokens'), 'Data_Cleaner expanded');
    await screenshot('vscode-skills-tree.png');
  });
});

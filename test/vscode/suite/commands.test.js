// The commands where a user meets them: Find File References in Skills only on files
// inside a skill (the Explorer's context menu, read from the workbench), one
// category name in the palette and in Settings, and Show Workspace Index Status
// counting every skill, also one created after the index.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, workspaceRoot, waitFor, workbench, hasWorkbench, findSkills } = require('./helpers');

const EXPLORER_ROW = '.part.sidebar .explorer-folders-view .monaco-list-row';

/** The labels of the Explorer's context menu on the row `label`, then the menu closed. */
async function explorerMenu(label) {
  await workbench({ op: 'click', selector: EXPLORER_ROW, text: label, button: 'right' });
  const items = await waitFor(async () => {
    const m = (await workbench({ op: 'query', selector: '.monaco-menu .action-item .action-label' })).filter((x) => x.visible).map((x) => x.ariaLabel ?? x.text);
    return m.length ? m : undefined;
  }, { what: 'the context menu' });
  await workbench({ op: 'press', key: 'Escape' });
  return items;
}

suite('commands', () => {
  let api;
  before(async () => {
    api = (await activeExtension()).exports;
  });

  test('skillmd.skillFolders lists the folders inside skills (not the workspace around them)', async () => {
    const root = workspaceRoot();
    const folders = await waitFor(() => (api.skillFolders().length ? api.skillFolders() : undefined), { what: 'the skill folders' });
    const rel = folders.map((f) => path.relative(root, f));
    for (const want of ['.claude/skills/pdf-forms', '.claude/skills/pdf-forms/references', '.claude/skills/pdf-forms/scripts', 'skills/broken-links/references']) assert.ok(rel.includes(want), `${want} missing: ${rel.join(', ')}`);
    assert.ok(!rel.includes('') && !rel.includes('skills') && !rel.includes('.claude/skills'), rel.join(', '));
  });

  test('Find File References in Skills is in the Explorer menu of a file inside a skill only', async () => {
    // From the file: VS Code rewrites `when` clauses in packageJSON. No scheme test: in
    // a remote window (code-server) the Explorer's files are vscode-remote: URIs.
    const manifest = JSON.parse(fs.readFileSync(path.join(vscode.extensions.getExtension('skillmd.skillmd').extensionPath, 'package.json'), 'utf8'));
    assert.deepEqual(manifest.contributes.menus['explorer/context'], [{ command: 'skillmd.findFileReferences', when: 'resourceDirname in skillmd.skillFolders || resourcePath in skillmd.skillFolders', group: '4_search@9' }]);
    if (!hasWorkbench()) return;
    await vscode.commands.executeCommand('workbench.view.explorer');
    const forms = vscode.Uri.file(path.join(workspaceRoot(), '.claude', 'skills', 'pdf-forms', 'references', 'forms.md'));
    await vscode.commands.executeCommand('revealInExplorer', forms);
    await waitFor(async () => (await workbench({ op: 'query', selector: EXPLORER_ROW })).some((r) => r.visible && r.text.includes('forms.md')), { what: 'forms.md in the Explorer' });
    assert.ok((await explorerMenu('forms.md')).includes('Find File References in Skills'));
    fs.writeFileSync(path.join(workspaceRoot(), 'NOTES.md'), '# Not in a skill\n');
    try {
      await waitFor(async () => (await workbench({ op: 'query', selector: EXPLORER_ROW })).some((r) => r.visible && r.text.includes('NOTES.md')), { what: 'NOTES.md in the Explorer' });
      const outside = await explorerMenu('NOTES.md');
      assert.ok(outside.length > 3 && !outside.includes('Find File References in Skills'), outside.join(', '));
    } finally {
      fs.rmSync(path.join(workspaceRoot(), 'NOTES.md'), { force: true });
    }
  });

  test('the palette category and the Settings category read the same: Skillmd', async () => {
    const pkg = vscode.extensions.getExtension('skillmd.skillmd').packageJSON.contributes;
    assert.deepEqual([...new Set(pkg.commands.map((c) => c.category))], ['Skillmd']);
    assert.equal(pkg.configuration.title, 'Skillmd');
    if (!hasWorkbench()) return;
    await vscode.commands.executeCommand('workbench.action.openSettings2', { query: '@ext:skillmd.skillmd' });
    try {
      const cats = await waitFor(async () => {
        const c = (await workbench({ op: 'query', selector: '.settings-editor .setting-item-category' })).filter((x) => x.visible).map((x) => x.text);
        return c.length ? c : undefined;
      }, { what: 'the settings of skillmd' });
      assert.ok(cats.every((c) => /^Skillmd( › [A-Z][a-z]+)?: $/.test(c)), cats.join(' | '));
      const toc = (await workbench({ op: 'query', selector: '.settings-toc-container .monaco-list-row' })).filter((x) => x.visible).map((x) => x.text);
      assert.ok(toc.some((t) => /^Skillmd \(\d+\)$/.test(t)), toc.join(' | '));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  test('Show Workspace Index Status counts every skill, one created after the index too', async () => {
    const status = () => vscode.commands.executeCommand('skillmd.showIndexStatus');
    const ready = async (n) => waitFor(async () => {
      const s = await status();
      return s && s.state === 'ready' && s.total === n ? s : undefined;
    }, { timeout: 30_000, what: `index status with ${n} skills` });
    const count = (await findSkills()).length;
    let s = await ready(count);
    assert.deepEqual([s.total, s.done], [count, count]);
    const dir = path.join(workspaceRoot(), 'skills', 'zz-counted');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), '---\nname: zz-counted\ndescription: Counted. Use when testing the index status.\n---\n');
    try {
      s = await ready(count + 1);
      assert.deepEqual([s.total, s.done], [count + 1, count + 1]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    s = await ready(count);
    assert.deepEqual([s.total, s.done], [count, count]);
  });
});

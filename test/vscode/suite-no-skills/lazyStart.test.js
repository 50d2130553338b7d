// A workspace without skills: opening Markdown activates skillmd (onLanguage:markdown,
// needed for a lone SKILL.md), but its language server starts only once a skill file
// is opened, so ordinary projects pay nothing.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { openFile, activeExtension, waitFor, workspaceRoot, languageServerProcesses, diagnosticsFor, workbench, hasWorkbench } = require('../suite/helpers');

/** What the user sees of skillmd: its activity bar entry and its status bar item. */
async function chrome() {
  const activity = (await workbench({ op: 'query', selector: '.part.activitybar .action-item .action-label' })).map((i) => i.ariaLabel);
  const status = await workbench({ op: 'query', selector: '.part.statusbar [id="skillmd.skillmd.skillmd.agent"]' });
  return { container: activity.includes('Agent Skills'), statusItem: status.some((s) => s.visible) };
}

suite('workspace without skills', () => {
  test('opening a Markdown file activates the extension but starts no language server', async () => {
    const editor = await openFile(path.join(workspaceRoot(), 'README.md'));
    assert.equal(editor.document.languageId, 'markdown');
    const ext = await activeExtension();
    // Give a wrongly started server time to show up.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    assert.deepEqual(languageServerProcesses(ext).map((p) => p.cmd), []);
  });

  test('no skill in the workspace: no Skills container in the activity bar, no status bar item', async () => {
    const api = (await activeExtension()).exports;
    assert.equal(api.hasSkills(), false);
    if (hasWorkbench()) assert.deepEqual(await chrome(), { container: false, statusItem: false });
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

  test('with a skill on disk, the Skills container and the status bar item show', async () => {
    const api = (await activeExtension()).exports;
    await waitFor(() => api.hasSkills(), { what: 'hasSkills after the first SKILL.md' });
    if (hasWorkbench()) {
      const seen = await waitFor(async () => {
        const c = await chrome();
        return c.container && c.statusItem ? c : undefined;
      }, { what: 'the Skills container and the status bar item' }).catch(async (e) => {
        const ids = (await workbench({ op: 'query', selector: '.part.statusbar .statusbar-item' })).map((x) => `${x.id}:${x.visible}`);
        throw new Error(`${e.message}: ${JSON.stringify(await chrome())} ${ids.join(' ')}`);
      });
      assert.deepEqual(seen, { container: true, statusItem: true });
    }
  });

  test('a SKILL.md outside every root: the empty view shows its welcome text as plain words and buttons', async () => {
    const api = (await activeExtension()).exports;
    const stray = path.join(workspaceRoot(), 'notes', 'SKILL.md');
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, '---\nname: notes\ndescription: Not in a skills folder. Use when testing the welcome view.\n---\n');
    const skills = path.join(workspaceRoot(), 'skills');
    await vscode.workspace.fs.delete(vscode.Uri.file(skills), { recursive: true });
    try {
      await vscode.commands.executeCommand('skillmd.skills.focus');
      await waitFor(async () => (await api.skillsView.getChildren()).length === 0, { what: 'an empty Skills view' });
      assert.equal(api.hasSkills(), true);
      if (!hasWorkbench()) return;
      const welcome = await waitFor(async () => {
        const w = await workbench({ op: 'query', selector: '.part.sidebar .welcome-view-content' });
        return w.some((x) => x.visible) ? w.filter((x) => x.visible) : undefined;
      }, { what: 'the welcome content' });
      const texts = (await workbench({ op: 'query', selector: '.part.sidebar .welcome-view-content p, .part.sidebar .welcome-view-content .monaco-button' })).filter((x) => x.visible).map((x) => x.text);
      assert.equal(welcome.length, 1);
      assert.deepEqual(texts, [
        'No skills found for this agent. Skills live in .claude/skills, .github/skills, .agents/skills, .codex/skills, .opencode/skills or skills/ (and in the roots of .skillmd.json).',
        'Pick Agent',
        'New Skill…',
      ]);
    } finally {
      fs.rmSync(path.dirname(stray), { recursive: true, force: true });
    }
  });

  test('when the last skill goes, the container and the status bar item go too', async () => {
    const api = (await activeExtension()).exports;
    await waitFor(() => !api.hasSkills(), { what: 'hasSkills false once no SKILL.md is left' });
    if (hasWorkbench()) {
      const seen = await waitFor(async () => {
        const c = await chrome();
        return !c.container && !c.statusItem ? c : undefined;
      }, { what: 'the Skills container and the status bar item gone' });
      assert.deepEqual(seen, { container: false, statusItem: false });
    }
  });

  test('an empty Skills view sets no message, so VS Code shows its welcome content (Pick Agent)', async () => {
    const api = (await activeExtension()).exports;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(await api.skillsView.getChildren(), []);
    assert.equal(api.skillsView.message(), undefined);
  });
});

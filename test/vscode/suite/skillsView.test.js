// The Skills view, the preview commands and the status bar item in a real VS Code:
// the view lists the example skills as lovia finds them, and the index preview is
// byte for byte what `skillmd index --agent lovia` prints for the same workspace.
'use strict';
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, workspaceRoot, waitFor } = require('./helpers');

/** The tree as [label, description] rows, indented by depth (skills not expanded). */
async function treeRows(api) {
  const rows = [];
  const walk = async (node, depth) => {
    for (const child of await api.skillsView.getChildren(node)) {
      const item = api.skillsView.getTreeItem(child);
      const label = typeof item.label === 'string' ? item.label : item.label.label;
      // Problem counts and their icons are the Problems panel's (skillsTree.test.js): not listed here.
      const description = String(item.description ?? '').replace(/ · \d+ (errors?|warnings?)/g, '').replace(/^(\d+ (errors?|warnings?) · )+/, '');
      const icon = child.kind === 'skill' ? 'book' : item.iconPath?.id ?? '';
      rows.push(`${'  '.repeat(depth)}${label} | ${description} | ${icon} | ${item.contextValue}`);
      if (child.kind !== 'skill' && child.kind !== 'excluded') await walk(child, depth + 1);
    }
  };
  await walk(undefined, 0);
  return rows;
}

function cli(args) {
  const ext = vscode.extensions.getExtension('skillmd.skillmd');
  const r = spawnSync(process.execPath, [path.join(ext.extensionPath, 'server', 'out', 'cli.js'), ...args], {
    cwd: workspaceRoot(), encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  assert.equal(r.status, 0, r.stderr);
  return r;
}

suite('skills view and previews', () => {
  let api;
  before(async () => {
    const ext = await activeExtension();
    api = ext.exports;
    assert.ok(api && api.skillsView, 'activate() returns the skills API');
    await vscode.workspace.getConfiguration('skillmd').update('previewAgent', 'lovia', vscode.ConfigurationTarget.Workspace);
  });

  test('the Skills view lists the example skills per root, then the skipped ones with the reason', async () => {
    await vscode.commands.executeCommand('skillmd.skills.focus');
    const rows = await waitFor(async () => {
      const r = await treeRows(api);
      return r.some((x) => x.includes('Data_Cleaner')) ? r : undefined;
    }, { what: 'the example skills in the view' });
    assert.deepEqual(rows, [
      '.claude/skills | 1 skill | root-folder | skillmd.root',
      '  pdf-forms | 71 tokens | book | skillmd.skill',
      '.github/skills | 1 skill | root-folder | skillmd.root',
      '  release-notes | 39 tokens | book | skillmd.skill',
      'skills | 3 skills | root-folder | skillmd.root',
      '  Data_Cleaner | 37 tokens | book | skillmd.skill',
      '  broken-links | 27 tokens | book | skillmd.skill',
      '  changelog-writer | 42 tokens | book | skillmd.skill',
      'Skipped (2) |  | circle-slash | skillmd.group.skipped',
      "  commit-helper | invalid: Skill name 'Commit Helper' is invalid: only letters, digits, hyphens, and underscores; no consecutive or leading/trailing separators.  Rename to something like 'my-skill-name' or 'My_Skill'. | error | skillmd.skill.excluded",
      "  broken-yaml | invalid: Skill 'broken-yaml' has an empty description.  Provide a description explaining what the skill does and when to use it. | error | skillmd.skill.excluded",
    ]);
    // A skill's children are its folder, SKILL.md first (what read_skill_file can read).
    const [, , skillsRoot] = await api.skillsView.getChildren();
    const brokenLinks = (await api.skillsView.getChildren(skillsRoot)).find((n) => n.skill?.name === 'broken-links');
    const top = await api.skillsView.getChildren(brokenLinks);
    assert.deepEqual(top.map((n) => [n.kind, n.relpath]), [['file', 'SKILL.md'], ['folder', 'references']]);
    assert.deepEqual((await api.skillsView.getChildren(top[1])).map((n) => [n.kind, n.relpath]), [['file', 'references/guide.md']]);
    assert.equal(api.skillsView.getTreeItem(top[0]).contextValue, 'skillmd.skillMain');
  });

  test('the catalog names the tokenizer and matches the CLI\'s --json', async () => {
    const cat = await api.catalog('lovia');
    const json = JSON.parse(cli(['index', '--agent', 'lovia', '--json']).stdout);
    assert.deepEqual(cat.skills.map((s) => [s.name, s.path, s.tokens]), json.skills.map((s) => [s.name, s.path, s.tokens]));
    assert.deepEqual(cat.skipped.map((s) => [s.reason, s.path, s.message]), json.skipped.map((s) => [s.reason, s.path, s.message]));
    assert.equal(cat.tokenizer, 'o200k_base');
  });

  test('skillmd.previewIndex opens the exact index text (= `skillmd index --agent lovia`), the report below its separator', async () => {
    const out = cli(['index', '--agent', 'lovia']);
    const opened = await vscode.commands.executeCommand('skillmd.previewIndex');
    assert.ok(opened, 'the command returned the opened preview');
    assert.deepEqual(opened.parts.map((p) => p.id), ['index']);
    const doc = await vscode.workspace.openTextDocument(opened.uri);
    assert.equal(doc.uri.scheme, 'skillmd-preview');
    assert.equal(doc.languageId, 'skill-preview');
    assert.equal(doc.getText(opened.parts[0].range), out.stdout);
    assert.ok(out.stdout.startsWith('## Skills\n- `pdf-forms` — Fill in and flatten PDF forms'), out.stdout.slice(0, 80));
    // One document: the agent text, then the report under a separator (not sent to the model).
    assert.equal(doc.getText(), `${out.stdout}${out.stdout.endsWith('\n') ? '' : '\n'}\n━━━━ skillmd report (not sent to the model) ━━━━\n${out.stderr}`);
    assert.equal(doc.getText(opened.report), out.stderr);
    assert.match(out.stderr, /^total: 325 tokens \(o200k_base\)$/m);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), opened.uri.toString());
  });

  test('the status bar shows the agent and the index tokens', async () => {
    const text = await waitFor(() => (/325 tokens/.test(api.statusBarText()) ? api.statusBarText() : undefined), { what: 'the status bar tokens' });
    assert.equal(text, '$(hubot) lovia · 325 tokens');
  });

  test('load and read previews from a tree node', async () => {
    const [root] = await api.skillsView.getChildren();
    const [pdf] = await api.skillsView.getChildren(root);
    const load = await vscode.commands.executeCommand('skillmd.previewLoadSkill', pdf);
    const loadDoc = await vscode.workspace.openTextDocument(load.uri);
    assert.equal(loadDoc.getText(load.parts[0].range), cli(['load', 'pdf-forms', '--agent', 'lovia']).stdout);
    const references = (await api.skillsView.getChildren(pdf)).find((f) => f.relpath === 'references');
    const files = await api.skillsView.getChildren(references);
    const forms = files.find((f) => f.relpath === 'references/forms.md');
    assert.ok(forms, files.map((f) => f.relpath).join(', '));
    const read = await vscode.commands.executeCommand('skillmd.previewReadSkillFile', forms);
    const readDoc = await vscode.workspace.openTextDocument(read.uri);
    const readText = readDoc.getText(read.parts[0].range);
    assert.equal(readText, cli(['read', 'pdf-forms', 'references/forms.md', '--agent', 'lovia']).stdout);
    assert.match(readText, /^\[skill: pdf-forms {2}file: references\/forms\.md\]\n--- BEGIN SKILL CONTENT \(reference material\) ---\n/);
    // Only lovia has read_skill_file: with another agent picked, lovia still answers.
    await vscode.commands.executeCommand('skillmd.pickAgent', 'codex');
    try {
      const again = await vscode.commands.executeCommand('skillmd.previewReadSkillFile', forms);
      assert.ok(again, 'a preview, not an error');
      assert.equal((await vscode.workspace.openTextDocument(again.uri)).getText(again.parts[0].range), readText);
    } finally {
      await vscode.commands.executeCommand('skillmd.pickAgent', 'lovia');
    }
  });

  test('read_skill_file from another agent\'s tree reads the skill in that folder under lovia\'s name', async () => {
    // Claude Code names this skill after its folder (zz-folder); lovia reads `name` (zz-named).
    const dir = path.join(workspaceRoot(), '.claude', 'skills', 'zz-folder');
    await vscode.workspace.fs.writeFile(vscode.Uri.file(path.join(dir, 'SKILL.md')), Buffer.from('---\nname: zz-named\ndescription: Named apart from its folder. Use when testing previews.\n---\nSee [x](references/x.md).\n'));
    await vscode.workspace.fs.writeFile(vscode.Uri.file(path.join(dir, 'references', 'x.md')), Buffer.from('# X\n'));
    await vscode.commands.executeCommand('skillmd.pickAgent', 'claude-code');
    try {
      const node = await waitFor(async () => {
        for (const root of await api.skillsView.getChildren()) {
          for (const child of await api.skillsView.getChildren(root)) if (child.kind === 'skill' && child.skill.dir === dir) return child;
        }
        return undefined;
      }, { timeout: 20_000, what: 'zz-folder in the claude-code tree' });
      assert.equal(node.skill.name, 'zz-folder');
      const folder = (await api.skillsView.getChildren(node)).find((f) => f.relpath === 'references');
      const file = (await api.skillsView.getChildren(folder)).find((f) => f.relpath === 'references/x.md');
      const read = await vscode.commands.executeCommand('skillmd.previewReadSkillFile', file);
      assert.ok(read, 'a preview, not an error');
      const expected = '[skill: zz-named  file: references/x.md]\n--- BEGIN SKILL CONTENT (reference material) ---\n# X\n\n--- END SKILL CONTENT ---';
      // The reused preview tab's document is re-read by VS Code after the change event.
      const shown = async () => (await vscode.workspace.openTextDocument(read.uri)).getText(read.parts[0].range);
      await waitFor(async () => (await shown()) === expected, { timeout: 10_000, what: 'the read preview updated' }).catch(() => undefined);
      assert.equal(await shown(), expected);
    } finally {
      await vscode.commands.executeCommand('skillmd.pickAgent', 'lovia');
      await vscode.workspace.fs.delete(vscode.Uri.file(dir), { recursive: true });
    }
  });

  test('a new skill on disk shows up in the view and the open index preview', async () => {
    const dir = path.join(workspaceRoot(), 'skills', 'zz-new-skill');
    await vscode.workspace.fs.writeFile(vscode.Uri.file(path.join(dir, 'SKILL.md')), Buffer.from('---\ndescription: Added while the preview is open. Use when testing live updates.\n---\n'));
    try {
      await waitFor(async () => (await treeRows(api)).some((r) => r.includes('zz-new-skill')), { timeout: 20_000, what: 'zz-new-skill in the Skills view' });
      const opened = await vscode.commands.executeCommand('skillmd.previewIndex');
      const doc = await vscode.workspace.openTextDocument(opened.uri);
      assert.match(doc.getText(opened.parts[0].range), /\n- `zz-new-skill` — Added while the preview is open\. Use when testing live updates\.\n/);
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.file(dir), { recursive: true });
    }
    await waitFor(async () => !(await treeRows(api)).some((r) => r.includes('zz-new-skill')), { timeout: 20_000, what: 'zz-new-skill gone from the view' });
  });

  // No static file watcher of the extension: the server's own registration (`**/.skillmd.json`, `**/*`) brings these events.
  test('.skillmd.json written on disk: the root it adds shows in the view, and goes with the file', async () => {
    const config = path.join(workspaceRoot(), '.skillmd.json');
    const more = path.join(workspaceRoot(), 'more-skills');
    assert.ok(!fs.existsSync(config), 'the workspace has no .skillmd.json of its own');
    fs.mkdirSync(path.join(more, 'extra-one'), { recursive: true });
    fs.writeFileSync(path.join(more, 'extra-one', 'SKILL.md'), '---\nname: extra-one\ndescription: Found through a configured root. Use when testing .skillmd.json.\n---\n');
    try {
      fs.writeFileSync(config, JSON.stringify({ roots: ['more-skills'] }));
      await waitFor(async () => (await treeRows(api)).some((r) => r.includes('extra-one')), { what: 'extra-one in the Skills view' });
    } finally {
      fs.rmSync(config, { force: true });
    }
    await waitFor(async () => !(await treeRows(api)).some((r) => r.includes('extra-one')), { what: 'extra-one gone with .skillmd.json' });
    fs.rmSync(more, { recursive: true, force: true });
  });

  test('screenshot setup: the index preview with the Skills view and the Problems panel', async () => {
    await vscode.commands.executeCommand('skillmd.previewIndex');
    await vscode.commands.executeCommand('workbench.files.action.collapseExplorerFolders');
    await vscode.commands.executeCommand('skillmd.skills.focus');
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
  });
});

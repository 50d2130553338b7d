// Editing a SKILL.md in a real VS Code: diagnostics with their codes, a quick fix,
// completion and hover — all answered by the skillmd language server.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, openFile, diagnosticsFor, workspaceRoot, fixturesRoot, waitFor } = require('./helpers');

const BROKEN = '---\nname: broken-yaml\ndescription: Use when: the user asks for a report\n---\n\n# Broken YAML\n\nThe description above needs quotes.\n';

suite('editing', () => {
  let editor;
  before(async () => {
    await activeExtension();
    editor = await openFile(path.join(workspaceRoot(), 'skills', 'broken-yaml', 'SKILL.md'));
  });

  after(async () => {
    // Put the broken file back, in the editor and on disk: VS Code may save files a
    // code action edited (files.refactoring.autoSave), and the Skills view suite
    // compares the workspace with the CLI.
    const doc = editor.document;
    if (doc.getText() !== BROKEN) {
      const all = new vscode.WorkspaceEdit();
      all.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), BROKEN);
      await vscode.workspace.applyEdit(all);
    }
    if (doc.isDirty) await doc.save();
    assert.equal(fs.readFileSync(doc.uri.fsPath, 'utf8'), BROKEN);
  });

  test('broken-yaml/SKILL.md: its diagnostics, with codes, from skillmd', async () => {
    assert.equal(editor.document.getText(), BROKEN);
    const diags = await diagnosticsFor(editor.document.uri, { min: 1 });
    const brief = diags.map((d) => [d.source, typeof d.code === 'object' ? d.code.value : d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]);
    assert.deepEqual(brief, [['skillmd', 'yaml-unquoted-colon', vscode.DiagnosticSeverity.Error, 2, 13, 2, 49]]);
    // The code links to the rule's documentation.
    assert.match(String(diags[0].code.target), /#rule-yaml-unquoted-colon$/);
  });

  test('the quick fix quotes the value', async () => {
    const [diag] = await diagnosticsFor(editor.document.uri, { min: 1 });
    const actions = await waitFor(async () => {
      const a = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', editor.document.uri, diag.range, vscode.CodeActionKind.QuickFix.value);
      return a && a.length ? a : undefined;
    }, { what: 'code actions for yaml-unquoted-colon' });
    const fix = actions.find((a) => a.isPreferred && a.edit);
    assert.ok(fix, `no preferred fix among ${actions.map((a) => a.title).join(' | ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(editor.document.getText(), BROKEN.replace('description: Use when: the user asks for a report', 'description: "Use when: the user asks for a report"'));
    // Fixed: the diagnostics go away.
    await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).length === 0, { what: 'no diagnostics after the fix' });
  });

  test('Rename Skill (what F2 on `name` does): its name, its folder and `/name` in another skill, in one edit', async () => {
    // Outside the agents' skill folders: the Skills view suite compares its list with the examples.
    const root = path.join(workspaceRoot(), 'rename-test');
    const from = path.join(root, 'old-name');
    const caller = path.join(root, 'caller', 'SKILL.md');
    fs.mkdirSync(from, { recursive: true });
    fs.mkdirSync(path.dirname(caller), { recursive: true });
    fs.writeFileSync(path.join(from, 'SKILL.md'), '---\nname: old-name\ndescription: Renamed in a test. Use when testing skill rename.\n---\n\n# Old name\n');
    fs.writeFileSync(caller, '---\nname: caller\ndescription: Calls another skill. Use when testing skill rename.\n---\n\nRun /old-name first.\n');
    const to = path.join(root, 'new-name');
    try {
      const ed = await openFile(path.join(from, 'SKILL.md'));
      // The caller counts once the server has seen it on disk.
      await waitFor(async () => {
        const e = await vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', ed.document.uri, new vscode.Position(1, 8), 'new-name');
        return e && e.entries().some(([u]) => u.fsPath === caller);
      }, { what: 'a rename edit that reaches the caller' });
      const result = await vscode.commands.executeCommand('skillmd.renameSkill', ed.document.uri, 'new-name');
      assert.deepEqual(result, { applied: true, newName: 'new-name' });
      await waitFor(() => fs.existsSync(path.join(to, 'SKILL.md')) && !fs.existsSync(from), { what: 'the folder renamed on disk' });
      const renamed = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === path.join(to, 'SKILL.md'));
      assert.ok(renamed, 'the open editor moved with its folder');
      assert.equal(renamed.getText(), '---\nname: new-name\ndescription: Renamed in a test. Use when testing skill rename.\n---\n\n# Old name\n');
      const callerDoc = await vscode.workspace.openTextDocument(vscode.Uri.file(caller));
      assert.equal(callerDoc.getText(), '---\nname: caller\ndescription: Calls another skill. Use when testing skill rename.\n---\n\nRun /new-name first.\n');
      // The moved skill is clean: nothing left of the old name.
      await waitFor(() => vscode.languages.getDiagnostics(renamed.uri).length === 0, { what: 'no diagnostics on the renamed skill' });
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.saveAll');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('Rename Skill finds `name` as the server parses it: a quoted key in a file with CRLF lines', async () => {
    const root = path.join(workspaceRoot(), 'rename-test');
    const from = path.join(root, 'quoted-key');
    const to = path.join(root, 'quoted-renamed');
    fs.mkdirSync(from, { recursive: true });
    fs.writeFileSync(path.join(from, 'SKILL.md'), '---\r\n"name": quoted-key\r\ndescription: Quoted key. Use when testing skill rename.\r\n---\r\n\r\n# Quoted\r\n');
    try {
      const result = await vscode.commands.executeCommand('skillmd.renameSkill', vscode.Uri.file(path.join(from, 'SKILL.md')), 'quoted-renamed');
      assert.deepEqual(result, { applied: true, newName: 'quoted-renamed' });
      await waitFor(() => fs.existsSync(path.join(to, 'SKILL.md')) && !fs.existsSync(from), { what: 'the folder renamed on disk' });
      const renamed = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(to, 'SKILL.md')));
      assert.equal(renamed.getText(), '---\r\n"name": quoted-renamed\r\ndescription: Quoted key. Use when testing skill rename.\r\n---\r\n\r\n# Quoted\r\n');
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.saveAll');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('Rename Skill on a SKILL.md without `name`, or to the same name, changes nothing', async () => {
    const dir = path.join(fixturesRoot(), 'skills', 'no-name');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'SKILL.md');
    const text = '---\ndescription: Has no name. Use when testing Rename Skill.\n---\n# No name\n';
    fs.writeFileSync(file, text);
    assert.equal(await vscode.commands.executeCommand('skillmd.renameSkill', vscode.Uri.file(file), 'some-name'), undefined);
    const named = path.join(workspaceRoot(), 'skills', 'broken-links', 'SKILL.md');
    assert.equal(await vscode.commands.executeCommand('skillmd.renameSkill', vscode.Uri.file(named), 'broken-links'), undefined);
    assert.equal(fs.readFileSync(file, 'utf8'), text);
    assert.ok(fs.existsSync(named), 'the folder stays');
  });

  test('Rename Skill from a Skills view row renames that row\'s skill, never the active editor\'s', async () => {
    const active = path.join(workspaceRoot(), 'skills', 'broken-links', 'SKILL.md');
    const activeText = fs.readFileSync(active, 'utf8');
    const root = path.join(workspaceRoot(), 'rename-test');
    const from = path.join(root, 'row-skill');
    fs.mkdirSync(from, { recursive: true });
    fs.writeFileSync(path.join(from, 'SKILL.md'), '---\nname: row-skill\ndescription: Shadowed in a test. Use when testing Rename Skill.\n---\n');
    const to = path.join(root, 'row-renamed');
    await openFile(active);
    try {
      // The menu offers Rename on skills and on shadowed/skipped skills, nowhere else.
      const entry = vscode.extensions.getExtension('skillmd.skillmd').packageJSON.contributes.menus['view/item/context'].find((m) => m.command === 'skillmd.renameSkill');
      const re = new RegExp(/viewItem =~ \/(.*)\/$/.exec(entry.when)[1]);
      assert.deepEqual(['skillmd.skill', 'skillmd.skill.excluded', 'skillmd.skillFile', 'skillmd.root', 'skillmd.group.shadowed', 'skillmd.problem'].filter((v) => re.test(v)), ['skillmd.skill', 'skillmd.skill.excluded']);
      // A row without a SKILL.md of its own (a group) renames nothing.
      const group = { kind: 'group', group: 'skipped', result: { agent: 'lovia', skipped: [], shadowed: [], problems: [] } };
      assert.equal(await vscode.commands.executeCommand('skillmd.renameSkill', group, 'not-this-one'), undefined);
      // A shadowed row (as the Skills view passes it): its own file.
      const uri = vscode.Uri.file(path.join(from, 'SKILL.md')).toString();
      const row = { kind: 'excluded', agent: 'lovia', item: { reason: 'shadowed', name: 'row-skill', path: path.join(from, 'SKILL.md'), uri, root, message: 'shadowed', winner: active } };
      assert.deepEqual(await vscode.commands.executeCommand('skillmd.renameSkill', row, 'row-renamed'), { applied: true, newName: 'row-renamed' });
      await waitFor(() => fs.existsSync(path.join(to, 'SKILL.md')) && !fs.existsSync(from), { what: 'the row\'s folder renamed on disk' });
      assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, active);
      assert.equal(vscode.window.activeTextEditor.document.getText(), activeText);
      assert.ok(fs.existsSync(active), 'the active editor\'s skill stays');
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.saveAll');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('completion in the frontmatter offers `license` (agentskills); hover on `description` shows the limit', async () => {
    const dir = path.join(fixturesRoot(), 'skills', 'complete-me');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'SKILL.md');
    fs.writeFileSync(file, '---\nname: complete-me\ndescription: Completes frontmatter keys. Use when testing completion.\n\n---\n\n# Complete me\n');
    const ed = await openFile(file);
    const items = await waitFor(async () => {
      const list = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', ed.document.uri, new vscode.Position(3, 0));
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      return labels.includes('license') ? labels : undefined;
    }, { what: 'a `license` completion' });
    // Keys already present are not offered again.
    assert.ok(!items.includes('name') && !items.includes('description'), items.join(', '));
    const hovers = await waitFor(async () => {
      const h = await vscode.commands.executeCommand('vscode.executeHoverProvider', ed.document.uri, new vscode.Position(2, 3));
      return h && h.length ? h : undefined;
    }, { what: 'a hover on description' });
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /\/1024/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});

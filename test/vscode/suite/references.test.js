// References in a real VS Code: go to a heading, find who uses a script from the
// explorer command, a broken link that heals when the file appears on disk, and
// path completion that does not repeat VS Code's own Markdown suggestions.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, openFile, diagnosticsFor, workspaceRoot, fixturesRoot, waitFor } = require('./helpers');

const PDF = () => path.join(workspaceRoot(), '.claude', 'skills', 'pdf-forms');

suite('references', () => {
  before(async () => {
    await activeExtension();
  });

  test('go to definition on a link with #fragment lands on the heading', async () => {
    const editor = await openFile(path.join(PDF(), 'SKILL.md'));
    const line = editor.document.lineAt(14).text;
    assert.equal(line, '2. Fill them as described in [the forms guide](references/forms.md#filling-fields).');
    const at = new vscode.Position(14, line.indexOf('forms.md') + 2);
    const found = await waitFor(async () => {
      const locs = await vscode.commands.executeCommand('vscode.executeDefinitionProvider', editor.document.uri, at);
      return (locs || []).find((l) => (l.uri || l.targetUri).fsPath === path.join(PDF(), 'references', 'forms.md'));
    }, { what: 'a definition in references/forms.md' });
    const range = found.range || found.targetRange;
    assert.equal(range.start.line, 2, 'the "## Filling fields" heading');
  });

  test('Find File References on a script lists the SKILL.md line that runs it', async () => {
    const script = vscode.Uri.file(path.join(PDF(), 'scripts', 'list_fields.py'));
    const locations = await waitFor(async () => {
      const l = await vscode.commands.executeCommand('skillmd.findFileReferences', script);
      return l && l.length ? l : undefined;
    }, { what: 'references to scripts/list_fields.py' });
    assert.deepEqual(
      locations.map((l) => [path.relative(PDF(), l.uri.fsPath), l.range.start.line, l.range.start.character, l.range.end.character]),
      [['SKILL.md', 13, 29, 51]],
    );
  });

  test('a missing reference is reported, and clears when the file is created on disk', async () => {
    const dir = path.join(workspaceRoot(), 'skills', 'broken-links');
    const editor = await openFile(path.join(dir, 'SKILL.md'));
    const codes = async () => (await diagnosticsFor(editor.document.uri, { min: 1 })).map((d) => `${d.code.value ?? d.code}@${d.range.start.line}`);
    assert.deepEqual(await codes(), ['reference-missing@8', 'reference-fragment-missing@9', 'reference-missing@10']);
    const created = path.join(dir, 'references', 'missing.md');
    fs.writeFileSync(created, '# Missing\n');
    try {
      await waitFor(async () => {
        const now = vscode.languages.getDiagnostics(editor.document.uri).map((d) => `${d.code.value ?? d.code}@${d.range.start.line}`);
        return now.join() === 'reference-fragment-missing@9,reference-missing@10';
      }, { what: 'reference-missing@8 gone after creating references/missing.md' });
      // VS Code batches file events and drops a create and a delete that land in one
      // batch; the clean result above may come from a pull that saw the file before
      // its create event was delivered. Let that event go out on its own first.
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      fs.rmSync(created);
    }
    await waitFor(async () => vscode.languages.getDiagnostics(editor.document.uri).length === 3, { what: 'reference-missing@8 back after deleting the file' });
  });
  test('the Create quick fix makes the missing file with a heading, and never writes into one that appeared since', async () => {
    const dir = path.join(fixturesRoot(), 'skills', 'create-missing');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'SKILL.md');
    fs.writeFileSync(file, '---\nname: create-missing\ndescription: Creates a missing file. Use when testing the Create quick fix.\n---\n\n# Create missing\n\nRead [the notes](references/notes.md).\n');
    const ed = await openFile(file);
    const target = path.join(dir, 'references', 'notes.md');
    const createAction = async () => {
      const [diag] = await diagnosticsFor(ed.document.uri, { min: 1 });
      assert.equal(diag.code.value ?? diag.code, 'reference-missing');
      return waitFor(async () => {
        const actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', ed.document.uri, diag.range, vscode.CodeActionKind.QuickFix.value);
        return (actions || []).find((a) => a.title === 'Create `references/notes.md`' && a.edit);
      }, { what: 'the Create `references/notes.md` fix' });
    };
    // The file appears after the check: applying the stale fix must leave it alone.
    const stale = await createAction();
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, 'my own notes\n');
    await vscode.workspace.applyEdit(stale.edit);
    assert.equal(fs.readFileSync(target, 'utf8'), 'my own notes\n');
    const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === target);
    assert.ok(!open || open.getText() === 'my own notes\n', `the open copy reads ${JSON.stringify(open && open.getText())}`);
    // Gone again: the fix creates it, headed by its name.
    fs.rmSync(target);
    await waitFor(async () => (await diagnosticsFor(ed.document.uri, { min: 1 })).length === 1, { what: 'reference-missing back' });
    assert.ok(await vscode.workspace.applyEdit((await createAction()).edit));
    const created = await vscode.workspace.openTextDocument(vscode.Uri.file(target));
    assert.equal(created.getText(), '# Notes\n');
    await created.save();
    await waitFor(() => vscode.languages.getDiagnostics(ed.document.uri).length === 0, { what: 'no diagnostics once references/notes.md exists' });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('path completion: a link destination lists each file once, a code span gets skillmd\'s list', async () => {
    const dir = path.join(fixturesRoot(), 'skills', 'complete-paths');
    fs.mkdirSync(path.join(dir, 'references'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'references', 'guide.md'), '# Guide\n');
    const file = path.join(dir, 'SKILL.md');
    fs.writeFileSync(file, '---\nname: complete-paths\ndescription: Completes paths. Use when testing path completion.\n---\n\n# Complete paths\n\nSee [the guide](references/\n\nRead `references/\n');
    const ed = await openFile(file);
    const itemsAt = async (line) => {
      const list = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', ed.document.uri, new vscode.Position(line, ed.document.lineAt(line).text.length));
      return list.items.map((i) => ({ label: typeof i.label === 'string' ? i.label : i.label.label, detail: i.detail }));
    };
    // VS Code's Markdown server answers once it has read the workspace: wait for its item.
    const inLink = await waitFor(async () => {
      const items = await itemsAt(7);
      return items.some((i) => i.label === 'guide.md' && /Link to/.test(i.detail ?? '')) ? items : undefined;
    }, { what: "VS Code's own guide.md item in the link" });
    assert.deepEqual(inLink.filter((i) => i.label === 'guide.md'), [{ label: 'guide.md', detail: "Link to 'guide.md'" }]);
    const inCode = await waitFor(async () => {
      const items = await itemsAt(9);
      return items.some((i) => i.label === 'guide.md') ? items : undefined;
    }, { what: 'guide.md offered in the code span' });
    assert.deepEqual(inCode.filter((i) => i.label === 'guide.md'), [{ label: 'guide.md', detail: undefined }]);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});

// skillmd: Which Skill Handles…? in a real VS Code, driven as a user does: the command
// from the palette, a request typed into its input box, the quick pick of candidates
// read off the screen (groups, names, scores, matched keywords, shared words, in order),
// and the picked skill's SKILL.md opened.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { workspaceRoot, waitFor, workbench, screenshot, hasWorkbench } = require('./helpers');

const QUICK = '.quick-input-widget';
const REQUEST = 'clean up the CSV file, then add the release to the changelog';

/** The visible rows of the quick pick: `label | description | detail`, separators as `-- label`. */
async function pickRows() {
  const rows = await workbench({
    op: 'query',
    selector: `${QUICK} .quick-input-list .monaco-list-row`,
    fields: { label: '.quick-input-list-rows .label-name', description: '.quick-input-list-rows .label-description', detail: '.quick-input-list-label-meta .label-name', separator: '.quick-input-list-separator' },
  });
  return rows.filter((r) => r.visible).map((r) => (r.separator && !r.label ? `-- ${r.separator}` : `${r.label} | ${r.description} | ${r.detail}${r.separator ? ` | [${r.separator}]` : ''}`));
}

async function quickTitle() {
  const t = await workbench({ op: 'query', selector: `${QUICK} .quick-input-title` });
  return t.filter((x) => x.visible).map((x) => x.text).join('');
}

suite('which skill handles a request', () => {
  let keywords;
  /** the CSV skill: `Data_Cleaner`, or `data-cleaner` once the suite's quick fix renamed it */
  let csv;
  before(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const folder = ['Data_Cleaner', 'data-cleaner'].find((f) => fs.existsSync(path.join(workspaceRoot(), 'skills', f, 'SKILL.md')));
    const text = fs.readFileSync(path.join(workspaceRoot(), 'skills', folder, 'SKILL.md'), 'utf8');
    csv = { folder, name: /^name: (.+)$/m.exec(text)[1].trim() };
    // The pre-filter: the CSV skill claims `csv` in a skill.yaml beside its SKILL.md.
    keywords = path.join(workspaceRoot(), 'skills', folder, 'skill.yaml');
    fs.writeFileSync(keywords, 'trigger_keywords: [csv]\n');
  });
  after(async () => {
    fs.rmSync(keywords, { force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the command answers with the matched skills first, then the others by similarity', async () => {
    const r = await vscode.commands.executeCommand('skillmd.whichSkill', REQUEST, 'claude-code');
    assert.equal(r.agent, 'claude-code');
    assert.deepEqual(r.candidates.map((c) => [c.name, c.score, c.matched, c.terms]), [[csv.name, 0.488, ['csv'], ['csv', 'file', 'clean']]]);
    assert.deepEqual(r.others.map((c) => [c.name, c.score, c.terms]), [['changelog-writer', 0.384, ['changelog', 'add', 'release']]]);
    assert.ok(r.candidates[0].uri.endsWith(`/skills/${csv.folder}/SKILL.md`), r.candidates[0].uri);
  });

  test('from the palette: the request typed, the candidates shown with score, matches and shared words; Enter opens the first', async () => {
    if (!hasWorkbench()) return;
    const running = vscode.commands.executeCommand('skillmd.whichSkill');
    await waitFor(async () => (await workbench({ op: 'query', selector: `${QUICK} .quick-input-box` })).some((b) => b.visible), { what: 'the request prompt' });
    await workbench({ op: 'type', text: REQUEST });
    await workbench({ op: 'press', key: 'Enter' });
    const rows = await waitFor(async () => {
      const x = await pickRows();
      return x.length >= 2 && x.some((l) => l.startsWith('changelog-writer')) ? x : undefined;
    }, { what: 'the candidates in the quick pick' });
    assert.equal(await quickTitle(), `Skills for "${REQUEST}" (claude-code)`);
    assert.deepEqual(rows, [
      `${csv.name} | 0.488  matched: csv | shared terms: csv, file, clean | [matched by trigger_keywords or tags]`,
      'changelog-writer | 0.384 | shared terms: changelog, add, release | [by similarity]',
    ]);
    await screenshot('vscode-which-skill.png');
    await workbench({ op: 'press', key: 'Enter' });
    const result = await running;
    assert.equal(result.candidates[0].name, csv.name);
    const opened = await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath, { what: 'the picked SKILL.md in an editor' });
    assert.equal(opened, path.join(workspaceRoot(), 'skills', csv.folder, 'SKILL.md'));
  });
});

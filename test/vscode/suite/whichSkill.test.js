// skillmd: Which Skill Handles…? in a real VS Code, driven as a user does: the agent
// picked in the status bar, the command from the palette, a request typed into its
// input box, the quick pick read off the screen (groups, names, scores, matched
// keywords, shared words, in order) and the picked skill's SKILL.md opened. What it
// shows is what `skillmd route` answers for the same workspace (the catalog, and so the
// scores, depends on what the suites before this one added), plus the facts that hold
// whatever they added: the CSV skill alone matches by its trigger keyword.
'use strict';
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, workspaceRoot, waitFor, workbench, screenshot, hasWorkbench, EXTENSION_ID } = require('./helpers');

const QUICK = '.quick-input-widget';
const REQUEST = 'clean up the CSV file, then add the release to the changelog';

/** The visible rows of the quick pick: `label | description | detail`, and the separator shown on a group's first row. */
async function pickRows() {
  const rows = await workbench({
    op: 'query',
    selector: `${QUICK} .quick-input-list .monaco-list-row`,
    fields: { label: '.quick-input-list-rows .label-name', description: '.quick-input-list-rows .label-description', detail: '.quick-input-list-label-meta .label-name', separator: '.quick-input-list-separator' },
  });
  return rows.filter((r) => r.visible).map((r) => `${r.label} | ${r.description} | ${r.detail}${r.separator ? ` | [${r.separator}]` : ''}`);
}

async function quickTitle() {
  const t = await workbench({ op: 'query', selector: `${QUICK} .quick-input-title` });
  return t.filter((x) => x.visible).map((x) => x.text).join('');
}

/** `skillmd route` for the same workspace and agent, as a child process. */
function cliRoute(agent) {
  const cli = path.join(vscode.extensions.getExtension(EXTENSION_ID).extensionPath, 'server', 'out', 'cli.js');
  return JSON.parse(execFileSync(process.execPath, [cli, 'route', REQUEST, '--agent', agent, '--format', 'json'], { cwd: workspaceRoot(), encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } }));
}

/** The rows the quick pick should show for a route answer. */
function expectedRows(r) {
  const row = (c, matched) => `${c.name} | ${c.score.toFixed(3)}${matched ? `  matched: ${c.matched.join(', ')}` : ''} | ${c.terms.length ? `shared terms: ${c.terms.slice(0, 8).join(', ')}` : 'no shared terms'}`;
  return [
    ...r.candidates.map((c, i) => row(c, true) + (i === 0 ? ' | [matched by trigger_keywords or tags]' : '')),
    ...r.others.map((c, i) => row(c, false) + (i === 0 ? ' | [by similarity]' : '')),
  ];
}

suite('which skill handles a request', () => {
  let keywords;
  /** the CSV skill: `Data_Cleaner`, or `data-cleaner` once the suite's quick fix renamed it */
  let csv;
  /** the agent picked before this suite, put back after it */
  let previous;
  before(async () => {
    const api = (await activeExtension()).exports;
    previous = /\$\(hubot\) (\S+)/.exec(api.statusBarText())?.[1];
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
    if (previous) await vscode.commands.executeCommand('skillmd.pickAgent', previous);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the command answers for the agent picked in the status bar, as `skillmd route` does', async () => {
    await vscode.commands.executeCommand('skillmd.pickAgent', 'codex');
    const r = await vscode.commands.executeCommand('skillmd.whichSkill', REQUEST);
    assert.equal(r.agent, 'codex');
    const cli = cliRoute('codex');
    assert.deepEqual({ candidates: r.candidates.map(({ uri, ...c }) => c), others: r.others.map(({ uri, ...c }) => c) }, { candidates: cli.candidates, others: cli.others });
    assert.deepEqual(r.candidates.map((c) => [c.name, c.matched, c.terms]), [[csv.name, ['csv'], ['csv', 'file', 'clean']]]);
    assert.ok(r.candidates[0].uri.endsWith(`/skills/${csv.folder}/SKILL.md`), r.candidates[0].uri);
    assert.ok(r.others.some((c) => c.terms.includes('changelog') && c.terms.includes('release')), JSON.stringify(r.others));
  });

  test('from the palette: the request typed, the candidates shown with score, matches and shared words; Enter opens the first', async () => {
    if (!hasWorkbench()) return;
    await vscode.commands.executeCommand('skillmd.pickAgent', 'claude-code');
    const expected = expectedRows(cliRoute('claude-code'));
    assert.ok(expected[0].startsWith(`${csv.name} | `) && expected.length >= 2, expected.join('\n'));
    const running = vscode.commands.executeCommand('skillmd.whichSkill');
    await waitFor(async () => (await workbench({ op: 'query', selector: `${QUICK} .quick-input-box` })).some((b) => b.visible), { what: 'the request prompt' });
    await workbench({ op: 'type', text: REQUEST });
    await workbench({ op: 'press', key: 'Enter' });
    const rows = await waitFor(async () => {
      const x = await pickRows();
      return x.length >= expected.length && x.some((l) => l.includes('[by similarity]')) ? x : undefined;
    }, { what: 'the candidates in the quick pick' });
    assert.equal(await quickTitle(), `Skills for "${REQUEST}" (claude-code)`);
    assert.deepEqual(rows, expected);
    await screenshot('vscode-which-skill.png');
    await workbench({ op: 'press', key: 'Enter' });
    const result = await running;
    assert.equal(result.candidates[0].name, csv.name);
    const opened = await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath, { what: 'the picked SKILL.md in an editor' });
    assert.equal(opened, path.join(workspaceRoot(), 'skills', csv.folder, 'SKILL.md'));
  });
});

// Shared helpers for the extension-host suites (not a suite itself: no `.test.js`).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');

const EXTENSION_ID = 'skillmd.skillmd';

/** Polls `fn` until it returns a truthy value (returned) or the time is up (throws). */
async function waitFor(fn, { timeout = 20_000, interval = 100, what = 'condition' } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}${last ? `: ${last.message}` : ''}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** The first workspace folder's path (a throwaway copy: tests may write in it). */
function workspaceRoot() {
  const f = vscode.workspace.workspaceFolders?.[0];
  if (!f) throw new Error('no workspace folder is open');
  return f.uri.fsPath;
}

/** A throwaway copy of test/vscode/workspace (always present, whatever the workspace is). */
function fixturesRoot() {
  const p = process.env.SKILLMD_VSCODE_FIXTURES;
  if (!p || !fs.existsSync(p)) throw new Error('SKILLMD_VSCODE_FIXTURES is not set or missing');
  return p;
}

/** All SKILL.md files of the workspace, sorted by path. */
async function findSkills() {
  const uris = await vscode.workspace.findFiles('**/{SKILL,skill}.md', '**/node_modules/**');
  return uris.sort((a, b) => a.fsPath.localeCompare(b.fsPath));
}

/** Opens a file (absolute path or Uri) in an editor and returns the TextEditor. */
async function openFile(file) {
  const uri = typeof file === 'string' ? vscode.Uri.file(path.resolve(file)) : file;
  const doc = await vscode.workspace.openTextDocument(uri);
  // An editor still opening from an earlier command (e.g. the references peek that
  // Find File References shows) supersedes ours: "Could NOT open editor". Try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await vscode.window.showTextDocument(doc, { preview: false });
    } catch (e) {
      if (attempt === 5 || !/Could NOT open editor/.test(e.message)) throw e;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** The skillmd extension, waited for until active. */
async function activeExtension(timeout = 30_000) {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not installed`);
  await waitFor(() => ext.isActive, { timeout, what: `${EXTENSION_ID} to become active` });
  return ext;
}

/** Diagnostics for a uri once at least `min` are there (or after timeout, whatever there is). */
async function diagnosticsFor(uri, { min = 1, timeout = 20_000 } = {}) {
  try {
    return await waitFor(() => {
      const d = vscode.languages.getDiagnostics(uri);
      return d.length >= min ? d : undefined;
    }, { timeout, what: `${min} diagnostic(s) on ${uri.fsPath}` });
  } catch {
    return vscode.languages.getDiagnostics(uri);
  }
}

/**
 * Command lines of running processes that contain `needle` (e.g. the path of our
 * server bundle): proof that the language client really started the server.
 */
function processesMatching(needle) {
  const out = [];
  if (process.platform === 'linux') {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let cmd;
      try {
        cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      } catch {
        continue;
      }
      if (cmd.includes(needle)) out.push({ pid: Number(pid), cmd });
    }
    return out;
  }
  const r = require('node:child_process').spawnSync('ps', ['-axo', 'pid=,command='], { encoding: 'utf8' });
  for (const line of (r.stdout || '').split('\n')) {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (m && m[2].includes(needle)) out.push({ pid: Number(m[1]), cmd: m[2] });
  }
  return out;
}

/** The skillmd language server processes started from this extension's folder. */
function languageServerProcesses(ext) {
  return processesMatching(path.join(ext.extensionPath, 'server', 'out', 'server.js'));
}

let pageRequests = 0;

/** Whether the runner can see the workbench page (code-server + Chromium; not test-electron). */
function hasWorkbench() {
  return !!process.env.SKILLMD_VSCODE_PAGE_DIR;
}

/**
 * Asks run.mjs to act on the workbench page the user sees (the DOM is not reachable
 * from the extension host): `{ op: 'screenshot', name }` into test/artifacts/,
 * `{ op: 'query', selector }` → [{ text, ariaLabel, ariaExpanded, ariaLevel, className, visible }],
 * `{ op: 'click', selector, text?, inner?, count? }` (`inner`: a part of the element,
 * e.g. an inline action of a tree row, hovered first), `{ op: 'hover', … }`, `{ op: 'press', key }`,
 * `{ op: 'type', text }` (keystrokes into whatever has the focus).
 */
async function workbench(request, { timeout = 30_000 } = {}) {
  const dir = process.env.SKILLMD_VSCODE_PAGE_DIR;
  if (!dir) throw new Error('no workbench page: run the suite with test/vscode/run.mjs');
  const id = `${process.pid}-${++pageRequests}`;
  console.log(`[skillmd-page] ${JSON.stringify({ id, ...request })}`);
  const file = path.join(dir, `${id}.json`);
  const answer = await waitFor(() => fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')), { timeout, interval: 50, what: `the page to answer ${JSON.stringify(request)}` });
  if (answer.error) throw new Error(`page ${request.op}: ${answer.error}`);
  return answer.value;
}

/** A screenshot of the workbench into test/artifacts/<name> (a no-op without a page). */
async function screenshot(name, settleMs) {
  if (hasWorkbench()) await workbench({ op: 'screenshot', name, settleMs });
}

/**
 * The rows of the Skills tree as the user sees them, from the DOM:
 * `<indent><▾ expanded | ▸ collapsed | · no arrow> <label> | <description>` (without
 * the problem counts unless `badges`).
 */
async function skillsTreeRows({ badges = false } = {}) {
  const rows = await workbench({
    op: 'query', selector: '.part.sidebar [id="workbench.view.extension.skillmd"] .monaco-list-row',
    fields: { label: '.label-name', description: '.label-description', twistie: '.monaco-tl-twistie@class' },
  });
  return rows.filter((r) => r.visible).map((r) => {
    const t = r.twistie ?? '';
    const state = !t.includes('collapsible') ? '·' : t.includes('collapsed') ? '▸' : '▾';
    // Problem counts follow the Problems panel (its timing too): left out unless asked for.
    const description = badges ? r.description : (r.description ?? '').replace(/ · \d+ (errors?|warnings?)/g, '').replace(/^(\d+ (errors?|warnings?)( · )?)+/, '');
    return `${'  '.repeat(Number(r.ariaLevel) - 1)}${state} ${r.label}${description ? ` | ${description}` : ''}`;
  });
}

module.exports = { hasWorkbench, workbench, screenshot, skillsTreeRows, EXTENSION_ID, waitFor, workspaceRoot, fixturesRoot, findSkills, openFile, activeExtension, diagnosticsFor, processesMatching, languageServerProcesses };

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

module.exports = { EXTENSION_ID, waitFor, workspaceRoot, fixturesRoot, findSkills, openFile, activeExtension, diagnosticsFor, processesMatching, languageServerProcesses };

// Test-runner extension, installed next to skillmd by test/vscode/run.mjs (code-server).
// On startup it reads runner-config.json (written beside this file by run.mjs),
// runs the suites in the extension host with the real `vscode` API and writes the
// results file that run.mjs waits for.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { runSuites, writeJson } = require('./runner');

async function activate(context) {
  const configFile = process.env.SKILLMD_VSCODE_RUNNER_CONFIG || path.join(__dirname, 'runner-config.json');
  let config;
  try {
    config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
  } catch (e) {
    console.error(`[skillmd-tests] no usable ${configFile}: ${e.message}`);
    return;
  }
  const out = require('vscode').window.createOutputChannel('skillmd tests');
  context.subscriptions.push(out);
  const log = (s) => {
    console.log(`[skillmd-tests] ${s}`);
    out.appendLine(s);
  };
  // Let the workbench finish restoring before the first test touches editors.
  setTimeout(() => {
    runSuites({ ...config, log }).catch((e) => {
      writeJson(config.resultsFile, { done: true, passed: 0, failed: 1, results: [{ name: '(runner crashed)', ok: false, error: { message: String(e?.stack ?? e) } }] });
    });
  }, config.startDelayMs ?? 500);
}

function deactivate() {}

module.exports = { activate, deactivate };

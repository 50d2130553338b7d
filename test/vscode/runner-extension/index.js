// Entry point for @vscode/test-electron (`extensionTestsPath`): see test/vscode/electron.mjs.
// Configuration comes through environment variables set there.
'use strict';
const path = require('node:path');
const { runSuites } = require('./runner');

async function run() {
  const summary = await runSuites({
    suiteDir: process.env.SKILLMD_VSCODE_SUITE_DIR || path.join(__dirname, '..', 'suite'),
    resultsFile: process.env.SKILLMD_VSCODE_RESULTS,
    grep: process.env.SKILLMD_VSCODE_GREP || undefined,
    workspace: process.env.SKILLMD_VSCODE_WORKSPACE_DIR,
    fixtures: process.env.SKILLMD_VSCODE_FIXTURES,
  });
  if (summary.failed > 0) throw new Error(`${summary.failed} VS Code test(s) failed`);
}

module.exports = { run };

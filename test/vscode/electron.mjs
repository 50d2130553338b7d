#!/usr/bin/env node
// The same extension-host suites (test/vscode/suite/*.test.js) in desktop VS Code via
// @vscode/test-electron, for machines that can download VS Code. Not run by `npm test`
// (no internet here: test/vscode/run.mjs uses the cached code-server instead).
//
//   node test/vscode/electron.mjs                    # VS Code 1.100.3
//   SKILLMD_VSCODE_VERSION=stable node test/vscode/electron.mjs
//   SKILLMD_VSCODE_GREP=activation node test/vscode/electron.mjs
//
// On a Linux machine without a display, run it under `xvfb-run -a`.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, hasSkill, repo } from '../../scripts/vscode/code-server.mjs';

const here = join(repo, 'test', 'vscode');
const env = process.env;
const version = env.SKILLMD_VSCODE_VERSION || '1.100.3';

buildIfStale();
const tmp = mkdtempSync(join(tmpdir(), 'skillmd-electron-'));
const workspace = join(tmp, 'workspace');
const fixtures = join(tmp, 'fixtures');
const wsSource = env.SKILLMD_VSCODE_WORKSPACE || (hasSkill(join(repo, 'examples')) ? join(repo, 'examples') : join(here, 'workspace'));
cpSync(wsSource, workspace, { recursive: true });
cpSync(join(here, 'workspace'), fixtures, { recursive: true });
const resultsFile = join(tmp, 'results.json');

let failed = 0;
let passed = 0;
try {
  const { runTests } = await import('@vscode/test-electron');
  await runTests({
    version,
    extensionDevelopmentPath: repo,
    extensionTestsPath: join(here, 'runner-extension', 'index.js'),
    launchArgs: [
      workspace,
      '--disable-extensions', // other installed extensions; ours (in development) still loads
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
      '--user-data-dir', join(tmp, 'user-data'),
      '--extensions-dir', join(tmp, 'extensions'),
    ],
    extensionTestsEnv: {
      SKILLMD_VSCODE_SUITE_DIR: join(here, 'suite'),
      SKILLMD_VSCODE_RESULTS: resultsFile,
      SKILLMD_VSCODE_GREP: env.SKILLMD_VSCODE_GREP || '',
      SKILLMD_VSCODE_FIXTURES: fixtures,
    },
  });
} catch (e) {
  console.error(`[vscode-electron] ${e?.message ?? e}`);
  failed = 1;
}
if (existsSync(resultsFile)) {
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = r.passed;
  failed = r.failed;
  for (const t of r.results) if (!t.ok) console.log(`  ✗ ${t.name}\n    ${t.error?.message ?? ''}`);
} else if (!failed) {
  failed = 1;
  console.error('[vscode-electron] no results file was written');
}
if (env.SKILLMD_VSCODE_KEEP_TMP !== '1') rmSync(tmp, { recursive: true, force: true });
console.log(`vscode-electron: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// Real VS Code (1.100.3, via code-server 4.100.3) extension-host tests, offline.
//
//   node test/vscode/run.mjs            (npm test runs it after the node:test files)
//
// 1. installs code-server into .cache/code-server/ once (scripts/vscode/install-code-server.mjs)
// 2. makes a temp user-data-dir + extensions-dir; installs skillmd (a copy of the built
//    extension) and test/vscode/runner-extension/ there
// 3. starts code-server on a free 127.0.0.1 port on a temp copy of examples/ (or of
//    test/vscode/workspace/ while examples/ has no SKILL.md)
// 4. opens the workbench in Debian's Chromium with playwright-core; that starts the
//    extension host, where the runner extension runs test/vscode/suite/*.test.js
// 5. waits for the results file, screenshots the workbench into test/artifacts/;
// 6. does 2-5 again on test/vscode/workspace-no-skills/ with test/vscode/suite-no-skills/
//    (a workspace without skills: the extension activates, the server waits), and on
//    test/vscode/workspace/ with test/vscode/suite-server-fails/ (a server.js that
//    exits at start), then prints `vscode: N passed, M failed` and exits 1 if
//    anything failed.
//
// Environment: see test/vscode/README.md (SKILLMD_VSCODE_KEEP, _GREP, _TIMEOUT, ...).
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureCodeServer } from '../../scripts/vscode/install-code-server.mjs';
import {
  repo, buildIfStale, installOurExtension, installFolderExtension, writeUserSettings, freePort,
  startCodeServer, openWorkbench, findFiles, hasSkill,
} from '../../scripts/vscode/code-server.mjs';

const here = join(repo, 'test', 'vscode');
const env = process.env;
const KEEP = env.SKILLMD_VSCODE_KEEP === '1';
const TIMEOUT_S = Number(env.SKILLMD_VSCODE_TIMEOUT || 240);
const GREP = env.SKILLMD_VSCODE_GREP || '';
const VERBOSE = env.SKILLMD_VSCODE_VERBOSE === '1';
const artifacts = join(repo, 'test', 'artifacts');
const t0 = Date.now();
const secs = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const say = (s) => console.log(`[vscode] ${s}`);

if (env.SKILLMD_VSCODE_SKIP === '1') {
  say('skipped (SKILLMD_VSCODE_SKIP=1)');
  process.exit(0);
}

let server;
let browser;
let tmp;
let finished = false;

function tail(file, lines = 60) {
  if (!existsSync(file)) return '';
  const all = readFileSync(file, 'utf8').trimEnd().split('\n');
  return all.slice(-lines).join('\n');
}

function dumpLogs(userDataDir, consoleLog) {
  if (server) {
    console.log(`\n----- code-server log (${server.logFile}), last lines -----\n${tail(server.logFile)}`);
  }
  for (const f of findFiles(join(userDataDir, 'logs'), /^(remoteexthost|exthost|remoteagent|sharedprocess)\.log$/)) {
    const text = tail(f, 40);
    if (text) console.log(`\n----- ${relative(tmp, f)} -----\n${text}`);
  }
  if (consoleLog && existsSync(consoleLog)) console.log(`\n----- browser console (${consoleLog}), last lines -----\n${tail(consoleLog, 40)}`);
}

async function cleanup() {
  try {
    await browser?.close();
  } catch {}
  server?.stop();
  if (tmp && !KEEP && env.SKILLMD_VSCODE_KEEP_TMP !== '1') {
    // Give the process group a moment to let go of the files.
    await new Promise((r) => setTimeout(r, 300));
    rmSync(tmp, { recursive: true, force: true });
  }
}

let summary;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    if (!finished) say(`interrupted (${sig})`);
    if (!KEEP) await cleanup();
    server?.stop();
    // After a SKILLMD_VSCODE_KEEP=1 run, Ctrl-C ends normally with the tests' verdict.
    process.exit(finished && summary ? (summary.failed > 0 ? 1 : 0) : 130);
  });
}

// Everything goes to stdout so the failure details come before the final summary line.
function printResults(results) {
  for (const r of results.results ?? []) {
    if (r.ok) continue;
    console.log(`\n  ✗ ${r.name}\n    ${(r.error?.message ?? '').split('\n').join('\n    ')}`);
    if (r.error?.expected !== undefined || r.error?.actual !== undefined) {
      console.log(`    expected: ${r.error.expected}\n    actual:   ${r.error.actual}`);
    }
    if (r.error?.stack) console.log(`    ${r.error.stack.split('\n').slice(1, 6).join('\n    ')}`);
  }
}

/** Extension-host log lines about our extension or errors (activation failures land there). */
function extensionHostErrors(userDataDir) {
  const out = [];
  for (const f of findFiles(join(userDataDir, 'logs'), /exthost\.log$/)) {
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (/\[error\]|skillmd\.skillmd|Activating extension .* failed/i.test(line)) out.push(line);
    }
    copyFileSync(f, join(artifacts, 'vscode-exthost.log'));
  }
  return out.slice(-25);
}

async function main() {
  // 1. the editor (cached after the first run)
  const cs = ensureCodeServer();
  if (env.SKILLMD_VSCODE_NO_BUILD !== '1') buildIfStale();
  const wsSource = env.SKILLMD_VSCODE_WORKSPACE || (hasSkill(join(repo, 'examples')) ? join(repo, 'examples') : join(here, 'workspace'));
  const withSkills = await session(cs, { workspaceSource: wsSource, suiteDir: join(here, 'suite'), shot: 'vscode-workbench.png' });
  // SKILLMD_VSCODE_KEEP keeps the first session's editor up: the second does not run.
  if (KEEP) return withSkills;
  await cleanup();
  server = browser = tmp = undefined;
  // A workspace without skills: Markdown activates the extension, the server waits.
  const without = await session(cs, { workspaceSource: join(here, 'workspace-no-skills'), suiteDir: join(here, 'suite-no-skills'), shot: 'vscode-workbench-no-skills.png' });
  await cleanup();
  server = browser = tmp = undefined;
  // A language server that cannot start: the extension stays usable, Restart recovers.
  const failing = await session(cs, {
    workspaceSource: join(here, 'workspace'), suiteDir: join(here, 'suite-server-fails'), shot: 'vscode-workbench-server-fails.png', breakServer: true,
  });
  const sessions = [withSkills, without, failing];
  const total = { passed: sessions.reduce((n, s) => n + s.passed, 0), failed: sessions.reduce((n, s) => n + s.failed, 0) };
  if (GREP && total.passed + total.failed === 0) {
    console.log(`\n[vscode] FAILED: no test matched /${GREP}/i`);
    total.failed = 1;
  }
  return total;
}

/**
 * Makes the copied extension's server.js fail at start (exit code 3) until the tests
 * create `server.ok` beside it; from then on it runs the real server (server.real.js).
 */
function breakServerOf(extensionDir) {
  const out = join(extensionDir, 'server', 'out');
  renameSync(join(out, 'server.js'), join(out, 'server.real.js'));
  writeFileSync(join(out, 'server.js'), [
    '// Written by test/vscode/run.mjs: a language server that cannot start until server.ok exists.',
    "'use strict';",
    "if (require('node:fs').existsSync(require('node:path').join(__dirname, 'server.ok'))) require('./server.real.js');",
    "else { process.stderr.write('skillmd test: this language server fails on purpose\\n'); process.exit(3); }",
    '',
  ].join('\n'));
}

/**
 * A request of a test in the extension host for the workbench page (see
 * suite/helpers.js `workbench()`): a console line `[skillmd-page] {"id":…,"op":…}`.
 */
function pageRequestOf(line) {
  const at = line.indexOf('[skillmd-page] ');
  if (at < 0) return undefined;
  const json = line.slice(at + '[skillmd-page] '.length, line.lastIndexOf('}') + 1);
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/**
 * Answers a page request into `<pageDir>/<id>.json` ({ value } or { error }):
 * - screenshot { name }: the workbench into test/artifacts/<name>
 * - query { selector, fields? }: the matching elements' text and ARIA state (and the
 *   text, or with `sel@attr` an attribute, of each `fields` sub-selector)
 * - click { selector, text?, inner?, count?, button? }: a real mouse click (count 2: a double
 *   click) on the first match containing `text`, or on its part `inner` (hovered first)
 * - hover { selector, text?, inner? }, press { key }, type { text } (keystrokes)
 */
async function answerPageRequest(getPage, req, pageDir) {
  const page = getPage();
  let answer;
  try {
    if (!page) throw new Error('the workbench page is not open yet');
    // `inner`: a part of the element (an inline action of a row), shown once the row is hovered.
    const outer = () => page.locator(req.selector, req.text !== undefined ? { hasText: req.text } : {}).first();
    const target = async () => {
      if (req.inner === undefined) return outer();
      await outer().hover({ timeout: 10_000 });
      return outer().locator(req.inner).first();
    };
    switch (req.op) {
      case 'screenshot': {
        mkdirSync(artifacts, { recursive: true });
        // The pointer off the workbench's parts: no hover or tooltip in the picture.
        await page.mouse.move(page.viewportSize().width - 2, page.viewportSize().height / 2);
        await page.waitForTimeout(req.settleMs ?? 800);
        const file = join(artifacts, req.name);
        await page.screenshot({ path: file });
        say(`screenshot: ${relative(repo, file)}`);
        answer = { value: file };
        break;
      }
      case 'query':
        answer = { value: await page.$$eval(req.selector, (els, fields) => els.map((e) => ({
          text: e.textContent,
          id: e.id,
          // `fields`: name → sub-selector: the text of its first match inside the element
          // (`selector@attr`: that attribute of it)
          ...Object.fromEntries(Object.entries(fields).map(([k, spec]) => {
            const [sel, attr] = spec.split('@');
            const el = e.querySelector(sel);
            return [k, !el ? null : attr ? el.getAttribute(attr) : el.textContent];
          })),
          ariaLabel: e.getAttribute('aria-label'),
          ariaExpanded: e.getAttribute('aria-expanded'),
          ariaLevel: e.getAttribute('aria-level'),
          className: typeof e.className === 'string' ? e.className : '',
          visible: !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length),
        })), req.fields ?? {}) };
        break;
      case 'click':
        await (await target()).click({ clickCount: req.count ?? 1, button: req.button ?? 'left', timeout: 10_000 });
        answer = { value: true };
        break;
      case 'hover':
        await (await target()).hover({ timeout: 10_000 });
        answer = { value: true };
        break;
      case 'press':
        await page.keyboard.press(req.key);
        answer = { value: true };
        break;
      case 'type':
        await page.keyboard.type(req.text, { delay: req.delayMs ?? 20 });
        answer = { value: true };
        break;
      default:
        throw new Error(`unknown page request ${JSON.stringify(req.op)}`);
    }
  } catch (e) {
    answer = { error: String(e?.message ?? e).split('\n')[0] };
  }
  writeFileSync(join(pageDir, `${req.id}.json.tmp`), JSON.stringify(answer));
  renameSync(join(pageDir, `${req.id}.json.tmp`), join(pageDir, `${req.id}.json`));
}

/** One code-server + workbench on a temp copy of `workspaceSource`, running the suites of `suiteDir`. */
async function session(cs, { workspaceSource, suiteDir, shot: shotName, breakServer = false }) {
  // 2. throwaway profile, extensions and workspace
  tmp = mkdtempSync(join(tmpdir(), 'skillmd-vscode-'));
  const userDataDir = join(tmp, 'user-data');
  const extensionsDir = join(tmp, 'extensions');
  const resultsFile = join(tmp, 'results.json');
  const consoleLog = join(tmp, 'browser-console.log');
  writeUserSettings(userDataDir);
  const extensionDir = installOurExtension(extensionsDir, 'copy');
  if (breakServer) breakServerOf(extensionDir);
  const runnerDir = installFolderExtension(extensionsDir, join(here, 'runner-extension'));
  const fixtures = join(tmp, 'fixtures');
  cpSync(join(here, 'workspace'), fixtures, { recursive: true });
  const workspace = join(tmp, 'workspace');
  cpSync(workspaceSource, workspace, { recursive: true, filter: (src) => !src.includes('node_modules') });
  const pageDir = join(tmp, 'page');
  mkdirSync(pageDir, { recursive: true });
  writeFileSync(join(runnerDir, 'runner-config.json'), JSON.stringify({
    suiteDir,
    resultsFile,
    grep: GREP || undefined,
    workspace,
    fixtures,
    pageDir,
  }, null, 2));
  say(`workspace: copy of ${relative(repo, workspaceSource) || '.'}; suites: ${relative(repo, suiteDir)}/*.test.js${GREP ? ` matching /${GREP}/i` : ''}`);

  // 3. the server
  const port = await freePort(Number(env.SKILLMD_VSCODE_PORT || 0));
  server = await startCodeServer({
    entry: cs.entry, userDataDir, extensionsDir, folder: workspace, port,
    stateDir: join(tmp, 'state'), logFile: join(tmp, 'code-server.log'), echo: VERBOSE,
  });
  say(`code-server up at ${server.url} (${secs()})`);

  // 4. the workbench
  const consoleLines = [];
  let page;
  let pageQueue = Promise.resolve();
  const wb = await openWorkbench(server.url, {
    chromium: cs.chromium,
    onConsole: (line) => {
      consoleLines.push(line);
      const req = pageRequestOf(line);
      if (req) pageQueue = pageQueue.then(() => answerPageRequest(() => page, req, pageDir));
      if (VERBOSE || line.includes('[skillmd-tests]')) {
        // Extension-host console lines arrive with their %c styling arguments appended.
        if (line.includes('[skillmd-tests]')) console.log(`  ${line.replace(/^.*\[skillmd-tests\] ?/, '').replace(/( color: [^ ]*)+ *$/, '')}`);
        else console.log(`  browser ${line}`);
      }
    },
  });
  browser = wb.browser;
  page = wb.page;
  say(`workbench loaded (${secs()}); waiting for the test results (timeout ${TIMEOUT_S} s)`);

  // 5. results
  let results;
  const end = Date.now() + TIMEOUT_S * 1000;
  while (Date.now() < end) {
    if (server.exited()) break;
    if (existsSync(resultsFile)) {
      try {
        results = JSON.parse(readFileSync(resultsFile, 'utf8'));
      } catch {}
      if (results?.done) break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  writeFileSync(consoleLog, consoleLines.join('\n') + '\n');

  mkdirSync(artifacts, { recursive: true });
  const shot = join(artifacts, shotName);
  try {
    await page.waitForTimeout(1500); // let the last editor/diagnostics paint
    await page.screenshot({ path: shot });
    say(`screenshot: ${relative(repo, shot)}`);
  } catch (e) {
    say(`screenshot failed: ${e.message}`);
  }
  copyFileSync(server.logFile, join(artifacts, 'vscode-code-server.log'));
  copyFileSync(consoleLog, join(artifacts, 'vscode-browser-console.log'));

  if (!results?.done) {
    const why = server.exited() ? `code-server exited (${JSON.stringify(server.exited())})` : `no results after ${TIMEOUT_S} s`;
    console.log(`\n[vscode] FAILED: ${why}${results ? ` (partial: ${results.passed} passed, ${results.failed} failed so far)` : ''}`);
    console.log('[vscode] the runner extension never finished: see the logs below and the screenshot');
    dumpLogs(userDataDir, consoleLog);
    return { passed: results?.passed ?? 0, failed: (results?.failed ?? 0) + 1 };
  }
  say(`VS Code ${results.vscodeVersion} (${results.appName}), ${results.results.length} test(s) in ${secs()}`);
  printResults(results);
  copyFileSync(resultsFile, join(artifacts, shotName.replace('workbench', 'results').replace(/\.png$/, '.json')));
  if (results.failed > 0) {
    const lines = extensionHostErrors(userDataDir);
    if (lines.length) console.log(`\n----- extension host log: errors and skillmd lines -----\n${lines.join('\n')}`);
    if (VERBOSE) dumpLogs(userDataDir, consoleLog);
    else console.log(`\n[vscode] logs: test/artifacts/vscode-{code-server,exthost,browser-console}.log (SKILLMD_VSCODE_VERBOSE=1 prints them)`);
  }
  return { passed: results.passed, failed: results.failed };
}

try {
  summary = await main();
} catch (e) {
  console.log(`\n[vscode] FAILED: ${e?.message ?? e}`);
  if (VERBOSE && e?.stack) console.log(e.stack);
  if (tmp) dumpLogs(join(tmp, 'user-data'));
  summary = { passed: 0, failed: 1 };
}
finished = true;
if (KEEP && server && !server.exited()) {
  try {
    await browser?.close();
  } catch {}
  browser = undefined;
  say(`SKILLMD_VSCODE_KEEP=1: code-server stays up at ${server.url}`);
  say(`temp dir: ${tmp} (workspace/, user-data/, extensions/, code-server.log)`);
  say('press Ctrl-C to stop');
  console.log(`vscode: ${summary.passed} passed, ${summary.failed} failed`);
  await new Promise(() => {});
}
await cleanup();
console.log(`vscode: ${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.failed > 0 ? 1 : 0);

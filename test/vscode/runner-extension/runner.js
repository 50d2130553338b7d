// A tiny mocha-like test runner for the VS Code extension host. No dependencies.
//
// Suite files (test/vscode/suite/*.test.js, CommonJS) use the globals
//   suite(name, fn)  test(name, fn, timeoutMs?)  before(fn)  after(fn)  beforeEach(fn)  afterEach(fn)
// (aliases: describe/it, suiteSetup/suiteTeardown, setup/teardown) and may
// `require('vscode')` for the real API of the editor they run in. Test functions
// may be async. Nothing runs in parallel.
//
// runSuites({ suiteDir, resultsFile, grep, workspace, fixtures }) loads every
// *.test.js in suiteDir (sorted), runs the tests whose full name matches grep, and
// writes the results JSON to resultsFile (atomically; `done: true` when finished).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const DEFAULT_TIMEOUT = 30_000;

function errorInfo(e) {
  if (e && typeof e === 'object') {
    return {
      message: String(e.message ?? e),
      stack: e.stack ? String(e.stack).split('\n').slice(0, 12).join('\n') : undefined,
      actual: 'actual' in e ? safe(e.actual) : undefined,
      expected: 'expected' in e ? safe(e.expected) : undefined,
    };
  }
  return { message: String(e) };
}

function safe(v) {
  try {
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    return s && s.length > 2000 ? s.slice(0, 2000) + '…' : s;
  } catch {
    return String(v);
  }
}

function withTimeout(fn, ms, what) {
  let timer;
  return Promise.race([
    Promise.resolve().then(fn),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function writeJson(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n');
  fs.renameSync(tmp, file);
}

function newSuite(name, parent) {
  return { name, parent, children: [], before: [], after: [], beforeEach: [], afterEach: [] };
}

function fullName(node) {
  const parts = [];
  for (let n = node; n; n = n.parent) if (n.name) parts.unshift(n.name);
  return parts.join(' › ');
}

/** Loads the files and returns the root suite tree. */
function collect(files) {
  const root = newSuite('', undefined);
  let current = root;
  const api = {
    suite(name, fn) {
      const s = newSuite(name, current);
      current.children.push(s);
      const prev = current;
      current = s;
      try {
        fn();
      } finally {
        current = prev;
      }
    },
    test(name, fn, timeout) {
      current.children.push({ test: true, name, fn, timeout, parent: current });
    },
    before: (fn) => current.before.push(fn),
    after: (fn) => current.after.push(fn),
    beforeEach: (fn) => current.beforeEach.push(fn),
    afterEach: (fn) => current.afterEach.push(fn),
  };
  const globals = {
    suite: api.suite, describe: api.suite, test: api.test, it: api.test,
    before: api.before, suiteSetup: api.before, after: api.after, suiteTeardown: api.after,
    beforeEach: api.beforeEach, setup: api.beforeEach, afterEach: api.afterEach, teardown: api.afterEach,
  };
  const saved = {};
  for (const [k, v] of Object.entries(globals)) {
    saved[k] = global[k];
    global[k] = v;
  }
  try {
    for (const file of files) {
      const s = newSuite(path.basename(file), root);
      root.children.push(s);
      current = s;
      try {
        delete require.cache[require.resolve(file)];
        require(file);
      } catch (e) {
        // A file that does not load is one failing test, not a crash of the run.
        s.children.push({ test: true, name: '(loading the file)', fn: () => { throw e; }, parent: s });
      }
      current = root;
    }
  } finally {
    for (const [k, v] of Object.entries(saved)) global[k] = v;
  }
  return root;
}

function hasTests(node, grep) {
  return node.children.some((c) => (c.test ? !grep || grep.test(fullName(c)) : hasTests(c, grep)));
}

async function runSuite(node, ctx) {
  if (!hasTests(node, ctx.grep)) return;
  let setupError;
  for (const h of node.before) {
    try {
      await withTimeout(h, DEFAULT_TIMEOUT, `before hook of "${fullName(node)}"`);
    } catch (e) {
      setupError = e;
      break;
    }
  }
  for (const child of node.children) {
    if (!child.test) {
      if (setupError) continue;
      await runSuite(child, ctx);
      continue;
    }
    const name = fullName(child);
    if (ctx.grep && !ctx.grep.test(name)) continue;
    const t0 = Date.now();
    const result = { name, file: ctx.fileOf(child), ok: true, ms: 0 };
    try {
      if (setupError) throw setupError;
      const chain = [];
      for (let n = child.parent; n; n = n.parent) chain.unshift(n);
      for (const s of chain) for (const h of s.beforeEach) await withTimeout(h, DEFAULT_TIMEOUT, `beforeEach of "${fullName(s)}"`);
      try {
        await withTimeout(child.fn, child.timeout ?? DEFAULT_TIMEOUT, `test "${name}"`);
      } finally {
        for (const s of chain.reverse()) for (const h of s.afterEach) await withTimeout(h, DEFAULT_TIMEOUT, `afterEach of "${fullName(s)}"`);
      }
    } catch (e) {
      result.ok = false;
      result.error = errorInfo(e);
    }
    result.ms = Date.now() - t0;
    ctx.results.push(result);
    ctx.log(`${result.ok ? 'ok  ' : 'FAIL'} ${name} (${result.ms} ms)${result.ok ? '' : `\n     ${result.error.message}`}`);
    ctx.progress();
  }
  for (const h of node.after) {
    try {
      await withTimeout(h, DEFAULT_TIMEOUT, `after hook of "${fullName(node)}"`);
    } catch (e) {
      ctx.results.push({ name: `${fullName(node)} › (after hook)`, ok: false, ms: 0, error: errorInfo(e) });
    }
  }
}

/**
 * @param {{suiteDir: string, resultsFile: string, grep?: string, log?: (s: string) => void}} config
 * @returns {Promise<{passed: number, failed: number}>}
 */
async function runSuites(config) {
  const vscode = require('vscode');
  const log = config.log ?? ((s) => console.log(`[skillmd-tests] ${s}`));
  const started = new Date().toISOString();
  const files = fs.existsSync(config.suiteDir)
    ? fs.readdirSync(config.suiteDir).filter((f) => f.endsWith('.test.js')).sort().map((f) => path.join(config.suiteDir, f))
    : [];
  const results = [];
  const base = { vscodeVersion: vscode.version, appName: vscode.env.appName, uiKind: vscode.env.uiKind, started, files };
  const summary = (done, extra = {}) => ({
    ...base,
    done,
    passed: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
    results,
    ...extra,
  });
  const grep = config.grep ? new RegExp(config.grep, 'i') : undefined;
  // For suite/helpers.js: where the fixtures copy is (the workspace is vscode.workspace).
  if (config.fixtures) process.env.SKILLMD_VSCODE_FIXTURES = config.fixtures;
  // For suite/helpers.js `workbench()`: where run.mjs answers requests for the page.
  if (config.pageDir) process.env.SKILLMD_VSCODE_PAGE_DIR = config.pageDir;
  try {
    if (files.length === 0) throw new Error(`no *.test.js files in ${config.suiteDir}`);
    log(`VS Code ${vscode.version} (${vscode.env.appName}); ${files.length} suite file(s)`);
    const root = collect(files);
    const fileOf = (node) => {
      let n = node;
      while (n.parent && n.parent.parent) n = n.parent;
      return n.name;
    };
    await runSuite(root, { grep, results, log, fileOf, progress: () => writeJson(config.resultsFile, summary(false)) });
    // With a grep, a session may have nothing to run (run.mjs checks the total).
    if (results.length === 0 && !grep) throw new Error('no test found');
  } catch (e) {
    results.push({ name: '(runner)', ok: false, ms: 0, error: errorInfo(e) });
  }
  const s = summary(true, { finished: new Date().toISOString() });
  writeJson(config.resultsFile, s);
  log(`${s.passed} passed, ${s.failed} failed`);
  return s;
}

module.exports = { runSuites, writeJson };

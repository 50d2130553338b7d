// Shared pieces for running our extension in the cached code-server (VS Code 1.100.3):
// used by test/vscode/run.mjs and scripts/start.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, createWriteStream, lstatSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
export const extensionId = `${manifest.publisher}.${manifest.name}`;
export const extensionFolderName = `${extensionId}-${manifest.version}`;

// The flags every Chromium we start gets (see shared/notes/vscode-in-sandbox.md).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

// What the extension needs at run time, besides package.json. A `files` list in
// package.json wins when there is one.
const DEFAULT_EXTENSION_FILES = [
  'package.json', 'client/out', 'server/out', 'syntaxes', 'snippets', 'schemas', 'language-configuration.json',
  'README.md', 'LICENSE', 'LICENSE.md', 'CHANGELOG.md', 'images', 'media', 'icon.png',
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const name of readdirSync(p)) m = Math.max(m, newestMtime(join(p, name)));
  return m;
}

/** Runs esbuild when a bundle is missing or older than its sources. Returns true if it built. */
export function buildIfStale() {
  const outs = ['client/out/extension.js', 'server/out/server.js'].map((p) => join(repo, p));
  const oldestOut = Math.min(...outs.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
  const newestSrc = Math.max(...['client/src', 'server/src', 'package.json', 'esbuild.mjs'].map((p) => newestMtime(join(repo, p))));
  if (oldestOut > 0 && oldestOut >= newestSrc) return false;
  console.log('[vscode] bundles missing or stale: node esbuild.mjs');
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repo, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`node esbuild.mjs failed (exit ${r.status ?? r.signal})`);
  return true;
}

function replace(path) {
  try {
    lstatSync(path);
    rmSync(path, { recursive: true, force: true });
  } catch {}
}

/**
 * Installs skillmd into extensionsDir as `<publisher>.<name>-<version>`.
 * mode 'copy' (tests: a snapshot) or 'link' (npm start: a symlink to the repo, so a
 * rebuild + "Developer: Reload Window" picks up changes).
 */
export function installOurExtension(extensionsDir, mode = 'copy') {
  const dest = join(extensionsDir, extensionFolderName);
  mkdirSync(extensionsDir, { recursive: true });
  replace(dest);
  const files = Array.isArray(manifest.files) ? ['package.json', ...manifest.files] : DEFAULT_EXTENSION_FILES;
  for (const entry of files) {
    // `files` entries may name a folder with a trailing slash (`bin/`): a link path
    // must not end in one (symlink() then fails with ENOENT).
    const f = entry.replace(/[\\/]+$/, '');
    const src = join(repo, f);
    if (!f || !existsSync(src)) continue;
    if (mode === 'link') {
      // One link per entry (not one to the repo root, which would loop back into .cache/).
      mkdirSync(dirname(join(dest, f)), { recursive: true });
      symlinkSync(src, join(dest, f));
    } else cpSync(src, join(dest, f), { recursive: true, dereference: true });
  }
  for (const need of [manifest.main, 'server/out/server.js']) {
    if (!existsSync(join(dest, need))) throw new Error(`${need} is missing: run \`npm run build\` first`);
  }
  return dest;
}

/** Copies a folder-form extension (e.g. the test runner) into extensionsDir. */
export function installFolderExtension(extensionsDir, srcDir) {
  const pkg = JSON.parse(readFileSync(join(srcDir, 'package.json'), 'utf8'));
  const dest = join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`);
  replace(dest);
  cpSync(srcDir, dest, { recursive: true });
  return dest;
}

/** User settings so nothing (trust dialog, welcome page, update checks) covers the workbench. */
export function writeUserSettings(userDataDir, extra = {}) {
  const dir = join(userDataDir, 'User');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'settings.json');
  let current = {};
  try {
    current = JSON.parse(readFileSync(file, 'utf8'));
  } catch {}
  const settings = {
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'git.enabled': false,
    'chat.commandCenter.enabled': false,
    ...current,
    ...extra,
  };
  writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
}

export function freePort(preferred = 0) {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', (e) => (preferred ? freePort(0).then(res, rej) : rej(e)));
    srv.listen(preferred, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function waitHttp(url, timeoutMs, isDead) {
  const end = Date.now() + timeoutMs;
  let last;
  while (Date.now() < end) {
    if (isDead()) throw new Error('code-server exited before it was ready');
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
      last = `HTTP ${r.status}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer ${url} within ${timeoutMs / 1000} s (${last})`);
}

/**
 * Starts code-server. Returns { url, port, proc, logFile, stop() }.
 * Its own stdout/stderr go to logFile (and to the console when echo is true).
 */
export async function startCodeServer({ entry, userDataDir, extensionsDir, folder, port, stateDir, logFile, echo = false, readyTimeoutMs = 60_000 }) {
  mkdirSync(stateDir, { recursive: true });
  mkdirSync(dirname(logFile), { recursive: true });
  const configFile = join(stateDir, 'config.yaml');
  writeFileSync(configFile, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const args = [
    entry,
    '--config', configFile,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    folder,
  ];
  const log = createWriteStream(logFile, { flags: 'a' });
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: join(stateDir, 'xdg-config'),
    XDG_DATA_HOME: join(stateDir, 'xdg-data'),
    XDG_CACHE_HOME: join(stateDir, 'xdg-cache'),
    // code-server would otherwise try to open a browser itself in some setups.
    BROWSER: 'none',
  };
  // code-server takes $PORT over --bind-addr: `npm start` may have moved off a taken PORT.
  delete env.PORT;
  delete env.VSCODE_IPC_HOOK_CLI;
  delete env.ELECTRON_RUN_AS_NODE;
  const proc = spawn(process.execPath, args, { cwd: stateDir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let exited = null;
  proc.on('exit', (code, signal) => {
    exited = { code, signal };
    log.write(`\n[code-server exited: ${code ?? signal}]\n`);
  });
  for (const s of [proc.stdout, proc.stderr]) {
    s.on('data', (d) => {
      log.write(d);
      if (echo) process.stdout.write(d);
    });
  }
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    if (exited) return;
    // The whole process group: code-server forks its server, the extension host, pty host...
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {}
    setTimeout(() => {
      try {
        if (!exited) process.kill(-proc.pid, 'SIGKILL');
      } catch {}
    }, 2000).unref();
  };
  try {
    await waitHttp(`${url}healthz`, readyTimeoutMs, () => exited !== null);
  } catch (e) {
    stop();
    throw e;
  }
  return { url, port, proc, logFile, stop, exited: () => exited };
}

/** Launches Debian's Chromium via playwright-core and opens the workbench. */
export async function openWorkbench(url, { chromium: executablePath = '/usr/bin/chromium', viewport = { width: 1400, height: 900 }, onConsole } = {}) {
  if (!existsSync(executablePath)) throw new Error(`${executablePath} not found (apt-get install chromium)`);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport });
  if (onConsole) {
    page.on('console', (m) => onConsole(`[${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => onConsole(`[pageerror] ${e.message}`));
  }
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.waitForSelector('.monaco-workbench', { timeout: 120_000 });
  return { browser, page };
}

/**
 * Depth-first walk of dir: visit(path, name, isDir) returns true to stop, 'skip' to
 * not enter a folder. Unreadable entries are passed over. Returns whether it stopped.
 */
function walk(dir, visit) {
  if (!existsSync(dir)) return false;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    const r = visit(p, name, st.isDirectory());
    if (r === true) return true;
    if (st.isDirectory() && r !== 'skip' && walk(p, visit)) return true;
  }
  return false;
}

/** Files under dir (recursively) whose name matches re. */
export function findFiles(dir, re, out = []) {
  walk(dir, (p, name, isDir) => {
    if (!isDir && re.test(name)) out.push(p);
  });
  return out;
}

/** Does dir contain a SKILL.md anywhere (skipping node_modules)? */
export function hasSkill(dir) {
  return walk(dir, (p, name, isDir) => (isDir ? (name === 'node_modules' ? 'skip' : false) : /^skill\.md$/i.test(name)));
}

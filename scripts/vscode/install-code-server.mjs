#!/usr/bin/env node
// Installs code-server 4.100.3 (= VS Code 1.100.3, the newest release that runs on
// Node 20) into the git-ignored cache `.cache/code-server/`, without internet beyond
// the npm registry and Debian apt. Recipe: shared/notes/vscode-in-sandbox.md.
//
// Idempotent: a finished install writes a stamp file; a later run sees it and returns
// at once. An interrupted install (no stamp) is wiped and redone.
//
//   node scripts/vscode/install-code-server.mjs          # install if needed
//   node scripts/vscode/install-code-server.mjs --force  # reinstall
//
// As a module: `import { ensureCodeServer } from './install-code-server.mjs'`
// returns { root, bin, node, chromium } paths.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync, readFileSync, copyFileSync, chmodSync, symlinkSync, lstatSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
export const VSCODE_VERSION = '1.100.3';
const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const cacheDir = process.env.SKILLMD_CODE_SERVER_DIR || join(repo, '.cache', 'code-server');
const stamp = join(cacheDir, `.installed-${CODE_SERVER_VERSION}`);
export const codeServerRoot = join(cacheDir, 'node_modules', 'code-server');
export const CHROMIUM = process.env.SKILLMD_CHROMIUM || '/usr/bin/chromium';

// Debian package -> a file that proves it is installed (cheaper than dpkg, and works
// when the file came from elsewhere).
const DEBIAN = {
  'libkrb5-dev': '/usr/include/gssapi/gssapi.h',
  'libxkbfile-dev': '/usr/include/X11/extensions/XKBfile.h',
  'libsecret-1-dev': '/usr/include/libsecret-1/libsecret/secret.h',
  'libx11-dev': '/usr/include/X11/Xlib.h',
  ripgrep: '/usr/bin/rg',
  chromium: '/usr/bin/chromium',
};

class InstallError extends Error {}

function log(msg) {
  console.log(`[code-server] ${msg}`);
}

function sh(cmd, args, opts = {}) {
  const pretty = `${cmd} ${args.join(' ')}`;
  log(`$ ${pretty}${opts.cwd ? `   (in ${opts.cwd})` : ''}`);
  const r = spawnSync(cmd, args, {
    stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  if (r.error) throw new InstallError(`could not run ${pretty}: ${r.error.message}`);
  if (r.status !== 0) {
    if (opts.quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    throw new InstallError(`${pretty} failed with exit ${r.status ?? r.signal}`);
  }
  return r;
}

export function missingDebianPackages() {
  return Object.entries(DEBIAN).filter(([, file]) => !existsSync(file)).map(([pkg]) => pkg);
}

function ensureDebianPackages() {
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  const cmd = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new InstallError(`missing system packages (${missing.join(', ')}) and no apt-get here; install their equivalents by hand`);
  }
  if (process.getuid?.() !== 0) {
    throw new InstallError(`missing Debian packages: ${missing.join(' ')}\n  run as root:  ${cmd}\n  then run this script again`);
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  sh('apt-get', ['update'], { env });
  sh('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env });
  const still = missingDebianPackages();
  if (still.length) throw new InstallError(`apt-get finished but these are still missing: ${still.join(' ')}`);
}

function listPackages(nodeModules) {
  const out = [];
  for (const name of readdirSync(nodeModules).sort()) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) {
      for (const sub of readdirSync(join(nodeModules, name)).sort()) if (!sub.startsWith('.')) out.push(`${name}/${sub}`);
    } else out.push(name);
  }
  return out;
}

function link(target, path) {
  try {
    lstatSync(path);
    rmSync(path, { recursive: true, force: true });
  } catch {}
  symlinkSync(target, path);
}

function install() {
  const t0 = Date.now();
  ensureDebianPackages();
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  // Own package.json so npm treats this folder as its prefix (not the repo above).
  writeFileSync(join(cacheDir, 'package.json'), JSON.stringify({ name: 'skillmd-code-server-cache', private: true }, null, 2) + '\n');
  const npm = 'npm';
  const quietNpm = ['--no-audit', '--no-fund', '--loglevel=error'];
  // npx node-gyp inside node-pty's install must not prompt.
  const env = { npm_config_yes: 'true', npm_config_update_notifier: 'false' };

  // 1. code-server itself; its postinstall downloads things, so skip scripts.
  sh(npm, ['install', '--ignore-scripts', ...quietNpm, `code-server@${CODE_SERVER_VERSION}`], { cwd: cacheDir, env });
  sh(npm, ['rebuild', ...quietNpm, 'argon2'], { cwd: cacheDir, env });

  // 2. the bundled VS Code server's own dependencies.
  const vs = join(codeServerRoot, 'lib', 'vscode');
  sh(npm, ['install', '--omit=dev', '--ignore-scripts', ...quietNpm], { cwd: vs, env });
  const rgDir = join(vs, 'node_modules', '@vscode', 'ripgrep', 'bin');
  mkdirSync(rgDir, { recursive: true });
  copyFileSync('/usr/bin/rg', join(rgDir, 'rg'));
  chmodSync(join(rgDir, 'rg'), 0o755);
  const pkgs = listPackages(join(vs, 'node_modules')).filter((p) => p !== '@vscode/ripgrep');
  sh(npm, ['rebuild', ...quietNpm, ...pkgs], { cwd: vs, env });
  link('node_modules', join(vs, 'node_modules.asar'));
  link('code-linux.sh', join(vs, 'bin', 'remote-cli', 'code-server'));
  link('browser-linux.sh', join(vs, 'bin', 'helpers', 'browser.sh'));

  // 3. the built-in extensions' dependencies (markdown, git, ...).
  sh(npm, ['install', '--omit=dev', ...quietNpm], { cwd: join(vs, 'extensions'), env });

  // Smoke check: the binary answers with the version we installed.
  const r = sh(process.execPath, [join(codeServerRoot, 'out', 'node', 'entry.js'), '--version'], { quiet: true, cwd: cacheDir });
  if (!r.stdout.includes(CODE_SERVER_VERSION)) throw new InstallError(`code-server --version printed ${JSON.stringify(r.stdout)}`);
  writeFileSync(stamp, JSON.stringify({ codeServer: CODE_SERVER_VERSION, vscode: VSCODE_VERSION, node: process.version, installedAt: new Date().toISOString() }, null, 2) + '\n');
  log(`installed code-server ${CODE_SERVER_VERSION} (VS Code ${VSCODE_VERSION}) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** Installs when needed; returns the paths a runner needs. Throws InstallError with a readable message. */
export function ensureCodeServer({ force = false } = {}) {
  if (force || !existsSync(stamp)) {
    install();
  } else {
    const info = JSON.parse(readFileSync(stamp, 'utf8'));
    if (info.node && info.node.split('.')[0] !== process.version.split('.')[0]) {
      log(`cache was built with Node ${info.node}, this is ${process.version}: reinstalling`);
      install();
    } else {
      // Chromium may have gone (new machine, same cache): reinstall only the Debian bits.
      ensureDebianPackages();
    }
  }
  return {
    root: codeServerRoot,
    entry: join(codeServerRoot, 'out', 'node', 'entry.js'),
    node: process.execPath,
    chromium: CHROMIUM,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const t0 = Date.now();
    const had = existsSync(stamp) && !process.argv.includes('--force');
    const p = ensureCodeServer({ force: process.argv.includes('--force') });
    log(`${had ? 'cached' : 'ready'}: ${p.root} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    console.error(`\n[code-server] install failed: ${e instanceof InstallError ? e.message : e?.stack ?? e}`);
    console.error(`[code-server] needs: the npm registry, Debian apt (as root) or these files present: ${Object.values(DEBIAN).join(', ')}`);
    process.exit(1);
  }
}

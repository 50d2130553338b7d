#!/usr/bin/env node
// `npm start`: open the example skills in VS Code with our extension.
//
// - With a `code` CLI on PATH (desktop VS Code):
//     code --extensionDevelopmentPath=<repo> <repo>/examples
// - Otherwise: the cached code-server (VS Code 1.100.3, installed on first use into
//   .cache/code-server/) with skillmd installed as a symlink to this repo and the
//   examples folder open; prints the URL and runs until Ctrl-C.
//
// Options / environment:
//   --code-server          use code-server even when `code` is on PATH
//   PORT=8080              port for code-server (default 8080, or a free one if taken)
//   SKILLMD_START_FOLDER   folder to open instead of examples/
// The code-server profile (settings, open editors) persists in .cache/vscode-start/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureCodeServer } from './vscode/install-code-server.mjs';
import { repo, buildIfStale, installOurExtension, writeUserSettings, freePort, startCodeServer, hasSkill } from './vscode/code-server.mjs';

const say = (s) => console.log(`[start] ${s}`);
const examples = join(repo, 'examples');
const fallback = join(repo, 'test', 'vscode', 'workspace');
let folder = process.env.SKILLMD_START_FOLDER ? resolve(process.env.SKILLMD_START_FOLDER) : examples;
if (!process.env.SKILLMD_START_FOLDER && !hasSkill(examples)) {
  say(`examples/ has no SKILL.md yet: opening ${fallback} instead`);
  folder = fallback;
}

function onPath(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

try {
  buildIfStale();
} catch (e) {
  console.error(`[start] ${e.message}`);
  process.exit(1);
}

const code = process.argv.includes('--code-server') ? undefined : onPath('code');
if (code) {
  say(`${code} --extensionDevelopmentPath=${repo} ${folder}`);
  const r = spawnSync(code, [`--extensionDevelopmentPath=${repo}`, folder], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

let cs;
try {
  cs = ensureCodeServer();
} catch (e) {
  console.error(`[start] cannot install code-server: ${e.message}`);
  process.exit(1);
}
const state = join(repo, '.cache', 'vscode-start');
const userDataDir = join(state, 'user-data');
const extensionsDir = join(state, 'extensions');
writeUserSettings(userDataDir);
installOurExtension(extensionsDir, 'link');
const port = await freePort(Number(process.env.PORT || 8080));
let server;
try {
  server = await startCodeServer({
    entry: cs.entry, userDataDir, extensionsDir, folder, port,
    stateDir: join(state, 'state'), logFile: join(state, 'code-server.log'), echo: true,
  });
} catch (e) {
  console.error(`[start] ${e.message}; log: ${join(state, 'code-server.log')}`);
  process.exit(1);
}
const url = `${server.url}?folder=${encodeURIComponent(folder)}`;
say(`VS Code 1.100.3 (code-server) with skillmd from ${repo}`);
say(`open ${url}`);
say('after `npm run build`, run "Developer: Reload Window" to load the new bundles. Ctrl-C stops.');
if (!existsSync(join(extensionsDir))) say('warning: extensions dir missing');
const stop = () => {
  server.stop();
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.proc.on('exit', (c) => {
  say(`code-server exited (${c})`);
  process.exit(c ?? 1);
});

#!/usr/bin/env node
// `npm start`: open the example skills in VS Code with our extension.
//
// - With a `code` CLI on PATH (desktop VS Code):
//     code --extensionDevelopmentPath=<repo> <repo>/examples
// - Otherwise: the cached code-server (VS Code 1.100.3, installed on first use into
//   .cache/code-server/) with skillmd installed as a symlink to this repo and the
//   examples folder open; prints the URL and runs until Ctrl-C. code-server's own
//   output goes to .cache/vscode-start/code-server.log (its first line names a bare
//   URL that only redirects: the one printed here is the workbench).
//
// Options / environment:
//   --code-server          use code-server even when `code` is on PATH
//   PORT=8080              port for code-server (default 8080, or a free one if taken)
//   SKILLMD_START_FOLDER   folder to open instead of examples/
// The code-server profile (settings, open editors) persists in .cache/vscode-start/.
//
// Every failure ends in one line `[start] <what failed>: <what to do>` and exit 1,
// never a stack trace: this is the first command a new user runs.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureCodeServer } from './vscode/install-code-server.mjs';
import { repo, buildIfStale, installOurExtension, writeUserSettings, freePort, startCodeServer, hasSkill } from './vscode/code-server.mjs';

const say = (s) => console.log(`[start] ${s}`);
// Anything thrown later, outside main()'s chain (an event handler): still one line.
process.on('uncaughtException', (e) => {
  console.error(`[start] npm start failed (${String(e?.message ?? e).split('\n')[0]}); please report this with the output above`);
  process.exit(1);
});

/** A failure a user can act on: `what` failed, `todo` says what to do about it. */
class StartError extends Error {
  constructor(what, todo) {
    super(`${what}; ${todo}`);
  }
}

/** Runs fn; any error becomes a StartError saying `what` failed and `todo`. */
async function step(what, todo, fn) {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof StartError) throw e;
    // One line: an install error may say on its next lines what to run.
    const why = String(e?.message ?? e).split('\n').map((l) => l.trim()).filter(Boolean).join('; ').replace(/[.\s]+$/, '');
    throw new StartError(`${what} (${why})`, todo);
  }
}

function onPath(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function startFolder() {
  const examples = join(repo, 'examples');
  if (process.env.SKILLMD_START_FOLDER) {
    const folder = resolve(process.env.SKILLMD_START_FOLDER);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      throw new StartError(`SKILLMD_START_FOLDER=${process.env.SKILLMD_START_FOLDER} is not a folder`, 'set it to a folder that exists, or unset it to open examples/');
    }
    return folder;
  }
  if (hasSkill(examples)) return examples;
  const fallback = join(repo, 'test', 'vscode', 'workspace');
  say(`examples/ has no SKILL.md yet: opening ${fallback} instead`);
  return fallback;
}

function parsePort() {
  const raw = process.env.PORT;
  if (raw === undefined || raw === '') return 8080;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new StartError(`PORT=${raw} is not a port number`, 'set PORT to a number from 0 to 65535, or unset it');
  return n;
}

async function main() {
  const folder = startFolder();
  const preferredPort = parsePort();
  if (!existsSync(join(repo, 'node_modules', 'esbuild'))) throw new StartError('the dependencies are not installed', 'run `npm ci`, then `npm start` again');
  await step('building the extension failed', 'fix the errors esbuild printed above, then run `npm start` again', () => buildIfStale());

  const code = process.argv.includes('--code-server') ? undefined : onPath('code');
  if (code) {
    say(`${code} --extensionDevelopmentPath=${repo} ${folder}`);
    const r = spawnSync(code, [`--extensionDevelopmentPath=${repo}`, folder], { stdio: 'inherit' });
    if (r.error) throw new StartError(`${code} could not be run (${r.error.message})`, 'check your VS Code install, or run `npm start -- --code-server`');
    return r.status ?? 1;
  }

  const cs = await step('installing code-server failed', 'see the lines above, fix that, then run `npm start` again (or open VS Code yourself: `code --extensionDevelopmentPath=. examples`)', () => ensureCodeServer());
  const state = join(repo, '.cache', 'vscode-start');
  const userDataDir = join(state, 'user-data');
  const extensionsDir = join(state, 'extensions');
  const logFile = join(state, 'code-server.log');
  await step(`installing skillmd into ${extensionsDir} failed`, `delete ${state} and run \`npm start\` again`, () => {
    writeUserSettings(userDataDir);
    installOurExtension(extensionsDir, 'link');
  });
  const port = await step(`no free port near ${preferredPort}`, 'set PORT to a free port', () => freePort(preferredPort));
  const server = await step('code-server did not start', `see ${logFile}, then run \`npm start\` again`, () => startCodeServer({
    entry: cs.entry, userDataDir, extensionsDir, folder, port, stateDir: join(state, 'state'), logFile,
  }));
  // The slashes as they are: code-server redirects `%2F` to `/` (a 302 for a user's first request).
  const url = `${server.url}?folder=${folder.split('/').map(encodeURIComponent).join('/')}`;
  say(`VS Code 1.100.3 (code-server) with skillmd from ${repo}`);
  say(`open ${url}`);
  say(`after \`npm run build\`, run "Developer: Reload Window" to load the new bundles. code-server's log: ${logFile}. Ctrl-C stops.`);
  return new Promise((done) => {
    const stop = () => {
      server.stop();
      setTimeout(() => done(0), 500);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    server.proc.on('exit', (c, signal) => {
      if (c === 0 || signal) return done(0);
      console.error(`[start] code-server stopped with exit code ${c}; see ${logFile}, then run \`npm start\` again`);
      done(1);
    });
  });
}

try {
  process.exit(await main());
} catch (e) {
  const sentence = e instanceof StartError ? e.message : `npm start failed (${String(e?.message ?? e).split('\n')[0]}); please report this with the output above`;
  console.error(`[start] ${sentence}`);
  process.exit(1);
}

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

export const repoRoot = path.join(__dirname, '../..');
export const cliPath = path.join(repoRoot, 'bin/skillmd.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a child process, as a user or CI would. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): CliResult {
  // maxBuffer: spawnSync kills the child past 1 MB of output by default.
  const r = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8', env: { ...process.env, SKILLMD_THREADS: '', ...env }, maxBuffer: 256 * 2 ** 20 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Writes `files` (relative path -> content) into a fresh temp folder. */
export function makeTree(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'skillmd-cli-'));
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, content);
  }
  return root;
}

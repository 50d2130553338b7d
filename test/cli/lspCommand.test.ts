// `skillmd lsp` and `skillmd-language-server`: usage on --help, and stdio when the
// command line names no transport (an editor configured with just the command).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { repoRoot } from './helpers';

const bin = (name: string) => path.join(repoRoot, 'bin', name);

test('--help prints the transports and exits 0, for both commands', () => {
  for (const [args, name] of [[[bin('skillmd.js'), 'lsp', '--help'], 'skillmd lsp'], [[bin('skillmd-language-server.js'), '-h'], 'skillmd-language-server']] as const) {
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout.split('\n')[0], `${name}: the skillmd language server (LSP)`);
    assert.match(r.stdout, new RegExp(`\\n  ${name} \\[--stdio\\] +over stdin and stdout \\(the default\\)\\n`));
  }
});

test('--socket with something other than a port is a usage error (exit 2), not a stack trace', () => {
  for (const [args, name] of [[[bin('skillmd.js'), 'lsp', '--socket=abc'], 'skillmd lsp'], [[bin('skillmd-language-server.js'), '--socket=70000'], 'skillmd-language-server']] as const) {
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    const port = args[args.length - 1].slice('--socket='.length);
    assert.equal(r.stderr.split('\n')[0], `${name}: --socket needs a TCP port number (1-65535), not "${port}"`);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  }
});

for (const args of [['skillmd.js', 'lsp'], ['skillmd-language-server.js']]) {
  test(`\`${args.join(' ')}\` with no transport speaks LSP over stdio`, async () => {
    const proc = spawn(process.execPath, [bin(args[0]), ...args.slice(1)], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += d));
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
    conn.listen();
    try {
      const init = (await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} })) as { capabilities: { hoverProvider?: boolean } };
      assert.equal(init.capabilities.hoverProvider, true);
      await conn.sendRequest('shutdown');
      const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
      await conn.sendNotification('exit');
      assert.equal(await exited, 0);
      assert.doesNotMatch(stderr, /error/i);
    } finally {
      conn.dispose();
      proc.kill();
    }
  });
}

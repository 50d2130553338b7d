// One core behind two faces: for 200 generated skills (the bench generator, with
// references, non-ASCII text and planted problems), the diagnostics the language
// server reports for files that are not open (workspace/diagnostic, from its index)
// equal those of `skillmd check --format json`: code, severity, range and message.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../cli/helpers';
import { makeGeneratedWorkspace, removeWorkspace, startServer, type Diag, type TestClient } from './client';

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

describe('the server and the CLI agree', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    ({ root } = await makeGeneratedWorkspace(200, 5));
    c = await startServer({ root, mode: 'pull' });
    await c.waitForIndex(60_000);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('workspace diagnostics equal the CLI report, file by file', async () => {
    const cli = runCli(['check', '.', '--format', 'json'], root);
    assert.equal(cli.status, 1, cli.stderr);
    const report = JSON.parse(cli.stdout) as { skills: { diagnostics: { code: string; severity: string; message: string; file: string; range: Diag['range'] }[] }[] };
    const fromCli = new Set<string>();
    for (const s of report.skills) for (const d of s.diagnostics) fromCli.add(JSON.stringify([join(root, d.file.startsWith('/') ? d.file.slice(root.length + 1) : d.file), d.code, d.severity, d.range, d.message]));

    const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    const fromServer = new Set<string>();
    for (const item of ws.items) {
      for (const d of item.items ?? []) fromServer.add(JSON.stringify([fileURLToPath(item.uri), d.code, SEVERITY[d.severity ?? 1], d.range, d.message]));
    }
    assert.ok(fromCli.size > 500, `${fromCli.size} CLI diagnostics`);
    assert.deepEqual([...fromServer].filter((d) => !fromCli.has(d)).slice(0, 5), [], 'reported by the server only');
    assert.deepEqual([...fromCli].filter((d) => !fromServer.has(d)).slice(0, 5), [], 'reported by the CLI only');
  });
});

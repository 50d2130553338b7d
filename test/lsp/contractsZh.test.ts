// The Chinese fixture with a broken contract for every check: each contract and registry
// opened in the editor gets exactly what `skillmd check --format json` reports on it
// (code, severity, range, message).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { repoRoot, runCli } from '../cli/helpers';
import { startServer, type Diag, type TestClient } from './client';

const ROOT = path.join(repoRoot, 'test/fixtures/contracts/zh-broken');
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];
const OPEN = ['skills/wenzhang/skill.yaml', 'skills/duo/bing.skill.yaml', 'skills/duo/ding.skill.yaml', 'skills/duo/jia.skill.yaml', 'skills/qita/bing.skill.yaml', 'skills/meta.yaml'];

describe('contracts in Chinese: the editor and the CLI agree', () => {
  let c: TestClient;
  before(async () => {
    c = await startServer({ root: ROOT, mode: 'pull' });
  });
  after(() => c.stop());

  test('every open contract and registry gets what check reports on it', async () => {
    const cli = JSON.parse(runCli(['check', '.', '--format', 'json'], ROOT).stdout) as { problems: { file: string; code: string; severity: string; range: Diag['range']; message: string }[] };
    for (const rel of OPEN) {
      const uri = await c.open(path.join(ROOT, rel), readFileSync(path.join(ROOT, rel), 'utf8'));
      const rep = await c.request<{ items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri } });
      const fromServer = rep.items.map((d) => [d.code, SEVERITY[d.severity ?? 1], d.range, d.message]);
      const fromCli = cli.problems.filter((p) => p.file === rel).map((p) => [p.code, p.severity, p.range, p.message]);
      assert.ok(fromCli.length > 0, rel);
      assert.deepEqual(fromServer, fromCli, rel);
    }
  });
});

// One core behind two faces: for 200 generated skills (the bench generator, with
// references, non-ASCII text and planted problems), the diagnostics the language
// server reports for files that are not open (workspace/diagnostic, from its index)
// equal those of `skillmd check --format json`: code, severity, range and message.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../cli/helpers';
import { makeGeneratedWorkspace, makeWorkspace, removeWorkspace, startServer, type Diag, type TestClient } from './client';

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
    const n = (await agree(root, c)).length;
    assert.ok(n > 500, `${n} CLI diagnostics`);
  });
});

// The files a skill check cannot read, and the configuration's severities for them
// (the server once applied neither `rules` nor `overrides` to these).
describe('the server and the CLI agree on unreadable skill files and per-folder severities', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    const skill = (n: string) => `---\nname: ${n}\ndescription: Does ${n} things. Use when the user asks for ${n}.\n---\n# ${n}\nSee [missing](references/missing.md).\n`;
    root = makeWorkspace({
      'skills/plain/SKILL.md': skill('plain'),
      'skills/quiet/SKILL.md': skill('quiet'),
      'skills/binary/SKILL.md': '---\nname: binary\n\0\0\0',
      '.skillmd.json': JSON.stringify({
        rules: { 'file-binary': 'warning', 'file-encoding': 'info' },
        overrides: [{ files: ['skills/quiet/**'], rules: { 'reference-missing': 'hint' } }, { files: ['skills/binary/**'], rules: { 'file-binary': 'hint' } }],
      }),
    });
    mkdirSync(join(root, 'skills/latin1'));
    writeFileSync(join(root, 'skills/latin1/SKILL.md'), Buffer.from('---\nname: caf\xe9\n---\n', 'latin1'));
    c = await startServer({ root, mode: 'pull' });
    await c.waitForIndex(60_000);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('workspace diagnostics equal the CLI report, file by file', async () => {
    const seen = await agree(root, c);
    assert.deepEqual(seen.map(([file, code, severity]) => [file.slice(root.length + 1), code, severity]).sort(), [
      ['skills/binary/SKILL.md', 'file-binary', 'hint'],
      ['skills/latin1/SKILL.md', 'file-encoding', 'info'],
      ['skills/plain/SKILL.md', 'reference-missing', 'error'],
      ['skills/quiet/SKILL.md', 'reference-missing', 'hint'],
    ]);
  });
});

/** Compares the server's workspace diagnostics with the CLI's report; returns them ([file, code, severity, range, message]). */
async function agree(root: string, c: TestClient): Promise<[string, string, string, Diag['range'], string][]> {
  {
    const cli = runCli(['check', '.', '--format', 'json'], root);
    assert.ok(cli.status === 0 || cli.status === 1, cli.stderr);
    const report = JSON.parse(cli.stdout) as { skills: { diagnostics: { code: string; severity: string; message: string; file: string; range: Diag['range'] }[] }[] };
    const fromCli = new Set<string>();
    for (const s of report.skills) for (const d of s.diagnostics) fromCli.add(JSON.stringify([join(root, d.file.startsWith('/') ? d.file.slice(root.length + 1) : d.file), d.code, d.severity, d.range, d.message]));

    const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    const fromServer = new Set<string>();
    for (const item of ws.items) {
      for (const d of item.items ?? []) fromServer.add(JSON.stringify([fileURLToPath(item.uri), d.code, SEVERITY[d.severity ?? 1], d.range, d.message]));
    }
    assert.deepEqual([...fromServer].filter((d) => !fromCli.has(d)).slice(0, 5), [], 'reported by the server only');
    assert.deepEqual([...fromCli].filter((d) => !fromServer.has(d)).slice(0, 5), [], 'reported by the CLI only');
    return [...fromCli].map((d) => JSON.parse(d) as [string, string, string, Diag['range'], string]);
  }
}

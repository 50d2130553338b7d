// The workspace checks of SKILL.md files nobody opened (routing conflicts, a fallback to
// a missing skill, a fallback cycle) in the workspace diagnostics, pulled and pushed,
// kept current when another skill changes on disk or in an editor.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../cli/helpers';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const PDF = '---\nname: pdf-report\ndescription: Builds PDF reports from spreadsheet data. Use when the user asks for a PDF report of sales figures.\nfallback: csv-clen\n---\n';
const SUMMARY = '---\nname: pdf-summary\ndescription: Builds PDF reports that summarize spreadsheet data. Use when the user asks for a PDF report of sales figures.\n---\n';
const FILES = {
  '.skillmd.json': '{ "targets": ["lovia"], "routing": { "threshold": 0.5 } }',
  'skills/pdf-report/SKILL.md': PDF,
  'skills/pdf-summary/SKILL.md': SUMMARY,
  'skills/csv-clean/SKILL.md': '---\nname: csv-clean\ndescription: Cleans messy CSV files. Use when the data has broken rows.\n---\n',
  'skills/loop-a/SKILL.md': '---\nname: loop-a\ndescription: Translates release notes into German. Use for a German changelog.\nfallback: loop-b\n---\n',
  'skills/loop-b/SKILL.md': '---\nname: loop-b\ndescription: 把发布说明翻译成日语。用于日语更新日志。\nfallback: loop-a\n---\n',
};

type Brief = [unknown, Diag['range'], string, string[]];
const SCOPE = /^(contract|routing)-/;
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

for (const mode of ['pull', 'push'] as const) {
  describe(`workspace checks of closed SKILL.md files (${mode})`, () => {
    let root: string;
    let c: TestClient;
    const uri = (p: string) => uriOf(join(root, p));
    before(async () => {
      root = makeWorkspace(FILES);
      c = await startServer({ root, mode });
    });
    after(async () => {
      await c.stop();
      removeWorkspace(root);
    });

    const rel = (u: string) => u.slice(uriOf(root).length + 1);
    const brief = (ds: Diag[]) => ds.filter((d) => SCOPE.test(String(d.code))).map((d): Brief => [d.code, d.range, d.message, (d.relatedInformation ?? []).map((x) => `${rel(x.location.uri)} ${x.location.range.start.line}:${x.location.range.start.character}`)]);
    /** the workspace checks of every closed skill (pulled, or as last published), once `done` holds */
    const report = async (done: (m: Map<string, Brief[]>) => boolean): Promise<Map<string, Brief[]>> => {
      const end = Date.now() + 15_000;
      for (;;) {
        const m = new Map<string, Brief[]>();
        if (mode === 'pull') {
          const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
          for (const i of ws.items) m.set(rel(i.uri), brief(i.items ?? []));
        } else {
          for (const [u, list] of c.published) m.set(rel(u), brief(list.at(-1)!.diagnostics));
        }
        if (done(m)) return m;
        if (Date.now() > end) assert.fail(`timed out; last report: ${JSON.stringify([...m])}`);
        await new Promise((res) => setTimeout(res, 50));
      }
    };
    const has = (m: Map<string, Brief[]>, file: string, code: string) => !!m.get(file)?.some((d) => d[0] === code);
    const cycle = (a: string, b: string): Brief => ['contract-fallback-cycle', r(3, 10, 3, 16), `fallback cycle: \`${a}\` \u2192 \`${b}\` \u2192 \`${a}\`; a failure would go round forever: end the chain with a skill that has no fallback to these`, []];

    test('carry the routing conflict (related: the other skill), the missing fallback and the cycle; a change on disk updates them', async () => {
      const m = await report((x) => has(x, 'skills/loop-b/SKILL.md', 'contract-fallback-cycle') && has(x, 'skills/pdf-summary/SKILL.md', 'routing-overlap'));
      assert.deepEqual(m.get('skills/pdf-report/SKILL.md'), [
        ['routing-overlap', r(2, 13, 2, 112), '`pdf-report` reads much like `pdf-summary` (similarity 0.91; shared terms: pdf, report, builds, spreadsheet, sales, figures): an agent may pick the wrong one; name the boundary in the description, e.g. "for summarize, use `pdf-summary`"', ['skills/pdf-summary/SKILL.md 2:13']],
        ['contract-fallback-unknown', r(3, 10, 3, 18), 'no skill named `csv-clen` in the workspace, so this fallback never runs; did you mean `csv-clean`?', []],
      ]);
      assert.deepEqual(m.get('skills/pdf-summary/SKILL.md'), [
        ['routing-overlap', r(2, 13, 2, 122), '`pdf-summary` reads much like `pdf-report` (similarity 0.91; shared terms: pdf, report, builds, spreadsheet, sales, figures): an agent may pick the wrong one; name the boundary in the description, e.g. "when to use `pdf-report` instead"', ['skills/pdf-report/SKILL.md 2:13']],
      ]);
      assert.deepEqual(m.get('skills/loop-a/SKILL.md'), [cycle('loop-a', 'loop-b')]);
      assert.deepEqual(m.get('skills/loop-b/SKILL.md'), [cycle('loop-b', 'loop-a')]);
      assert.deepEqual(m.get('skills/csv-clean/SKILL.md') ?? [], []);

      // On disk: pdf-summary now does another job, csv-clean takes the name the fallback uses.
      writeFileSync(join(root, 'skills/pdf-summary/SKILL.md'), '---\nname: pdf-summary\ndescription: Summarizes meeting transcripts into action items. Use after a recorded call.\n---\n');
      writeFileSync(join(root, 'skills/csv-clean/SKILL.md'), '---\nname: csv-clen\ndescription: Cleans messy CSV files. Use when the data has broken rows.\n---\n');
      await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('skills/pdf-summary/SKILL.md'), type: 2 }, { uri: uri('skills/csv-clean/SKILL.md'), type: 2 }] });
      const after = await report((x) => !has(x, 'skills/pdf-report/SKILL.md', 'routing-overlap') && !has(x, 'skills/pdf-report/SKILL.md', 'contract-fallback-unknown') && !has(x, 'skills/pdf-summary/SKILL.md', 'routing-overlap'));
      assert.deepEqual(after.get('skills/pdf-report/SKILL.md'), []);
      assert.deepEqual(after.get('skills/pdf-summary/SKILL.md') ?? [], []);
      assert.deepEqual(after.get('skills/loop-a/SKILL.md'), [cycle('loop-a', 'loop-b')]);
    });

    test('an edit in an open SKILL.md updates the closed skills it concerns', async () => {
      const text = FILES['skills/loop-b/SKILL.md'];
      const b = await c.open(join(root, 'skills/loop-b/SKILL.md'), text);
      // loop-b falls back to csv-clen now: the cycle is gone from loop-a, which is not open.
      await c.change(b, [{ range: r(3, 10, 3, 16), text: 'csv-clen' }]);
      // A pull client asks for the document it shows (push: the server checks it by itself).
      if (mode === 'pull') await c.request('textDocument/diagnostic', { textDocument: { uri: b } });
      const m = await report((x) => !has(x, 'skills/loop-a/SKILL.md', 'contract-fallback-cycle'));
      assert.deepEqual(m.get('skills/loop-a/SKILL.md'), []);
      await c.close(b);
    });
  });
}

// One pass behind two faces: what `skillmd check` reports of these checks, the server
// reports of the same closed files; without `routing` in .skillmd.json neither compares descriptions.
for (const routing of [true, false]) {
  describe(`the CLI and the server agree on the workspace checks (routing ${routing ? 'configured' : 'not configured'})`, () => {
    let root: string;
    let c: TestClient;
    before(async () => {
      root = makeWorkspace({ ...FILES, '.skillmd.json': routing ? FILES['.skillmd.json'] : '{ "targets": ["lovia"] }' });
      c = await startServer({ root, mode: 'pull' });
      await c.waitForIndex();
    });
    after(async () => {
      await c.stop();
      removeWorkspace(root);
    });

    test('the same codes, severities, ranges and messages, file by file', async () => {
      const cli = runCli(['check', '.', '--format', 'json'], root);
      assert.equal(cli.status, 1, cli.stderr);
      // The checks across skills come after the skills' own, in `problems`.
      const report = JSON.parse(cli.stdout) as { problems: { file: string; code: string; severity: string; message: string; range: Diag['range'] }[] };
      const fromCli = report.problems.map((d) => JSON.stringify([d.file, d.code, d.severity, d.range, d.message])).sort();
      const expected = routing ? 5 : 3;
      assert.equal(fromCli.length, expected, fromCli.join('\n'));
      const end = Date.now() + 15_000;
      let fromServer: string[];
      for (;;) {
        const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
        fromServer = ws.items.flatMap((i) => (i.items ?? []).filter((d) => SCOPE.test(String(d.code))).map((d) => JSON.stringify([i.uri.slice(uriOf(root).length + 1), d.code, SEVERITY[d.severity ?? 1], d.range, d.message]))).sort();
        if (fromServer.length >= expected || Date.now() > end) break;
        await new Promise((res) => setTimeout(res, 50));
      }
      assert.deepEqual(fromServer, fromCli);
    });
  });
}

describe('a closed SKILL.md that gains contract fields on disk, in a workspace that had none', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({
      'skills/alpha/SKILL.md': '---\nname: alpha\ndescription: Sorts invoices by date. Use for a pile of invoices.\n---\n',
      'skills/beta/SKILL.md': '---\nname: beta\ndescription: Plans a trip itinerary. Use when travelling.\n---\n',
    });
    c = await startServer({ root, mode: 'pull' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('is checked against the other skills once it is saved; a fix on disk clears it', async () => {
    const file = join(root, 'skills/alpha/SKILL.md');
    const pull = async (done: (ds: Diag[]) => boolean) => {
      const end = Date.now() + 15_000;
      for (;;) {
        const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
        const ds = (ws.items.find((i) => i.uri === uriOf(file))?.items ?? []).filter((d) => SCOPE.test(String(d.code)));
        if (done(ds) || Date.now() > end) return ds.map((d) => [d.code, d.range, d.message]);
        await new Promise((res) => setTimeout(res, 50));
      }
    };
    assert.deepEqual(await pull(() => true), []);
    writeFileSync(file, '---\nname: alpha\ndescription: Sorts invoices by date. Use for a pile of invoices.\nfallback: betta\n---\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(file), type: 2 }] });
    assert.deepEqual(await pull((ds) => ds.length > 0), [['contract-fallback-unknown', r(3, 10, 3, 15), 'no skill named `betta` in the workspace, so this fallback never runs; did you mean `beta`?']]);
    writeFileSync(file, '---\nname: alpha\ndescription: Sorts invoices by date. Use for a pile of invoices.\nfallback: beta\n---\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(file), type: 2 }] });
    assert.deepEqual(await pull((ds) => ds.length === 0), []);
  });
});

describe('an open SKILL.md whose similar skill changes on disk', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace(FILES);
    c = await startServer({ root, mode: 'push' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('is checked again: the routing conflict goes, the missing fallback stays', async () => {
    const uri = await c.open(join(root, 'skills/pdf-report/SKILL.md'), PDF);
    const codes = (ds: Diag[]) => ds.map((d) => String(d.code)).filter((x) => SCOPE.test(x));
    assert.deepEqual(codes(await c.diagnosticsFor(uri, (p) => codes(p.diagnostics).length === 2)), ['routing-overlap', 'contract-fallback-unknown']);
    writeFileSync(join(root, 'skills/pdf-summary/SKILL.md'), '---\nname: pdf-summary\ndescription: Summarizes meeting transcripts into action items. Use after a recorded call.\n---\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(join(root, 'skills/pdf-summary/SKILL.md')), type: 2 }] });
    assert.deepEqual(codes(await c.diagnosticsFor(uri, (p) => codes(p.diagnostics).length === 1)), ['contract-fallback-unknown']);
  });
});

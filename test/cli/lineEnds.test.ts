// The same 300 generated skills (the bench generator: references, non-ASCII text,
// planted YAML and reference problems) checked as written and converted to CRLF with a
// BOM on every SKILL.md: the JSON reports must agree on every diagnostic, position
// included (editors show the file without its BOM, and a line end is no column), but
// for frontmatter-bom itself.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeTree, runCli } from './helpers';

interface Report {
  skills: { path: string; diagnostics: { code: string; severity: string; message: string; file: string; range: unknown }[] }[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

test('CRLF line ends and a BOM change no diagnostic and no position (but for the BOM\'s own)', async () => {
  const { generateCorpus } = await import('../../scripts/bench/corpus.mjs');
  const root = makeTree({});
  try {
    let converted = 0;
    for (const f of generateCorpus({ skills: 300, seed: 11 }) as Iterable<{ path: string; data: string | Uint8Array }>) {
      const bytes = typeof f.data === 'string' ? Buffer.from(f.data) : Buffer.from(f.data);
      for (const side of ['lf', 'crlf']) {
        const p = path.join(root, side, f.path);
        mkdirSync(path.dirname(p), { recursive: true });
        let out: Uint8Array = bytes;
        if (side === 'crlf' && f.path.endsWith('.md')) {
          let text: string;
          try {
            text = decoder.decode(bytes);
          } catch {
            text = ''; // planted invalid UTF-8: kept as is
          }
          if (text && !text.startsWith('\ufeff')) {
            const crlf = text.replace(/\r?\n/g, '\r\n');
            out = Buffer.from(f.path.endsWith('SKILL.md') ? '\ufeff' + crlf : crlf);
            converted++;
          }
        }
        writeFileSync(p, out);
      }
    }
    assert.ok(converted > 300, `${converted} Markdown files converted`);
    const report = (side: string): string[] => {
      const r = runCli(['check', side, '--format', 'json'], root);
      assert.equal(r.status, 1, r.stderr);
      const json = JSON.parse(r.stdout) as Report;
      return json.skills.flatMap((s) => s.diagnostics.map((d) => JSON.stringify([path.relative(side, d.file), d.code, d.severity, d.range, d.message]))).sort();
    };
    const lf = report('lf');
    const all = report('crlf');
    // The BOM itself is reported (for the agents that read raw bytes), at 1:1 and nowhere else.
    const bom = all.filter((d) => JSON.parse(d)[1] === 'frontmatter-bom');
    assert.ok(bom.length > 100, `${bom.length} BOM diagnostics`);
    for (const d of bom) assert.deepEqual(JSON.parse(d)[3], { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    const crlf = all.filter((d) => !bom.includes(d));
    assert.ok(lf.length > 1000, `${lf.length} diagnostics`);
    assert.deepEqual(crlf.filter((d) => !lf.includes(d)).slice(0, 5), []);
    assert.deepEqual(lf.filter((d) => !crlf.includes(d)).slice(0, 5), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

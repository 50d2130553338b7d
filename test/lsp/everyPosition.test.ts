// Every position of every example skill, as written and again with CRLF line ends and
// a BOM: hover, completion, definition, references, rename preparation and code
// actions all answer without an error, and every range they return lies inside the
// document it names (UTF-16 columns, line ends excluded). Catches off-by-one, BOM and
// CRLF slips that hand-picked positions miss.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, removeWorkspace, repo, startServer, type TestClient } from './client';

type Range = { start: { line: number; character: number }; end: { line: number; character: number } };

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) filesUnder(p, out);
    else out.push(p);
  }
  return out;
}

const examples = join(repo, 'examples');
const files: Record<string, string> = {};
for (const f of filesUnder(examples)) {
  const rel = relative(examples, f);
  const text = readFileSync(f, 'utf8');
  files[`lf/${rel}`] = text;
  // The same skills with CRLF (a lone LF becomes CRLF) and, for SKILL.md, a BOM.
  const crlf = text.replace(/\r?\n/g, '\r\n');
  files[`crlf/${rel}`] = f.endsWith('SKILL.md') ? '\ufeff' + crlf : crlf;
}

/** Line lengths in UTF-16 units, split as LSP does (CRLF, CR, LF). */
function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((l) => l.length);
}

describe('every position of the example skills (LF and CRLF + BOM)', () => {
  let root: string;
  let c: TestClient;
  const texts = new Map<string, string>();
  before(async () => {
    root = makeWorkspace(files);
    for (const [rel, text] of Object.entries(files)) texts.set(join(root, rel), text);
    c = await startServer({ root, mode: 'pull' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('requests answer everywhere, with ranges inside their documents', async () => {
    const problems: string[] = [];
    let checkedRanges = 0;
    const inside = (where: string, uri: string, range: Range | undefined) => {
      if (!range) return;
      const text = texts.get(fileURLToPath(uri));
      if (text === undefined) return; // a file the test did not write (none expected)
      const lens = lineLengths(text);
      checkedRanges++;
      for (const p of [range.start, range.end]) {
        if (p.line < 0 || p.line >= lens.length || p.character < 0 || p.character > lens[p.line]) {
          problems.push(`${where}: ${JSON.stringify(range)} outside ${relative(root, fileURLToPath(uri))} (line ${p.line} has ${lens[p.line]} units)`);
        }
      }
      if (range.start.line > range.end.line || (range.start.line === range.end.line && range.start.character > range.end.character)) {
        problems.push(`${where}: reversed range ${JSON.stringify(range)}`);
      }
    };
    const editsIn = (where: string, edit: { changes?: Record<string, { range: Range }[]>; documentChanges?: unknown[] } | undefined) => {
      for (const [uri, edits] of Object.entries(edit?.changes ?? {})) for (const e of edits) inside(where, uri, e.range);
      for (const dc of edit?.documentChanges ?? []) {
        const d = dc as { textDocument?: { uri: string }; edits?: { range: Range }[] };
        for (const e of d.edits ?? []) inside(where, d.textDocument!.uri, e.range);
      }
    };
    const ask = async <T>(where: string, method: string, params: unknown): Promise<T | undefined> => {
      try {
        return await c.request<T>(method, params);
      } catch (e) {
        problems.push(`${where}: ${method} failed: ${(e as Error).message}`);
        return undefined;
      }
    };

    const skills = [...texts.keys()].filter((f) => f.endsWith('SKILL.md')).sort();
    assert.equal(skills.length, 14, 'seven example skills, twice');
    let positions = 0;
    for (const file of skills) {
      const text = texts.get(file)!;
      const uri = await c.open(file, text);
      const textDocument = { uri };
      const name = relative(root, file);
      const diags = (await ask<{ items: { range: Range }[] }>(name, 'textDocument/diagnostic', { textDocument }))?.items ?? [];
      for (const d of diags) inside(`${name} diagnostic`, uri, d.range);
      for (const l of (await ask<{ range: Range; target?: string }[]>(name, 'textDocument/documentLink', { textDocument })) ?? []) inside(`${name} link`, uri, l.range);
      for (const s of (await ask<{ range: Range; selectionRange: Range }[]>(name, 'textDocument/documentSymbol', { textDocument })) ?? []) {
        inside(`${name} symbol`, uri, s.range);
        inside(`${name} symbol`, uri, s.selectionRange);
      }
      const lens = lineLengths(text);
      for (let line = 0; line < lens.length; line++) {
        // One request of each kind per column of the line, sent together.
        await Promise.all(Array.from({ length: lens[line] + 1 }, async (_, character) => {
          positions++;
          const at = `${name} ${line}:${character}`;
          const position = { line, character };
          const hover = await ask<{ range?: Range }>(at, 'textDocument/hover', { textDocument, position });
          inside(`${at} hover`, uri, hover?.range);
          const completion = await ask<{ items: { textEdit?: { range?: Range; insert?: Range; replace?: Range } }[] } | { textEdit?: { range?: Range } }[]>(at, 'textDocument/completion', { textDocument, position });
          const items = Array.isArray(completion) ? completion : completion?.items ?? [];
          for (const it of items) {
            const te = it.textEdit as { range?: Range; insert?: Range; replace?: Range } | undefined;
            inside(`${at} completion`, uri, te?.range);
            inside(`${at} completion`, uri, te?.insert);
            inside(`${at} completion`, uri, te?.replace);
          }
          type Target = { uri?: string; range?: Range; targetUri?: string; targetRange?: Range };
          const defs = await ask<Target[] | Target | null>(at, 'textDocument/definition', { textDocument, position });
          for (const d of Array.isArray(defs) ? defs : defs ? [defs] : []) {
            if (d.targetUri) inside(`${at} definition`, d.targetUri, d.targetRange);
            else if (d.uri) inside(`${at} definition`, d.uri, d.range);
          }
          const refs = await ask<{ uri: string; range: Range }[]>(at, 'textDocument/references', { textDocument, position, context: { includeDeclaration: true } });
          for (const r of refs ?? []) inside(`${at} references`, r.uri, r.range);
          const rename = await ask<Range | { range: Range } | null>(at, 'textDocument/prepareRename', { textDocument, position });
          inside(`${at} prepareRename`, uri, rename && 'range' in rename ? rename.range : (rename as Range | null) ?? undefined);
          const here = diags.filter((d) => d.range.start.line <= line && line <= d.range.end.line);
          const actions = await ask<{ edit?: Parameters<typeof editsIn>[1] }[]>(at, 'textDocument/codeAction', { textDocument, range: { start: position, end: position }, context: { diagnostics: here } });
          for (const a of actions ?? []) editsIn(`${at} code action`, a.edit);
        }));
      }
      await c.close(uri);
    }
    assert.deepEqual(problems.slice(0, 20), []);
    // The sweep really covered the files and saw ranges to check.
    assert.ok(positions > 4000, `${positions} positions`);
    assert.ok(checkedRanges > 1000, `${checkedRanges} ranges checked`);
  });
});

// A bare CR is a line break to editors and to LSP, and not one to `yaml`. The hover
// range of a quoted value with one inside (`"first\rsecond"`) used to end past the
// end of its line: the fast frontmatter reader (lines end at LF) accepted it and put
// every range of an entry on the entry's line. It now leaves such input to `yaml`,
// whose ranges come from the line index. Over stdio: every hover range lies inside
// the document as the client splits it into lines.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, type Diag, type TestClient } from './client';

const TEXT = '---\nname: cr-value\ndescription: "Use when a value has a bare\rCR in it."\nlicense: MIT\r\n---\nBody.\n';
/** The lines as LSP has them: CRLF, LF and CR each end a line. */
const clientLines = (text: string) => text.split(/\r\n|\r|\n/);

describe('ranges around a bare CR', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ 'cr-value/SKILL.md': TEXT });
    c = await startServer({ root, mode: 'push', settings: { diagnostics: { workspace: false } } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('the hover on a value with a bare CR ends on its line; every hover range is inside its lines', async () => {
    const uri = await c.open(join(root, 'cr-value/SKILL.md'), TEXT);
    const hover = (line: number, character: number) => c.request<{ range?: Diag['range'] } | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });
    // To `yaml` the quote is not closed before the CR: the value ends there, and what
    // follows is read as a key of its own (so says yaml-syntax, at the CR).
    assert.deepEqual((await hover(2, 20))?.range, r(2, 13, 2, 41));
    const diagnostics = await c.diagnosticsFor(uri);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range]), [
      ['yaml-syntax', r(2, 41, 3, 0)],
      ['yaml-syntax', r(3, 0, 4, 7)],
      ['unknown-field', r(3, 0, 4, 7)],
    ]);
    assert.deepEqual((await hover(4, 10))?.range, r(4, 9, 4, 12));
    const lines = clientLines(TEXT);
    for (let line = 0; line < lines.length; line++) {
      for (let character = 0; character <= lines[line].length; character++) {
        const h = await hover(line, character);
        if (!h?.range) continue;
        for (const p of [h.range.start, h.range.end]) {
          assert.ok(p.line < lines.length && p.character <= lines[p.line].length, `hover at ${line}:${character}: ${JSON.stringify(h.range)} is outside its line`);
        }
      }
    }
  });
});

// Renaming a referenced file keeps every reference alive: in 30 generated skills (the
// bench generator: links with fragments, `./`, code paths, a wrong-case link), one
// referenced Markdown file each is renamed through workspace/willRenameFiles with
// updates set to `always`; after applying the edits and moving the file, `skillmd
// check` reports the same diagnostics as before (a case mismatch may only go away).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { runCli } from '../cli/helpers';
import { makeGeneratedWorkspace, removeWorkspace, startServer, uriOf, type TestClient } from './client';

type Edit = { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string };

describe('file renames keep references', () => {
  let root: string;
  let c: TestClient;
  const skills: string[] = [];
  before(async () => {
    let skillFiles: string[];
    ({ root, skillFiles } = await makeGeneratedWorkspace(120, 9));
    skills.push(...skillFiles);
    c = await startServer({ root, mode: 'pull', settings: { rename: { updateReferences: 'always' } } });
    await c.waitForIndex(60_000);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('after willRenameFiles edits and the move, the checks find what they found before', async () => {
    const report = (dir: string) => {
      const r = runCli(['check', dir, '--format', 'json'], root);
      const json = JSON.parse(r.stdout) as { skills: { diagnostics: { code: string; message: string }[] }[] };
      return json.skills.flatMap((s) => s.diagnostics.map((d) => `${d.code} ${d.message}`)).sort();
    };
    let renamed = 0;
    let edited = 0;
    for (const skill of skills) {
      if (renamed === 30) break;
      const refs = join(dirname(skill), 'references');
      const text = readFileSync(skill, 'utf8');
      const name = existsSync(refs) ? readdirSync(refs).find((f) => f.endsWith('.md') && text.includes(`references/${f}`)) : undefined;
      if (!name) continue;
      renamed++;
      const dir = dirname(skill);
      const before = report(dir);
      const from = join(refs, name);
      const to = join(refs, `moved-${name}`);
      const edit = await c.request<{ documentChanges?: { textDocument: { uri: string }; edits: Edit[] }[]; changes?: Record<string, Edit[]> } | null>('workspace/willRenameFiles', { files: [{ oldUri: uriOf(from), newUri: uriOf(to) }] });
      assert.ok(edit, `an edit for ${from}`);
      const changes = edit.changes ?? Object.fromEntries((edit.documentChanges ?? []).map((d) => [d.textDocument.uri, d.edits]));
      for (const [uri, edits] of Object.entries(changes)) {
        const file = fileURLToPath(uri);
        writeFileSync(file, TextDocument.applyEdits(TextDocument.create(uri, 'markdown', 1, readFileSync(file, 'utf8')), edits));
        edited++;
      }
      renameSync(from, to);
      await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(from), type: 3 }, { uri: uriOf(to), type: 1 }] });
      const now = report(dir).map((d) => d.replaceAll(`moved-${name}`, name));
      const lost = before.filter((d) => !now.includes(d) && !d.startsWith('reference-case-mismatch'));
      assert.deepEqual({ file: from, lost, gained: now.filter((d) => !before.includes(d)) }, { file: from, lost: [], gained: [] });
    }
    assert.equal(renamed, 30);
    assert.ok(edited >= 30, `${edited} files edited`);
  });
});

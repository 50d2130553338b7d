// Duplicate names and descriptions of closed skills, from the first index on: the skill
// set takes each check's summary (no second read) and is computed once the index is
// done, not after every batch (lsp/skillSet.ts). Both skills get it; a change on disk
// that tells them apart takes it away again.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, uriOf, type Diag } from './client';

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;
const SAME = 'Formats tables. Use when asked to align a table.';

test('closed skills with one description, many batches apart: both reported after the first index, gone after a disk change', async () => {
  const files: Record<string, string> = {};
  // Over two index batches (24 skills each) between the two.
  for (let i = 0; i < 60; i++) files[`skills/s${String(i).padStart(2, '0')}/SKILL.md`] = skill(`s${String(i).padStart(2, '0')}`, i === 0 || i === 59 ? SAME : `Handles task number ${i}. Use when asked for task ${i}.`);
  const root = makeWorkspace(files);
  const c = await startServer({ root, mode: 'push' });
  const first = uriOf(join(root, 'skills/s00/SKILL.md'));
  const last = uriOf(join(root, 'skills/s59/SKILL.md'));
  const dup = (list: Diag[]) => list.filter((d) => d.code === 'duplicate-description').map((d) => [d.range, d.message, (d.relatedInformation ?? []).map((i) => i.location.uri)]);
  try {
    await c.waitForIndex();
    const desc = r(2, 13, 2, 13 + SAME.length);
    assert.deepEqual(dup(await c.diagnosticsFor(first, (p) => dup(p.diagnostics).length > 0)), [[desc, '`s59/SKILL.md` has the same description, so the agent cannot tell when to use which; say what sets this skill apart.', [last]]]);
    assert.deepEqual(dup(await c.diagnosticsFor(last, (p) => dup(p.diagnostics).length > 0)), [[desc, '`s00/SKILL.md` has the same description, so the agent cannot tell when to use which; say what sets this skill apart.', [first]]]);
    writeFileSync(join(root, 'skills/s59/SKILL.md'), skill('s59', 'Counts words. Use when asked how long a text is.'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: last, type: 2 }] });
    assert.deepEqual(dup(await c.diagnosticsFor(first, (p) => dup(p.diagnostics).length === 0)), []);
    assert.deepEqual(dup(await c.diagnosticsFor(last, (p) => dup(p.diagnostics).length === 0)), []);
  } finally {
    await c.stop();
    removeWorkspace(root);
  }
});

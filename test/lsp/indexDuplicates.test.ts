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

// Typing into an open SKILL.md recomputes only the skills that share its old or new
// name or description (lsp/skillSet.ts, nextAround): the result must be the full one,
// related information in the same order, and unrelated clashes must stay as they were.
test('typing into an open skill: a three-way clash appears and goes, an unrelated clash stays', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 8; i++) files[`skills/k${i}/SKILL.md`] = skill(`k${i}`, i === 1 || i === 2 ? SAME : i === 5 || i === 6 ? 'Sorts lists. Use when asked to order a list.' : `Handles job ${i}. Use when asked for job ${i}.`);
  const root = makeWorkspace(files);
  const c = await startServer({ root, mode: 'push' });
  const u = (n: number) => uriOf(join(root, `skills/k${n}/SKILL.md`));
  const dup = (list: Diag[]) => list.filter((d) => d.code === 'duplicate-description').map((d) => [d.message, (d.relatedInformation ?? []).map((i) => i.location.uri)]);
  try {
    await c.waitForIndex();
    const k0 = await c.open(join(root, 'skills/k0/SKILL.md'), files['skills/k0/SKILL.md']);
    await c.diagnosticsFor(k0, (p) => p.version === 1);
    const own = files['skills/k0/SKILL.md'].split('\n')[2];
    const v2 = await c.change(k0, [{ range: r(2, 13, 2, own.length), text: SAME }]);
    assert.deepEqual(dup(await c.diagnosticsFor(k0, (p) => p.version === v2)), [
      ['`k1/SKILL.md`, `k2/SKILL.md` have the same description, so the agent cannot tell when to use which; say what sets this skill apart.', [u(1), u(2)]],
    ]);
    assert.deepEqual(dup(await c.diagnosticsFor(u(1), (p) => dup(p.diagnostics)[0]?.[1].length === 2)), [
      ['`k0/SKILL.md`, `k2/SKILL.md` have the same description, so the agent cannot tell when to use which; say what sets this skill apart.', [u(0), u(2)]],
    ]);
    // The clash of k5 and k6 is not touched by k0's edits.
    const k5 = dup(await c.diagnosticsFor(u(5), (p) => dup(p.diagnostics).length > 0));
    const v3 = await c.change(k0, [{ range: r(2, 13, 2, 13 + SAME.length), text: 'Counts words. Use when asked how long a text is.' }]);
    assert.deepEqual(dup(await c.diagnosticsFor(k0, (p) => p.version === v3)), []);
    assert.deepEqual(dup(await c.diagnosticsFor(u(2), (p) => dup(p.diagnostics)[0]?.[1].length === 1)), [
      ['`k1/SKILL.md` has the same description, so the agent cannot tell when to use which; say what sets this skill apart.', [u(1)]],
    ]);
    assert.deepEqual(dup(c.published.get(u(5))!.at(-1)!.diagnostics), k5);
  } finally {
    await c.stop();
    removeWorkspace(root);
  }
});

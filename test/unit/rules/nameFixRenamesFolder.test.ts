// Issue 18 item 7: "Change name to `x`" on a skill whose folder cannot be the name
// (`Data_Cleaner/`) raised name-folder-mismatch and needed a second fix. Where a target
// wants them equal, the first fix changes the name and renames the folder in one go.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { check } from '../helpers';

const TEXT = '---\nname: Data_Cleaner\ndescription: Cleans CSV files. Use when the user asks to fix a CSV file.\n---\n';

test('a folder that is no valid name: one fix renames name and folder together', () => {
  const d = check(TEXT, { path: '/ws/skills/Data_Cleaner/SKILL.md', targets: ['agentskills'] }).find((x) => x.code === 'name-format')!;
  assert.deepEqual(d.fixes, [
    {
      title: 'Change name to `data-cleaner` and rename the folder to match',
      edits: [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 18 } }, newText: 'data-cleaner' }],
      change: { edits: {}, renames: [{ from: '/ws/skills/Data_Cleaner', to: '/ws/skills/data-cleaner' }] },
      preferred: true,
    },
    { title: 'Change name to `data-cleaner`', edits: [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 18 } }, newText: 'data-cleaner' }], preferred: true },
  ]);
});

test('a folder that is the right name: the name alone (it fixes the mismatch too)', () => {
  const titles = (path: string, targets: ('agentskills' | 'claude-code')[]) => check(TEXT, { path, targets }).find((x) => x.code === 'name-format')?.fixes?.map((f) => f.title);
  assert.deepEqual(titles('/ws/skills/data-cleaner/SKILL.md', ['agentskills']), ['Change name to `data-cleaner`']);
});

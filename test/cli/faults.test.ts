// Faults that used to take a whole run down or leave the tree (issue 22): each is a
// tree built here and the CLI run over it as a child process.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, test } from 'node:test';
import { makeTree, runCli } from './helpers';

const DESCRIPTION = 'Formats CSV files as tables. Use when converting CSV data into Markdown tables.';
const OK = (name: string, body = `# ${name}\n`) => `---\nname: ${name}\ndescription: ${DESCRIPTION}\n---\n${body}`;

const trees: string[] = [];
const tree = (files: Record<string, string | Uint8Array>) => {
  const t = makeTree(files);
  trees.push(t);
  return t;
};
after(() => {
  for (const t of trees) rmSync(t, { recursive: true, force: true });
});

test('special-token text (`<|im_start|>`, `<|endoftext|>`) in a body is counted as text: both skills are checked', () => {
  const dir = tree({
    // Over 15,000 bytes, so body-too-long counts the body's tokens (about 3,000 of them).
    'skills/chat/SKILL.md': OK('chat', '# Chat template\n\n```\n<|im_start|>system\nYou are helpful.<|im_end|>\n<|endoftext|>\n```\n\n' + 'word '.repeat(3200) + '\n'),
    'skills/plain/SKILL.md': OK('plain'),
  });
  const r = runCli(['check', 'skills', '--format', 'json'], dir);
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.skills.map((s: { name: string; diagnostics: unknown[] }) => [s.name, s.diagnostics.length]), [['chat', 0], ['plain', 0]]);
  assert.deepEqual(j.summary, { skills: 2, errors: 0, warnings: 0 });
});

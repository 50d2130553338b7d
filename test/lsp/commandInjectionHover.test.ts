// Hover on a command injection (`` !`cmd` ``) in a Claude Code skill's body, over stdio.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, r, removeWorkspace, startServer, type TestClient } from './client';

const DOC = '---\nname: pr\ndescription: Summarizes the open pull request. Use when asked about the PR.\n---\nDiff: !`gh pr diff` and !`gh pr view`.\n\nPlain text.\n';

describe('hover on command injections', () => {
  let root: string;
  let c: TestClient;
  let uri: string;
  before(async () => {
    root = makeWorkspace({ '.claude/skills/pr/SKILL.md': DOC, 'skills/spec/SKILL.md': DOC.replace('name: pr', 'name: spec') });
    c = await startServer({ root, mode: 'push' });
    uri = await c.open(join(root, '.claude/skills/pr/SKILL.md'), DOC);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });
  const hover = (line: number, character: number, u = uri) => c.request<{ contents: { kind: string; value: string }; range: unknown } | null>('textDocument/hover', { textDocument: { uri: u }, position: { line, character } });

  test('shows what it runs, and every command of the skill', async () => {
    const h = await hover(4, 27);
    assert.deepEqual(h?.range, r(4, 24, 4, 37));
    assert.equal(h?.contents.value, '**Command injection** (claude-code): runs in the shell when the skill loads; its output replaces this text before the model reads it.\n\nThis skill runs 2 commands:\n\n1. `gh pr diff`\n2. `gh pr view` ← this one');
  });

  test('nothing on plain text, nor for agents that do not run them', async () => {
    assert.equal(await hover(6, 2), null);
    const spec = await c.open(join(root, 'skills/spec/SKILL.md'), DOC.replace('name: pr', 'name: spec'));
    assert.equal(await hover(4, 10, spec), null);
  });
});

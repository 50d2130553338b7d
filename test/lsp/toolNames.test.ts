// `allowed-tools` completion and hover over stdio read the Claude Code profile's tool
// table (facts.tools), the one the tool rules validate against: no second list.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { claudeCode } from '../../server/src/core/profiles/claudeCode';
import { makeWorkspace, r, removeWorkspace, startServer, type Diag, type TestClient } from './client';

const CLAUDE = '---\nname: tools\ndescription: Uses tools. Use when testing tool names.\nallowed-tools: \n---\nBody.\n';
const SPEC = '---\nname: spec\ndescription: A spec skill. Use when testing tool names elsewhere.\nallowed-tools: \n---\nBody.\n';

interface Item { label: string; detail?: string; documentation?: string; textEdit: { range: Diag['range']; newText: string } }
interface HoverResult { contents: { value: string }; range: Diag['range'] }

describe('tool names from the profile table', () => {
  let root: string;
  let c: TestClient;
  let claudeUri: string;
  let specUri: string;
  before(async () => {
    root = makeWorkspace({ '.claude/skills/tools/SKILL.md': CLAUDE, 'skills/spec/SKILL.md': SPEC });
    c = await startServer({ root, mode: 'pull' });
    claudeUri = await c.open(join(root, '.claude/skills/tools/SKILL.md'), CLAUDE);
    specUri = await c.open(join(root, 'skills/spec/SKILL.md'), SPEC);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });
  const complete = (uri: string) => c.request<Item[]>('textDocument/completion', { textDocument: { uri }, position: { line: 3, character: 15 } });

  test('completion offers exactly the profile\'s tools, then a scoped pattern for each tool that runs anything', async () => {
    const tools = claudeCode.facts!.tools!;
    const items = await complete(claudeUri);
    assert.deepEqual(items.map((i) => i.label), [...tools.names, 'Bash(\u2026:*)', 'PowerShell(\u2026:*)']);
    const grep = items.find((i) => i.label === 'Grep')!;
    assert.deepEqual([grep.detail, grep.documentation, grep.textEdit], ['claude-code', tools.docs.Grep, { range: r(3, 15, 3, 15), newText: 'Grep' }]);
    assert.equal(items.find((i) => i.label === 'Bash(\u2026:*)')!.textEdit.newText, 'Bash(${1:git}:*)');
    // Older names (`Task`, `MultiEdit`) are not offered: tool-unknown asks to replace them.
    assert.equal(items.some((i) => i.label === 'Task' || i.label === 'MultiEdit'), false);
  });

  test('no target that lists tools (the spec leaves names to the agent): none offered', async () => {
    assert.deepEqual(await complete(specUri), []);
  });

  test('hover on a tool: its line from the table, with the source', async () => {
    await c.change(claudeUri, [{ range: r(3, 15, 3, 15), text: 'Read Grep' }]);
    const h = await c.request<HoverResult>('textDocument/hover', { textDocument: { uri: claudeUri }, position: { line: 3, character: 21 } });
    assert.deepEqual(h.range, r(3, 20, 3, 24));
    assert.equal(h.contents.value.split('\n\n')[1], `\`Grep\` (Claude Code): ${claudeCode.facts!.tools!.docs.Grep} \u2014 [source](${claudeCode.facts!.tools!.source})`);
  });
});

// The frontmatter snippet in a file whose text keeps its BOM (clients other than VS Code):
// offered after `-` as without a BOM, and its edit starts after the BOM.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { profiles } from '../../../server/src/core/profiles/registry';
import { provideCompletion } from '../../../server/src/lsp/completion';

const targets = profiles.filter((p) => p.id === 'agentskills');
const complete = (text: string, character: number) =>
  provideCompletion(parseSkillDocument('/s/my-skill/SKILL.md', text), { line: 0, character }, targets, { snippets: false });

test('with a BOM in the text: the --- snippet after `-` and on the BOM alone, never replacing it', () => {
  for (const [text, at] of [['\ufeff', 1], ['\ufeff-', 2], ['-', 1], ['', 0]] as const) {
    const items = complete(text, at);
    assert.deepEqual(items.map((i) => i.label), ['---'], JSON.stringify(text));
    const edit = items[0].textEdit as { range: { start: { character: number }; end: { character: number } } };
    assert.equal(edit.range.start.character, text.startsWith('\ufeff') ? 1 : 0, JSON.stringify(text));
    assert.equal(edit.range.end.character, at);
  }
  assert.deepEqual(complete('\ufeff', 0), [], 'before the BOM');
  assert.deepEqual(complete('\ufeff# Title', 3), [], 'not over text');
});

test('the --- snippet escapes `$`, `}` and `\\` of the folder name, as the name key snippet does', () => {
  const items = provideCompletion(parseSkillDocument('/s/a$b}c/SKILL.md', ''), { line: 0, character: 0 }, targets, { snippets: true });
  assert.equal((items[0].textEdit as { newText: string }).newText, '---\nname: ${1:a\\$b\\}c}\ndescription: ${2:What the skill does. Use when …}\n---\n\n$0');
});

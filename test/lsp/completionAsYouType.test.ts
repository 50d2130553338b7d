// Completion as you type in the frontmatter (issue 18 item 7), over stdio: `:` and
// space are trigger characters, so `license:` + space lists SPDX ids, `model: ` the
// model aliases; a key's completion that has choices opens them at once.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, removeWorkspace, startServer, type TestClient } from './client';

interface Item { label: string; command?: { command: string }; textEdit?: { newText: string } }

describe('completion as you type', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({});
    c = await startServer({ root, mode: 'push', settings: { targets: ['claude-code'], diagnostics: { workspace: false } } });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  const complete = async (text: string, line: number, character: number, triggerCharacter?: string) => {
    const uri = await c.open(join(root, `typing/SKILL.md`), text);
    const items = await c.request<Item[]>('textDocument/completion', {
      textDocument: { uri }, position: { line, character },
      context: triggerCharacter ? { triggerKind: 2, triggerCharacter } : { triggerKind: 1 },
    });
    await c.close(uri);
    return items;
  };
  const HEAD = '---\nname: typing\ndescription: Types. Use when testing completion.\n';

  test('the trigger characters include `:` and space', () => {
    const caps = (c as unknown as { initializeResult: { capabilities: { completionProvider: { triggerCharacters: string[] } } } }).initializeResult.capabilities;
    assert.ok(caps.completionProvider.triggerCharacters.includes(':') && caps.completionProvider.triggerCharacters.includes(' '));
  });

  test('`license: ` lists SPDX ids; `model: ` the aliases; `context: ` fork', async () => {
    const labels = async (line: string) => (await complete(`${HEAD}${line}\n---\n`, 3, line.length, ' ')).map((i) => i.label);
    assert.deepEqual(await labels('license: '), ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'BSD-2-Clause', 'ISC', 'MPL-2.0', 'GPL-3.0-only', 'GPL-3.0-or-later', 'LGPL-3.0-only', 'AGPL-3.0-only', 'Unlicense', 'CC0-1.0', 'CC-BY-4.0']);
    assert.deepEqual(await labels('model: '), ['inherit', 'sonnet', 'opus', 'haiku']);
    assert.deepEqual(await labels('context: '), ['fork']);
  });

  test('choosing the `license` key opens its values at once', async () => {
    const items = await complete(`${HEAD}lic\n---\n`, 3, 3);
    const license = items.find((i) => i.label === 'license')!;
    assert.equal(license.textEdit?.newText, 'license: $1');
    assert.equal(license.command?.command, 'editor.action.triggerSuggest');
  });
});

// Every frontmatter key the server completes, for every agent profile, inserted on an
// empty frontmatter line with its snippet's defaults (what pressing Tab through it
// leaves), and with each choice it offers, is a valid value of the right shape: it
// adds no diagnostic.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { profileIds } from '../../server/src/core/profiles/registry';
import { makeWorkspace, removeWorkspace, startServer, type Diag, type TestClient } from './client';

/** A snippet as inserted when each placeholder keeps its default (first choice). */
function expand(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|([^,|}]*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\}|\$\d+/g, '')
    .replace(/\\([$}\\])/g, '$1');
}

describe('frontmatter key snippets', () => {
  let root: string;
  let c: TestClient;
  const base = '---\nname: my-skill\ndescription: Does things. Use when testing the completion of every key.\n\n---\n# Body\n';
  before(async () => {
    root = makeWorkspace({ 'skills/my-skill/SKILL.md': base });
    c = await startServer({ root, mode: 'pull' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('each completed key, defaults kept, adds no diagnostic (every profile)', async () => {
    const file = join(root, 'skills/my-skill/SKILL.md');
    const uri = await c.open(file, base);
    const codes = async () => (await c.request<{ items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri } })).items.map((d) => `${d.code}: ${d.message}`);
    const problems: string[] = [];
    let keys = 0;
    // Past the end: the server clamps it, so this replaces the whole text.
    const whole = { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } };
    for (const profile of profileIds) {
      await c.setSettings({ targets: [profile] });
      await c.change(uri, [{ range: whole, text: base }]);
      const before = await codes();
      type Item = { label: string; textEdit?: { newText: string }; insertText?: string };
      const list = await c.request<Item[] | { items: Item[] }>('textDocument/completion', { textDocument: { uri }, position: { line: 3, character: 0 } });
      for (const item of Array.isArray(list) ? list : list.items) {
        keys++;
        const snippet = item.textEdit?.newText ?? item.insertText ?? item.label;
        // Every choice of a `${1|a,b|}` placeholder, not only the first.
        const choices = /\$\{\d+\|([^|}]*)\|\}/.exec(snippet)?.[1].split(',') ?? [undefined];
        for (const choice of choices) {
          const inserted = expand(choice === undefined ? snippet : snippet.replace(/\$\{\d+\|[^|}]*\|\}/, choice));
          await c.change(uri, [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: inserted }]);
          let added = (await codes()).filter((d) => !before.includes(d));
          // Advice that depends on the rest of the skill, which a completed key cannot write:
          // a declared argument the body does not use yet, a fork that names no agent yet.
          const pending = new Set(['argument-unused', 'fork-without-agent']);
          added = added.filter((d) => !pending.has(d.split(':')[0]));
          if (added.length) problems.push(`${profile} ${item.label} ${JSON.stringify(inserted)}: ${added.join(' | ')}`);
          await c.change(uri, [{ range: whole, text: base }]);
        }
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(keys >= 30, `${keys} keys completed`);
  });
});

// The server over stdio on a skill whose links lead out of it (symbolic links to
// /etc/passwd, to a folder and a file outside the workspace, into a sibling skill, `..`):
// hover, links, definition, completion, diagnostics and the preview requests never
// carry the secret, and say why the content is not shown (docs/security.md).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, removeWorkspace, startServer, type Diag, type TestClient } from './client';

const SECRET = 'SECRET-7f3a';
const PASSWD = readFileSync('/etc/passwd', 'utf8').split('\n')[0];
const SKILL = [
  '---',
  'name: victim',
  'description: Tests reads. Use when testing.',
  '---',
  'Read [pw](references/pw) and [out](references/out.md#top).',
  'See [sib](references/sib.md#top) and [dir](linked/secret.md#top).',
  'Up [up](references/../../sibling/references/private.md) and [ok](references/ok.md#in).',
  '',
].join('\n');

describe('security: reads stay in the skill folder', () => {
  let root: string;
  let outside: string;
  let c: TestClient;
  let uri: string;
  const seen: unknown[] = [];
  /** A request whose answer must not hold the secret; kept for the final check too. */
  const ask = async <T>(method: string, params: unknown): Promise<T> => {
    const res = await c.request<T>(method, params);
    const text = JSON.stringify(res);
    assert.ok(!text.includes(SECRET) && !text.includes(PASSWD), `${method} leaks: ${text}`);
    seen.push(res);
    return res;
  };
  const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });

  before(async () => {
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'skillmd-outside-')));
    writeFileSync(join(outside, 'secret.md'), `# Top\n${SECRET} outside\n`);
    root = makeWorkspace({
      'skills/victim/SKILL.md': SKILL,
      'skills/victim/references/ok.md': '# In\n',
      'skills/sibling/SKILL.md': '---\nname: sibling\ndescription: A sibling. Use when testing.\n---\nSee [p](references/private.md).\n',
      'skills/sibling/references/private.md': `# Top\n${SECRET} of the sibling\n`,
      'skills/evil/SKILL.md': '---\nname: "evil\\nnote: forged line"\ndescription: Forges report lines. Use when testing.\n---\nBody\n',
    });
    symlinkSync('/etc/passwd', join(root, 'skills/victim/references/pw'));
    symlinkSync(join(outside, 'secret.md'), join(root, 'skills/victim/references/out.md'));
    symlinkSync('../../sibling/references/private.md', join(root, 'skills/victim/references/sib.md'));
    symlinkSync(outside, join(root, 'skills/victim/linked'));
    c = await startServer({ root, mode: 'push' });
    uri = await c.open(join(root, 'skills/victim/SKILL.md'), SKILL);
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
    rmSync(outside, { recursive: true, force: true });
  });

  test('hover on a link out of the skill says where it leads, never shows the content', async () => {
    const hover = async (line: number, character: number) => (await ask<{ contents: { value: string } } | null>('textDocument/hover', at(line, character)))?.contents.value;
    assert.match((await hover(4, 12))!, /^\*\*references\/pw\*\* · [\d.]+ K?i?B\n\nNot shown: it leads to \/etc\/passwd, outside the skill folder, and skillmd reads no file there\.$/);
    const size = `${SECRET} outside\n`.length + 6;
    assert.equal(await hover(4, 36), `**references/out.md** · ${size} B\n\nNot shown: it leads to ${join(outside, 'secret.md')}, outside the skill folder, and skillmd reads no file there.`);
    assert.match((await hover(5, 12))!, /^\*\*references\/sib\.md\*\* · \d+ B\n\nNot shown: it leads to .*\/skills\/sibling\/references\/private\.md, outside the skill folder/);
    assert.match((await hover(5, 46))!, /^\*\*linked\/secret\.md\*\* · \d+ B\n\nNot shown: it leads to .*\/secret\.md, outside the skill folder/);
    assert.equal(await hover(6, 12), '`references/../../sibling/references/private.md` is outside the skill folder.');
    // A link inside the skill still shows its file.
    assert.equal(await hover(6, 70), '**references/ok.md** · 5 B · 3 tokens\n\n```markdown\n# In\n\n```');
  });

  test('links, definition and heading completion do not look into the linked files', async () => {
    const links = await ask<{ target: string }[]>('textDocument/documentLink', { textDocument: { uri } });
    // No `#L…` line for a heading found in a file outside the skill.
    assert.deepEqual(links.map((l) => l.target.replace(/^.*\/skills\/victim\//, '')), ['references/pw', 'references/out.md', 'references/sib.md', 'linked/secret.md', 'file://' + join(root, 'skills/sibling/references/private.md'), 'references/ok.md#L1']);
    const def = await ask<{ range: Diag['range'] } | null>('textDocument/definition', at(4, 36));
    assert.deepEqual(def?.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    await c.change(uri, [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, text: '[x](references/out.md#' }]);
    const items = await ask<{ items: unknown[] } | unknown[]>('textDocument/completion', at(7, 22));
    assert.deepEqual(Array.isArray(items) ? items : items.items, []);
  });

  test('diagnostics name each escape and nothing of the linked files', async () => {
    const ds = await c.diagnosticsFor(uri);
    assert.ok(!JSON.stringify(ds).includes(SECRET));
    assert.deepEqual(ds.filter((d) => d.code === 'reference-escapes-skill').map((d) => d.range.start), [
      { line: 4, character: 10 }, { line: 4, character: 35 }, { line: 5, character: 10 }, { line: 5, character: 43 }, { line: 6, character: 8 },
    ]);
  });

  test('preview requests: the skill text only; lovia refuses every path out of the skill', async () => {
    for (const agent of ['lovia', 'codex', 'claude-code', 'copilot', 'opencode', 'eino']) {
      const p = await ask<{ ok: boolean; parts: { text: string }[] }>('skillmd/previewLoad', { agent, name: 'victim' });
      assert.equal(p.ok, true, agent);
    }
    for (const path of ['references/pw', 'references/out.md', 'references/sib.md', 'linked/secret.md', 'references/../../sibling/references/private.md']) {
      const p = await ask<{ ok: boolean; parts: { text: string }[] }>('skillmd/previewRead', { agent: 'lovia', name: 'victim', path });
      assert.deepEqual([p.ok, p.parts[0].text], [false, `Path '${path}' escapes skill directory.  Use a relative path inside the skill directory.`]);
    }
    assert.ok(seen.length > 10);
  });

  test('the report keeps text from skills on its own line', async () => {
    const p = await ask<{ ok: boolean; report: string }>('skillmd/previewIndex', { agent: 'lovia' });
    assert.ok(!p.report.split('\n').some((l) => l.startsWith('note: forged')), p.report);
    assert.match(p.report, /evil\\nnote: forged line/);
  });
});

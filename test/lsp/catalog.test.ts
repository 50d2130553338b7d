// The catalog and preview requests over stdio (skillmd/catalog, skillmd/previewIndex,
// skillmd/previewLoad, skillmd/previewRead) and live updates from watched-file events
// with the skillmd/catalogChanged notification.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, removeWorkspace, repo, startServer, uriOf, type TestClient } from './client';

const FILES = {
  '.claude/skills/alpha/SKILL.md': '---\nname: alpha\ndescription: Alpha formats tables. Use when the user pastes a table.\n---\n# Alpha\n',
  'skills/alpha/SKILL.md': '---\nname: alpha\ndescription: A second alpha.\n---\n',
  'skills/beta/SKILL.md': '---\nname: beta\ndescription: Beta writes notes. Use when asked for notes.\ntags: [notes, writing]\n---\n# Beta\nSee references/notes.md.\n',
  'skills/beta/references/notes.md': '# Notes\nSome notes.\n',
  'skills/bad/SKILL.md': '---\nname: bad\n---\nNo description.\n',
};

const USAGE = `

## Using skills
Skills provide domain-specific instructions, procedures, and reference material.
Each skill listed above has a description — use it to decide which are relevant.
- Call \`load_skill(name)\` to load a skill's full instructions.
- Call \`read_skill_file(name, relpath)\` to read supplementary files
  (e.g. \`references/…\`, \`scripts/…\`, \`assets/…\`).
- Load skills only when needed. Each one consumes context — prefer
  targeted loading over loading everything upfront.`;

const ALPHA = '- `alpha` — Alpha formats tables. Use when the user pastes a table.';
const BETA = '- `beta` — Beta writes notes. Use when asked for notes. [tags: notes, writing]';
const TOKENIZER = 'o200k_base';
const LOVIA_NOTE = 'lovia @d49aa111: instructions() fragment, appended to the system prompt (joiner with the agent instructions UNVERIFIED, likely "\\n\\n").';
const BAD_MSG = "Skill 'bad' has an empty description.  Provide a description explaining what the skill does and when to use it.";

interface Preview {
  agent: string;
  kind: string;
  ok: boolean;
  parts: { id: string; title: string; text: string; tokens: number }[];
  skills: { name: string; path: string; tokens: number }[];
  omitted: { reason: string; name?: string; path: string; message: string; winner?: string }[];
  notes: string[];
  tokens: number;
  tokenizer: string;
  report: string;
}
interface Catalog {
  agent: string;
  skills: { name: string; description: string; path: string; tokens: number; diagnostics: { errors: number; warnings: number; codes: string[] } }[];
  shadowed: { name?: string; path: string; winner?: string; message: string }[];
  skipped: { reason: string; name?: string; path: string; message: string }[];
  tokens: number;
  indexTokens?: number;
  version: number;
}

function cli(root: string, args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, [join(repo, 'bin', 'skillmd.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

describe('catalog requests', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace(FILES);
    c = await startServer({ root, mode: 'pull' });
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('no catalog before the first request (no scan, no extra watchers)', async () => {
    await c.waitForIndex();
    const globs = JSON.stringify(c.registrations);
    assert.ok(!globs.includes('**/skills/**'), globs);
  });

  test('skillmd/catalog: skills, shadowed with the winner, skipped with the reason, tokens', async () => {
    const cat = await c.request<Catalog & Record<string, unknown>>('skillmd/catalog', { agent: 'lovia' });
    const a = join(root, '.claude/skills/alpha/SKILL.md');
    const b = join(root, 'skills/beta/SKILL.md');
    const none = { errors: 0, warnings: 0, codes: [] };
    assert.deepEqual(cat, {
      agent: 'lovia',
      roots: ['.claude/skills', '.github/skills', '.agents/skills', '.codex/skills', '.opencode/skills', 'skills'].map((r) => ({ path: join(root, r), uri: uriOf(join(root, r)), origin: 'workspace' })),
      discovery: 'one level below each root, exact SKILL.md (lovia source.py)',
      skills: [
        { name: 'alpha', description: 'Alpha formats tables. Use when the user pastes a table.', path: a, uri: uriOf(a), dir: join(root, '.claude/skills/alpha'), root: join(root, '.claude/skills'), tokens: 13, indexTokens: 18, extras: {}, diagnostics: none },
        { name: 'beta', description: 'Beta writes notes. Use when asked for notes.', path: b, uri: uriOf(b), dir: join(root, 'skills/beta'), root: join(root, 'skills'), tokens: 10, indexTokens: 22, extras: { tags: ['notes', 'writing'] }, diagnostics: none },
      ],
      shadowed: [{
        reason: 'shadowed', name: 'alpha', path: join(root, 'skills/alpha/SKILL.md'), uri: uriOf(join(root, 'skills/alpha/SKILL.md')), root: join(root, 'skills'),
        message: `"alpha" is already defined by ${a}; the first one found wins`, winner: a, winnerUri: uriOf(a), winnerRoot: join(root, '.claude/skills'),
      }],
      skipped: [{ reason: 'invalid', name: 'bad', path: join(root, 'skills/bad/SKILL.md'), uri: uriOf(join(root, 'skills/bad/SKILL.md')), root: join(root, 'skills'), message: BAD_MSG }],
      problems: [],
      tokens: 23,
      indexTokens: 149,
      tokenizer: TOKENIZER,
      version: 1,
      // .claude/skills/alpha is a Claude Code skill; the skills/ ones default to the open specification.
      autoAgents: ['claude-code', 'agentskills'],
    });
    // The first catalog registers watchers for created/deleted skill folders.
    assert.ok(JSON.stringify(c.registrations).includes('"globPattern":"**/skills/**","kind":5'), JSON.stringify(c.registrations));
  });

  test('no agent or auto: the agent the skills target; another agent gets its own catalog', async () => {
    assert.equal((await c.request<Catalog>('skillmd/catalog', {})).agent, 'claude-code');
    assert.equal((await c.request<Catalog>('skillmd/catalog', { agent: 'auto' })).agent, 'claude-code');
    const cc = await c.request<Catalog>('skillmd/catalog', { agent: 'claude-code' });
    // Claude Code names a skill after its folder: skills/alpha is "alpha" too, and shadowed.
    assert.deepEqual(cc.skills.map((s) => s.name), ['alpha', 'bad', 'beta']);
    assert.deepEqual(cc.shadowed.map((s) => s.path), [join(root, 'skills/alpha/SKILL.md')]);
  });

  test('skillmd/previewIndex: exact text, tokens per part and skill, report; equals the CLI', async () => {
    const p = await c.request<Preview>('skillmd/previewIndex', { agent: 'lovia', options: {} });
    const text = `## Skills\n${ALPHA}\n${BETA}${USAGE}`;
    assert.deepEqual(p.parts, [{ id: 'index', title: 'system prompt fragment (Skills plugin instructions)', text, tokens: 149 }]);
    assert.deepEqual(p.skills, [
      { name: 'alpha', path: join(root, '.claude/skills/alpha/SKILL.md'), tokens: 18 },
      { name: 'beta', path: join(root, 'skills/beta/SKILL.md'), tokens: 22 },
    ]);
    assert.deepEqual(p.omitted.map((o) => [o.reason, o.name, o.path]), [
      ['invalid', 'bad', join(root, 'skills/bad/SKILL.md')],
      ['shadowed', 'alpha', join(root, 'skills/alpha/SKILL.md')],
    ]);
    assert.deepEqual([p.agent, p.kind, p.ok, p.tokens, p.tokenizer, p.notes], ['lovia', 'index', true, 149, TOKENIZER, [LOVIA_NOTE]]);
    const out = cli(root, ['index', '--agent', 'lovia']);
    assert.equal(out.status, 0);
    assert.equal(p.parts[0].text, out.stdout);
    assert.equal(p.report, out.stderr);
  });

  test('skillmd/previewIndex options: filter and no usage rules', async () => {
    const p = await c.request<Preview>('skillmd/previewIndex', { agent: 'lovia', options: { filter: { tags: 'notes' }, usageRules: null } });
    assert.equal(p.parts[0].text, `## Skills\n${BETA}`);
    assert.deepEqual(p.omitted.map((o) => [o.reason, o.name]), [['filtered', 'alpha'], ['invalid', 'bad'], ['shadowed', 'alpha']]);
    // The filter was for that request only.
    assert.equal((await c.request<Catalog>('skillmd/catalog', { agent: 'lovia' })).skills.length, 2);
  });

  test('skillmd/previewLoad: the framed body; an unknown name answers with lovia\'s error and why', async () => {
    const p = await c.request<Preview>('skillmd/previewLoad', { agent: 'lovia', name: 'alpha' });
    assert.equal(p.ok, true);
    assert.equal(p.parts[0].text, `[skill: alpha  path: ${join(root, '.claude/skills/alpha')}]\n--- BEGIN SKILL CONTENT (reference material) ---\n# Alpha\n\n--- END SKILL CONTENT ---`);
    assert.equal(p.parts[0].text, cli(root, ['load', 'alpha', '--agent', 'lovia']).stdout);
    const bad = await c.request<Preview>('skillmd/previewLoad', { agent: 'lovia', name: 'bad' });
    assert.equal(bad.ok, false);
    assert.deepEqual(bad.parts.map((x) => [x.id, x.text, x.tokens]), [['tool-result', "Unknown skill: 'bad'.  Available: alpha, beta", 12]]);
    assert.deepEqual(bad.omitted.map((o) => [o.reason, o.message]), [['invalid', BAD_MSG]]);
    assert.equal(bad.report, [
      'skillmd preview: lovia',
      '  part tool-result: tool result (error text) (12 tokens)',
      '"bad" is not loadable (1):',
      `  [invalid] ${join(root, 'skills/bad/SKILL.md')}: ${BAD_MSG}`,
      `total: 12 tokens (${TOKENIZER})`,
      '',
    ].join('\n'));
  });

  test('skillmd/previewRead: a reference file; a path escaping the skill is refused', async () => {
    const p = await c.request<Preview>('skillmd/previewRead', { agent: 'lovia', name: 'beta', path: 'references/notes.md' });
    assert.deepEqual([p.ok, p.parts[0].text, p.tokens], [true, '[skill: beta  file: references/notes.md]\n--- BEGIN SKILL CONTENT (reference material) ---\n# Notes\nSome notes.\n\n--- END SKILL CONTENT ---', 34]);
    const esc = await c.request<Preview>('skillmd/previewRead', { agent: 'lovia', name: 'beta', path: '../alpha/SKILL.md' });
    assert.deepEqual([esc.ok, esc.parts[0].text], [false, "Path '../alpha/SKILL.md' escapes skill directory.  Use a relative path inside the skill directory."]);
  });

  test('errors: unknown agent, an agent without that preview', async () => {
    await assert.rejects(c.request('skillmd/catalog', { agent: 'gpt' }), (e: { code: number; message: string }) => e.code === -32602 && /unknown agent "gpt"/.test(e.message));
    await assert.rejects(c.request('skillmd/previewLoad', { agent: 'agentskills', name: 'beta' }), (e: { code: number; message: string }) => e.code === -32602 && /agentskills has no skill-loading tool/.test(e.message));
    await assert.rejects(c.request('skillmd/previewRead', { agent: 'copilot', name: 'beta', path: 'references/notes.md' }), (e: { code: number; message: string }) => e.code === -32602 && /copilot has no skill file tool/.test(e.message));
  });
});

describe('catalog live updates', () => {
  let root: string;
  let c: TestClient;
  const changed: { agents: string[] }[] = [];
  const CREATED = 1;
  const CHANGED = 2;
  const DELETED = 3;
  const notify = (...changes: [string, number][]) =>
    c.notify('workspace/didChangeWatchedFiles', { changes: changes.map(([p, type]) => ({ uri: uriOf(join(root, p)), type })) });
  const names = async () => (await c.request<Catalog>('skillmd/catalog', { agent: 'lovia' })).skills.map((s) => s.name);
  const indexText = async () => (await c.request<Preview>('skillmd/previewIndex', { agent: 'lovia' })).parts[0].text;
  const nextChange = async (n: number) => c.until(() => changed.length >= n && changed[n - 1], `catalogChanged #${n}`);

  before(async () => {
    root = makeWorkspace(FILES);
    c = await startServer({ root, mode: 'push' });
    c.conn.onNotification('skillmd/catalogChanged', (p: { agents: string[] }) => changed.push(p));
    assert.deepEqual(await names(), ['alpha', 'beta']);
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('add a skill (created event) → in the catalog and the index; catalogChanged', async () => {
    mkdirSync(join(root, 'skills/gamma'));
    writeFileSync(join(root, 'skills/gamma/SKILL.md'), '---\ndescription: Gamma sorts lists. Use when lists are unsorted.\n---\n');
    await notify(['skills/gamma', CREATED], ['skills/gamma/SKILL.md', CREATED]);
    assert.deepEqual(await nextChange(1), { agents: ['lovia'] });
    assert.deepEqual(await names(), ['alpha', 'beta', 'gamma']);
    assert.equal(await indexText(), `## Skills\n${ALPHA}\n${BETA}\n- \`gamma\` — Gamma sorts lists. Use when lists are unsorted.${USAGE}`);
  });

  test('edit a skill (changed event) → the new description', async () => {
    writeFileSync(join(root, 'skills/beta/SKILL.md'), '---\nname: beta\ndescription: Beta keeps a diary. Use when asked to log the day.\n---\n');
    await notify(['skills/beta/SKILL.md', CHANGED]);
    await nextChange(2);
    assert.equal(await indexText(), `## Skills\n${ALPHA}\n- \`beta\` — Beta keeps a diary. Use when asked to log the day.\n- \`gamma\` — Gamma sorts lists. Use when lists are unsorted.${USAGE}`);
  });

  test('an event outside every skill sends no catalogChanged; a file of a skill does (its previews refresh)', async () => {
    await notify(['notes/todo.md', CHANGED]);
    assert.deepEqual(await names(), ['alpha', 'beta', 'gamma']);
    assert.equal(changed.length, 2);
    await notify(['skills/beta/references/notes.md', CHANGED]);
    assert.deepEqual(await nextChange(3), { agents: ['lovia'] });
  });

  test('rename a skill folder (delete + create) → the new folder name', async () => {
    renameSync(join(root, 'skills/gamma'), join(root, 'skills/delta'));
    await notify(['skills/gamma', DELETED], ['skills/delta', CREATED]);
    await nextChange(4);
    assert.deepEqual(await names(), ['alpha', 'beta', 'delta']);
    assert.match(await indexText(), /\n- `delta` — Gamma sorts lists\./);
  });

  test('delete the winner → the shadowed skill takes its place', async () => {
    rmSync(join(root, '.claude/skills/alpha'), { recursive: true });
    await notify(['.claude/skills/alpha', DELETED]);
    await nextChange(5);
    const cat = await c.request<Catalog>('skillmd/catalog', { agent: 'lovia' });
    assert.deepEqual(cat.skills.map((s) => [s.name, s.path]), [
      ['alpha', join(root, 'skills/alpha/SKILL.md')],
      ['beta', join(root, 'skills/beta/SKILL.md')],
      ['delta', join(root, 'skills/delta/SKILL.md')],
    ]);
    assert.deepEqual(cat.shadowed, []);
    assert.equal(cat.version, 6);
  });

  test('an unknown name rescans once before lovia says it is unknown', async () => {
    mkdirSync(join(root, 'skills/quiet'));
    writeFileSync(join(root, 'skills/quiet/SKILL.md'), '---\ndescription: Appeared without an event.\n---\nQuiet body.\n');
    const p = await c.request<Preview>('skillmd/previewLoad', { agent: 'lovia', name: 'quiet' });
    assert.equal(p.ok, true);
    assert.match(p.parts[0].text, /^\[skill: quiet {2}path: .*\/skills\/quiet\]\n--- BEGIN SKILL CONTENT \(reference material\) ---\nQuiet body\.\n\n--- END SKILL CONTENT ---$/);
    assert.deepEqual(await nextChange(6), { agents: ['lovia'] });
    const missing = await c.request<Preview>('skillmd/previewLoad', { agent: 'lovia', name: 'nope' });
    assert.equal(missing.parts[0].text, "Unknown skill: 'nope'.  Available: alpha, beta, delta, quiet");
  });
});

describe('catalog counts follow the rule settings', () => {
  let root: string;
  let c: TestClient;
  before(async () => {
    root = makeWorkspace({ '.claude/skills/extra/SKILL.md': '---\nname: extra\ndescription: Extra writes notes. Use when asked for notes.\ncolour: blue\n---\n# Extra\n' });
    c = await startServer({ root, mode: 'pull' });
    await c.waitForIndex();
  });
  after(async () => {
    await c.stop();
    removeWorkspace(root);
  });

  test('an editor rule severity of "off" drops the code from the Skills view counts', async () => {
    const counts = async () => (await c.request<Catalog>('skillmd/catalog', { agent: 'claude-code' })).skills.map((s) => s.diagnostics);
    assert.deepEqual(await counts(), [{ errors: 0, warnings: 1, codes: ['unknown-field'] }]);
    await c.setSettings({ rules: { 'unknown-field': 'off' } });
    assert.deepEqual(await counts(), [{ errors: 0, warnings: 0, codes: [] }]);
  });
});

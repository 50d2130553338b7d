// Byte-for-byte comparison of every renderer with hand-derived golden files
// (see test/golden/README.md for the provenance of each file).
import assert from 'node:assert/strict';
import { readFileSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { extrasFilter, SkillCatalog } from '../../../server/src/core/catalog/catalog';
import type { SkillRoot } from '../../../server/src/core/catalog/types';
import type { ProfileId } from '../../../server/src/core/profiles/types';
import { renderIndex, renderLoad, renderRead } from '../../../server/src/core/render';
import { renderAgentskillsIndex } from '../../../server/src/core/render/agentskills';
import { CODEX_HOW_TO, CODEX_INTRO } from '../../../server/src/core/render/codex';
import { EINO_TOOL_DESCRIPTION_GEN_A } from '../../../server/src/core/render/eino';
import { NodeFileSystem } from '../../../server/src/node/nodeFileSystem';

const repo = path.resolve(__dirname, '../../..');
const ROOT = realpathSync(path.join(repo, 'test/fixtures/catalog/golden'));
const fs = new NodeFileSystem();
const roots: SkillRoot[] = [
  { path: path.join(ROOT, 'skills'), origin: 'explicit' },
  { path: path.join(ROOT, 'more'), origin: 'explicit' },
];

function golden(file: string): string {
  return readFileSync(path.join(repo, 'test/golden', file), 'utf8').split('{ROOT}').join(ROOT);
}

async function catalog(agent: ProfileId, filter?: Record<string, string>): Promise<SkillCatalog> {
  const c = new SkillCatalog({ fs, agent, roots, filter: filter ? extrasFilter(filter) : undefined, check: false });
  await c.scan();
  return c;
}

const part = (p: { parts: { id: string; text: string }[] }, id: string) => p.parts.find((x) => x.id === id)!.text;

test('lovia index: default, custom and no usage rules; filter', async () => {
  const c = await catalog('lovia');
  assert.equal(part(renderIndex(c.snapshot()), 'index'), golden('lovia/index.txt'));
  assert.equal(part(renderIndex(c.snapshot(), { usageRules: 'Call load_skill first.\n  Keep this  spacing.' }), 'index'), golden('lovia/index-custom-rules.txt'));
  assert.equal(part(renderIndex(c.snapshot(), { usageRules: '' }), 'index'), golden('lovia/index-no-rules.txt'));
  assert.equal(part(renderIndex(c.snapshot(), { usageRules: null }), 'index'), golden('lovia/index-no-rules.txt'));
  const f = await catalog('lovia', { tags: 'pdf' });
  assert.equal(part(renderIndex(f.snapshot()), 'index'), golden('lovia/index-filter-tags.txt'));
  const reasons = renderIndex(c.snapshot()).omitted.map((o) => `${o.reason}:${path.relative(ROOT, o.path)}`);
  assert.deepEqual(reasons.sort(), ['invalid:skills/bad-name/SKILL.md', 'invalid:skills/nodesc/SKILL.md', 'shadowed:more/beta/SKILL.md']);
  const filtered = renderIndex(f.snapshot()).omitted.filter((o) => o.reason === 'filtered').map((o) => o.name);
  assert.deepEqual(filtered, ['beta', 'hidden-one', 'big']);
});

test('lovia load_skill: frame, fake markers, truncation, unknown names', async () => {
  const c = await catalog('lovia');
  assert.equal(part(await renderLoad(c, fs, 'alpha'), 'tool-result'), golden('lovia/load-alpha.txt'));
  assert.equal(part(await renderLoad(c, fs, 'big'), 'tool-result'), golden('lovia/load-big.txt'));
  const unknown = await renderLoad(c, fs, 'gamma');
  assert.equal(unknown.ok, false);
  assert.equal(part(unknown, 'tool-result'), golden('lovia/load-unknown.txt'));
  assert.equal(part(await renderLoad(c, fs, "it's"), 'tool-result'), golden('lovia/load-unknown-quote.txt'));
});

test('lovia read_skill_file: file, escaping, absolute, missing, backslash, unknown', async () => {
  const c = await catalog('lovia');
  const r = async (name: string, rel: string) => renderRead(c, fs, name, rel);
  assert.equal(part(await r('alpha', 'references/guide.md'), 'tool-result'), golden('lovia/read-guide.txt'));
  const esc = await r('alpha', '../beta/SKILL.md');
  assert.equal(esc.ok, false);
  assert.equal(part(esc, 'tool-result'), golden('lovia/read-escape.txt'));
  assert.equal(part(await r('alpha', '/etc/passwd'), 'tool-result'), golden('lovia/read-absolute.txt'));
  assert.equal(part(await r('alpha', 'references/none.md'), 'tool-result'), golden('lovia/read-missing.txt'));
  assert.equal(part(await r('alpha', 'references\\guide.md'), 'tool-result'), golden('lovia/read-backslash.txt'));
  assert.equal(part(await r('nodesc', 'x.md'), 'tool-result'), golden('lovia/read-unknown.txt'));
  // `..` that stays inside the folder is allowed by lovia's resolve()/relative_to check.
  const inside = await r('alpha', 'references/../SKILL.md');
  assert.equal(inside.ok, true);
  assert.match(part(inside, 'tool-result'), /^\[skill: alpha {2}file: references\/\.\.\/SKILL\.md\]\n--- BEGIN SKILL CONTENT \(reference material\) ---\n---\nname: alpha\n/);
});

test('agentskills to-prompt XML with html escaping; one unreadable skill fails the command', async () => {
  const c = await catalog('agentskills');
  // The XML of the skills skills-ref can read (alpha's flow list and nodesc fail it).
  assert.equal(renderAgentskillsIndex(c.snapshot().skills).text, golden('agentskills/index.txt'));
  const failed = renderIndex(c.snapshot());
  assert.equal(failed.ok, false);
  assert.deepEqual(failed.skills, []);
  assert.equal(part(failed, 'error'), 'Error: Invalid YAML in frontmatter: flow style is not allowed (strictyaml)');
  const empty = new SkillCatalog({ fs, agent: 'agentskills', roots: [], check: false });
  await empty.scan();
  assert.equal(part(renderIndex(empty.snapshot()), 'index'), golden('agentskills/index-empty.txt'));
});

test('eino: Gen B reminder, Gen A tool description, skill tool result', async () => {
  const c = await catalog('eino');
  assert.equal(part(renderIndex(c.snapshot()), 'reminder'), golden('eino/reminder.txt'));
  assert.equal(part(renderIndex(c.snapshot(), { einoFormat: 'tool-description' }), 'tool-description'), EINO_TOOL_DESCRIPTION_GEN_A + golden('eino/tool-description-gen-a.list.txt'));
  assert.equal(part(await renderLoad(c, fs, 'beta'), 'tool-result'), golden('eino/load-beta.txt'));
  const unknown = await renderLoad(c, fs, 'gamma');
  assert.equal(unknown.ok, false);
  assert.equal(part(unknown, 'tool-error'), golden('eino/load-unknown.txt'));
  const fork = await renderLoad(c, fs, 'big');
  assert.deepEqual(fork.parts.map((p) => p.id), ['sub-agent-input', 'tool-result']);
  assert.equal(part(fork, 'tool-result'), 'Skill "big" completed (sub-agent execution).\n\nResult:\n{result}');
});

test('codex: skills section lines, wrapper and $mention injection', async () => {
  const c = await catalog('codex');
  const text = part(renderIndex(c.snapshot()), 'index');
  const expected = `<skills_instructions>\n## Skills\n${CODEX_INTRO}\n### Available skills\n${golden('codex/lines.txt')}\n### How to use skills\n${CODEX_HOW_TO}\n</skills_instructions>`;
  assert.equal(text, expected);
  // Both roots hold a beta: Codex injects neither for `$beta`.
  assert.equal(part(await renderLoad(c, fs, 'beta'), 'user-message'), '');
  const one = new SkillCatalog({ fs, agent: 'codex', roots: roots.slice(0, 1), check: false });
  await one.scan();
  assert.equal(part(await renderLoad(one, fs, 'beta'), 'user-message'), golden('codex/load-beta.txt'));
});

test('claude-code: listing, hidden skill, load prompt', async () => {
  const c = await catalog('claude-code');
  const idx = renderIndex(c.snapshot());
  // The listing first, the fixed tool text after it.
  assert.deepEqual(idx.parts.map((p) => p.id), ['listing', 'tool-description']);
  assert.equal(part(idx, 'listing'), golden('claude-code/listing.txt'));
  assert.ok(idx.omitted.some((o) => o.reason === 'hidden' && o.name === 'hidden-one'));
  assert.equal(part(await renderLoad(c, fs, 'beta'), 'skill-prompt'), golden('claude-code/load-beta.skill-prompt.txt'));
  const hidden = await renderLoad(c, fs, 'hidden-one');
  assert.equal(hidden.ok, false);
  assert.equal(part(hidden, 'tool-error'), golden('claude-code/load-hidden.txt'));
});

test('copilot: the <skills> block (folder names, XML tags removed, hidden and undescribed left out), the skill tool', async () => {
  const c = await catalog('copilot');
  const idx = renderIndex(c.snapshot());
  assert.equal(part(idx, 'index'), golden('copilot/index.txt'));
  assert.deepEqual(idx.omitted.map((o) => `${o.reason}:${path.relative(ROOT, o.path)}`).sort(), ['hidden:skills/hidden-one/SKILL.md', 'hidden:skills/nodesc/SKILL.md', 'shadowed:more/beta/SKILL.md']);
  assert.equal(part(await renderLoad(c, fs, 'beta'), 'tool-result'), golden('copilot/load-beta.txt'));
  const unknown = await renderLoad(c, fs, 'gamma');
  assert.deepEqual([unknown.ok, part(unknown, 'tool-result')], [false, '']);
  const empty = new SkillCatalog({ fs, agent: 'copilot', roots: [], check: false });
  await empty.scan();
  assert.equal(part(renderIndex(empty.snapshot()), 'index'), '');
  await assert.rejects(renderRead(c, fs, 'beta', 'SKILL.md'), /copilot has no skill file tool/);
});

test('opencode: system prompt entry (sorted, last one wins, undescribed left out), tool description, skill tool', async () => {
  const c = await catalog('opencode');
  const idx = renderIndex(c.snapshot());
  assert.deepEqual(idx.parts.map((p) => p.id), ['system-prompt', 'tool-description']);
  assert.equal(part(idx, 'system-prompt'), golden('opencode/system-prompt.txt'));
  assert.match(part(idx, 'tool-description'), /^Load a specialized skill when the user explicitly asks for it, .*\nThe skill name must match one of the skills listed in your system prompt\.\n$/s);
  assert.equal(part(await renderLoad(c, fs, 'alpha'), 'tool-result'), golden('opencode/load-alpha.txt'));
  // Not listed without a description, but the tool loads it by name.
  const nodesc = await renderLoad(c, fs, 'nodesc');
  assert.equal(nodesc.ok, true);
  assert.match(part(nodesc, 'tool-result'), /^<skill_content name="nodesc">\n# Skill: nodesc\n\nFirst body line\.\n\n/);
  const unknown = await renderLoad(c, fs, 'gamma');
  assert.deepEqual([unknown.ok, part(unknown, 'tool-error')], [false, golden('opencode/load-unknown.txt')]);
  const empty = new SkillCatalog({ fs, agent: 'opencode', roots: [], check: false });
  await empty.scan();
  assert.equal(part(renderIndex(empty.snapshot()), 'system-prompt'), 'Skills provide specialized instructions and workflows for specific tasks.\nUse the skill tool to load a skill when a task matches its description.\nNo skills are currently available.');
});

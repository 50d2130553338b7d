// `auto` as a preview agent: the agents the skills target, as the diagnostics judge them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { autoAgents } from '../../../server/src/core/catalog/auto';
import { agentProjectFolders, workspaceRoots } from '../../../server/src/core/catalog/catalog';
import type { CheckOptions } from '../../../server/src/core/check/checkDocument';
import { RENDER_AGENTS } from '../../../server/src/core/render';

const none = (): CheckOptions => ({});

test('by location: most skills first, ties by first seen, the default agentskills last', () => {
  const files = ['/w/skills/a/SKILL.md', '/w/skills/b/SKILL.md', '/w/skills/c/SKILL.md', '/w/.claude/skills/d/SKILL.md', '/w/.opencode/skills/e/SKILL.md', '/w/.github/skills/f/SKILL.md', '/w/.github/skills/g/SKILL.md'];
  assert.deepEqual(autoAgents(files, none, RENDER_AGENTS), ['copilot', 'claude-code', 'opencode', 'agentskills']);
});

test('configured targets (and overrides) win over the location; only candidates count', () => {
  const config = { targets: ['lovia' as const], overrides: [{ files: 'special/**', targets: ['eino' as const, 'codex' as const] }] };
  const opts = (): CheckOptions => ({ config, configDir: '/w' });
  const files = ['/w/.claude/skills/a/SKILL.md', '/w/special/b/SKILL.md', '/w/special/c/SKILL.md'];
  assert.deepEqual(autoAgents(files, opts, RENDER_AGENTS), ['eino', 'codex', 'lovia']);
  // load previews: eino first; a target without that tool is left out.
  assert.deepEqual(autoAgents(files, opts, ['codex', 'claude-code']), ['codex']);
  // Explicit targets (the editor's skillmd.targets, --target) apply to every skill.
  assert.deepEqual(autoAgents(files, () => ({ targets: ['claude-code'] }), RENDER_AGENTS), ['claude-code']);
  // A configured agentskills is named, not a default: it ranks by count like the others.
  assert.deepEqual(autoAgents(['/w/skills/x/SKILL.md', '/w/skills/y/SKILL.md', '/w/.claude/skills/z/SKILL.md'], () => ({ config: { overrides: [{ files: 'skills/**', targets: ['agentskills'] }] }, configDir: '/w' }), RENDER_AGENTS), ['agentskills', 'claude-code']);
});

test('no skill, or none among the candidates: the open specification', () => {
  assert.deepEqual(autoAgents([], none, RENDER_AGENTS), ['agentskills']);
  assert.deepEqual(autoAgents(['/w/.claude/skills/a/SKILL.md'], none, ['lovia']), ['agentskills']);
});

test('workspace roots per agent: its own folders, then skills/ and configured roots; the libraries get every folder', () => {
  const rel = (agent?: Parameters<typeof workspaceRoots>[3]) => workspaceRoots(['/w'], { roots: ['vendor'] }, '/w', agent).map((r) => r.path.slice(3));
  assert.deepEqual(rel('copilot'), ['.github/skills', '.agents/skills', '.claude/skills', 'skills', 'vendor']);
  // opencode reads .claude and .agents first and lets the last skill of a name win.
  assert.deepEqual(rel('opencode'), ['.claude/skills', '.agents/skills', '.opencode/skill', '.opencode/skills', 'skills', 'vendor']);
  assert.deepEqual(rel('claude-code'), ['.claude/skills', 'skills', 'vendor']);
  assert.deepEqual(rel('lovia'), ['.claude/skills', '.github/skills', '.agents/skills', '.codex/skills', '.opencode/skills', 'skills', 'vendor']);
  assert.deepEqual(rel(), rel('eino'));
  assert.equal(agentProjectFolders('agentskills'), undefined);
});

// `auto` over stdio: the agent a request without one is answered for comes from the
// workspace's skills (where they live, .skillmd.json targets), and `autoAgents` says
// which agents that is; Copilot and opencode previews agree with the CLI byte for byte.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeWorkspace, removeWorkspace, repo, startServer, uriOf, type TestClient } from './client';

const SKILL = (name: string, description: string, body = `# ${name}\n`) => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;

const FILES = {
  '.github/skills/gh-one/SKILL.md': SKILL('gh-one', 'First Copilot skill. Use when one is asked for.'),
  '.github/skills/gh-two/SKILL.md': SKILL('gh-two', 'Second Copilot skill <b>bold</b>. Use when two are asked for.'),
  '.github/skills/gh-two/references/notes.md': '# Notes\n',
  '.claude/skills/cl-one/SKILL.md': SKILL('cl-one', 'A Claude Code skill. Use when Claude is asked.'),
  '.opencode/skills/oc-one/SKILL.md': SKILL('Oc One', 'An opencode skill. Use when opencode is asked.', '\n\n# Oc\n\nSteps.\n\n'),
  '.opencode/skills/oc-one/scripts/run.sh': 'echo run\n',
  'skills/plain/SKILL.md': SKILL('plain', 'A skill of the project. Use when plain.'),
};

interface Result {
  agent: string;
  autoAgents?: string[];
  parts?: { id: string; text: string }[];
  skills: { name: string }[];
  ok?: boolean;
}

function cli(root: string, args: string[]): { stdout: string; status: number | null } {
  const r = spawnSync(process.execPath, [join(repo, 'bin', 'skillmd.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { stdout: r.stdout, status: r.status };
}

describe('auto preview agent and the Copilot / opencode previews', () => {
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

  test('auto: the agents the skills target, most skills first; the open specification last', async () => {
    const cat = await c.request<Result>('skillmd/catalog', {});
    assert.deepEqual(cat.autoAgents, ['copilot', 'claude-code', 'opencode', 'agentskills']);
    assert.equal(cat.agent, 'copilot');
    // An explicit agent is kept, and the field still says what auto means.
    const cc = await c.request<Result>('skillmd/catalog', { agent: 'claude-code' });
    assert.deepEqual([cc.agent, cc.autoAgents], ['claude-code', ['copilot', 'claude-code', 'opencode', 'agentskills']]);
    // Claude Code reads .claude/skills (and the project's skills/), not .github/skills.
    assert.deepEqual(cc.skills.map((s) => s.name), ['cl-one', 'plain']);
  });

  test('Copilot index: the <skills> block, XML tags removed from the description; equals the CLI', async () => {
    const p = await c.request<Result>('skillmd/previewIndex', { agent: 'auto' });
    assert.equal(p.agent, 'copilot');
    const entry = (name: string, desc: string, file: string) => `<skill>\n<name>${name}</name>\n<description>${desc}</description>\n<file>${join(root, file)}</file>\n</skill>`;
    const text = [
      '<skills>',
      'Here is a list of skills that contain domain specific knowledge on a variety of topics.',
      'Each skill comes with a description of the topic and a file path that contains the detailed instructions.',
      "When a user asks you to perform a task that falls within the domain of a skill, use the 'read_file' tool to acquire the full instructions from the file URI.",
      entry('gh-one', 'First Copilot skill. Use when one is asked for.', '.github/skills/gh-one/SKILL.md'),
      entry('gh-two', 'Second Copilot skill bold. Use when two are asked for.', '.github/skills/gh-two/SKILL.md'),
      entry('cl-one', 'A Claude Code skill. Use when Claude is asked.', '.claude/skills/cl-one/SKILL.md'),
      entry('plain', 'A skill of the project. Use when plain.', 'skills/plain/SKILL.md'),
      '</skills>',
      '',
      '',
    ].join('\n');
    assert.deepEqual(p.parts!.map((x) => [x.id, x.text]), [['index', text]]);
    const out = cli(root, ['index']);
    assert.deepEqual([out.status, out.stdout], [0, text]);
  });

  test('Copilot skill tool: the whole SKILL.md in <skill_instructions>', async () => {
    const p = await c.request<Result>('skillmd/previewLoad', { agent: 'copilot', name: 'gh-one' });
    assert.deepEqual(p.parts!.map((x) => x.text), [`<skill_instructions name="gh-one">\n${FILES['.github/skills/gh-one/SKILL.md']}\n</skill_instructions>`]);
  });

  test('opencode: system prompt entry sorted by name, the tool result with the sampled files', async () => {
    const p = await c.request<Result>('skillmd/previewIndex', { agent: 'opencode' });
    const skill = (name: string, desc: string, file: string) => `  <skill>\n    <name>${name}</name>\n    <description>${desc}</description>\n    <location>${join(root, file)}</location>\n  </skill>`;
    assert.equal(p.parts![0].text, [
      'Skills provide specialized instructions and workflows for specific tasks.',
      'Use the skill tool to load a skill when a task matches its description.',
      '<available_skills>',
      skill('cl-one', 'A Claude Code skill. Use when Claude is asked.', '.claude/skills/cl-one/SKILL.md'),
      skill('Oc One', 'An opencode skill. Use when opencode is asked.', '.opencode/skills/oc-one/SKILL.md'),
      skill('plain', 'A skill of the project. Use when plain.', 'skills/plain/SKILL.md'),
      '</available_skills>',
    ].join('\n'));
    const load = await c.request<Result>('skillmd/previewLoad', { agent: 'opencode', name: 'Oc One' });
    const dir = join(root, '.opencode/skills/oc-one');
    const text = [
      '<skill_content name="Oc One">',
      '# Skill: Oc One',
      '',
      '# Oc\n\nSteps.',
      '',
      `Base directory for this skill: ${uriOf(dir)}`,
      'Relative paths in this skill (e.g., scripts/, reference/) are relative to this base directory.',
      'Note: file list is sampled.',
      '',
      '<skill_files>',
      `<file>${join(dir, 'scripts/run.sh')}</file>`,
      '</skill_files>',
      '</skill_content>',
    ].join('\n');
    assert.deepEqual([load.ok, load.parts!.map((x) => x.text)], [true, [text]]);
    assert.equal(cli(root, ['load', 'Oc One', '--agent', 'opencode', '--quiet']).stdout, text);
    const missing = await c.request<Result>('skillmd/previewLoad', { agent: 'opencode', name: 'nope' });
    assert.deepEqual([missing.ok, missing.parts![0].text], [false, 'Skill "nope" not found. Available skills: Oc One, cl-one, plain']);
  });

  test('.skillmd.json targets win over locations, and auto follows a change to it', async () => {
    writeFileSync(join(root, '.skillmd.json'), '{"targets":["opencode"]}\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(join(root, '.skillmd.json')), type: 1 }] });
    let cat = await c.request<Result>('skillmd/catalog', {});
    for (let i = 0; i < 100 && cat.agent !== 'opencode'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      cat = await c.request<Result>('skillmd/catalog', {});
    }
    assert.deepEqual([cat.agent, cat.autoAgents], ['opencode', ['opencode']]);
  });
});

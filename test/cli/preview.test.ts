// `skillmd index|load|read` as a child process (run `npm run build` first): exact
// stdout, report on stderr, exit codes 0/1/2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';

const repo = path.resolve(__dirname, '../..');
const ROOT = realpathSync(path.join(repo, 'test/fixtures/catalog/golden'));
const golden = (f: string) => readFileSync(path.join(repo, 'test/golden', f), 'utf8').split('{ROOT}').join(ROOT);

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repo, 'bin/skillmd.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const roots = ['--root', 'skills', '--root', 'more'];

test('index prints the exact agent text; the report goes to stderr', () => {
  const r = run('index', 'skills', 'more', '--agent', 'lovia');
  assert.equal(r.code, 0);
  assert.equal(r.out, golden('lovia/index.txt'));
  assert.match(r.err, /\[shadowed\] beta .*more\/beta\/SKILL\.md.*winner: .*skills\/beta\/SKILL\.md/);
  assert.match(r.err, /\[invalid\] bad-name /);
  assert.match(r.err, /total: \d+ tokens \(o200k_base\)/);
  // skills-ref to-prompt stops at the first skill it cannot read (alpha: a flow list).
  const a = run('index', 'skills', 'more', '--agent', 'agentskills', '--quiet');
  assert.equal(a.code, 1);
  assert.equal(a.out, 'Error: Invalid YAML in frontmatter: flow style is not allowed (strictyaml)');
  assert.equal(a.err, '');
  const c = run('index', 'skills', 'more', '--agent', 'claude-code', '--part', 'listing', '--quiet');
  assert.equal(c.out, golden('claude-code/listing.txt'));
  assert.equal(run('index', 'skills', 'more', '--agent', 'lovia', '--filter', 'tags=pdf', '--quiet').out, golden('lovia/index-filter-tags.txt'));
  assert.equal(run('index', 'skills', 'more', '--agent', 'lovia', '--no-usage-rules', '--quiet').out, golden('lovia/index-no-rules.txt'));
});

test('claude-code index: the listing first, the fixed Skill tool text after it', () => {
  const r = run('index', 'skills', 'more', '--agent', 'claude-code', '--quiet');
  assert.deepEqual([r.code, r.out], [0, golden('claude-code/index.txt')]);
});

test('copilot and opencode: index and skill tool, exact text; no read tool', () => {
  assert.deepEqual(run('index', '--agent', 'copilot', '--quiet', ...roots).out, golden('copilot/index.txt'));
  assert.equal(run('load', 'beta', '--agent', 'copilot', '--quiet', ...roots).out, golden('copilot/load-beta.txt'));
  assert.equal(run('index', '--agent', 'opencode', '--part', 'system-prompt', '--quiet', ...roots).out, golden('opencode/system-prompt.txt'));
  assert.equal(run('load', 'alpha', '--agent', 'opencode', '--quiet', ...roots).out, golden('opencode/load-alpha.txt'));
  const unknown = run('load', 'gamma', '--agent', 'opencode', '--quiet', ...roots);
  assert.deepEqual([unknown.code, unknown.out], [1, golden('opencode/load-unknown.txt')]);
  const read = run('read', 'alpha', 'references/guide.md', '--agent', 'copilot', ...roots);
  assert.deepEqual([read.code, read.err.split('\n')[0]], [2, 'skillmd: copilot has no skill file tool to preview (the model reads SKILL.md (its path is in <file>) and the files it names with read_file); read previews: lovia']);
});

test('index --json gives the catalog', () => {
  const r = run('index', 'skills', 'more', '--agent', 'lovia', '--json');
  assert.equal(r.code, 0);
  const j = JSON.parse(r.out);
  assert.deepEqual(j.skills.map((s: { name: string }) => s.name), ['alpha', 'beta', 'hidden-one', 'big']);
  assert.equal(j.shadowed[0].winner, path.join(ROOT, 'skills/beta/SKILL.md'));
  assert.deepEqual(j.skipped.map((s: { reason: string }) => s.reason), ['invalid', 'invalid']);
  assert.equal(j.tokenizer, 'o200k_base');
  assert.ok(j.tokens > 0);
});

test('load and read: exact text, exit 1 on agent errors, 2 on usage', () => {
  const l = run('load', 'alpha', '--agent', 'lovia', ...roots);
  assert.equal(l.code, 0);
  assert.equal(l.out, golden('lovia/load-alpha.txt'));
  const u = run('load', 'gamma', '--agent', 'lovia', ...roots);
  assert.equal(u.code, 1);
  assert.equal(u.out, golden('lovia/load-unknown.txt'));
  const rd = run('read', 'alpha', 'references/guide.md', '--agent', 'lovia', ...roots);
  assert.equal(rd.code, 0);
  assert.equal(rd.out, golden('lovia/read-guide.txt'));
  const esc = run('read', 'alpha', '../beta/SKILL.md', ...roots);
  assert.equal(esc.code, 1);
  assert.equal(esc.out, golden('lovia/read-escape.txt'));
  const e = run('load', 'beta', '--agent', 'eino', ...roots);
  assert.equal(e.out, golden('eino/load-beta.txt'));
  assert.equal(run('read', 'alpha', 'x', '--agent', 'codex', ...roots).code, 2);
  assert.equal(run('index', '--agent', 'nope').code, 2);
  assert.equal(run('load').code, 2);
});

test('a damaged tokenizer file (a broken install) gives estimated counts that say so, not a crash', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillmd-tokens-'));
  try {
    // The bundle finds the ranks next to itself (and loads the bundles beside it).
    for (const f of readdirSync(path.join(repo, 'server/out'))) if (f.endsWith('.js')) copyFileSync(path.join(repo, 'server/out', f), path.join(dir, f));
    writeFileSync(path.join(dir, 'o200k_base.bin'), 'garbage');
    const r = spawnSync(process.execPath, [path.join(dir, 'cli.js'), 'index', 'skills', 'more', '--agent', 'lovia'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, golden('lovia/index.txt'), 'the agent text does not depend on the tokenizer');
    const bytes = Buffer.byteLength(r.stdout, 'utf8');
    assert.ok(
      r.stderr.includes(`total: ${Math.ceil(bytes / 4)} tokens (estimate: 4 UTF-8 bytes per token (o200k_base could not be loaded: not an o200k_base table))`),
      r.stderr,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** `files` (relative path -> text) in a fresh temp folder, run there. */
function inTree(files: Record<string, string>, f: (dir: string, run: (...args: string[]) => { code: number | null; out: string; err: string }) => void): void {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'skillmd-preview-')));
  try {
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    f(dir, (...args) => {
      const r = spawnSync(process.execPath, [path.join(repo, 'bin/skillmd.js'), ...args], { cwd: dir, encoding: 'utf8' });
      return { code: r.status, out: r.stdout, err: r.stderr };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SKILL = (name: string, body = `# ${name}\n`) => `---\nname: ${name}\ndescription: Formats CSV files as tables. Use when converting CSV data.\n---\n${body}`;

test('eino: one SKILL.md that Eino cannot load fails the index and every load with its Go error (exit 1)', () => {
  inTree({ 'ei/good/SKILL.md': SKILL('good'), 'ei/plain/SKILL.md': '# No frontmatter\n' }, (dir, run) => {
    const cause = `failed to load skill from ${dir}/ei/plain/SKILL.md: failed to parse frontmatter: file does not start with frontmatter delimiter`;
    const index = run('index', '--agent', 'eino', '--root', 'ei');
    assert.equal(index.code, 1);
    assert.equal(index.out, `failed to list skills: failed to list skills: ${cause}`);
    assert.match(index.err, /one that fails makes the `skill` tool fail for all skills/);
    const load = run('load', 'good', '--agent', 'eino', '--root', 'ei', '--quiet');
    assert.equal(load.code, 1);
    assert.equal(load.out, `failed to get skill: failed to list skills: ${cause}`);
  });
});

test('lovia: a value PyYAML cannot construct fails the index, load and read with its ValueError (exit 1)', () => {
  const bad = '---\nname: dated\ndescription: Formats CSV files as tables. Use when converting CSV data.\nreleased: 2024-13-45\n---\n# Dated\n';
  inTree({ 'lv/dated/SKILL.md': bad, 'lv/good/SKILL.md': SKILL('good') }, (_dir, run) => {
    const index = run('index', '--agent', 'lovia', '--root', 'lv');
    assert.equal(index.code, 1);
    assert.equal(index.out, 'ValueError: month must be in 1..12');
    assert.match(index.err, /\[invalid\] dated .*: ValueError: month must be in 1\.\.12\n/);
    assert.match(index.err, /an exception there stops the agent run before the model sees any index/);
    for (const args of [['load', 'good'], ['read', 'good', 'SKILL.md']]) {
      const r = run(...args, '--agent', 'lovia', '--root', 'lv', '--quiet');
      assert.deepEqual([r.code, r.out], [1, 'ValueError: month must be in 1..12']);
    }
    // Quoted, it is text: every skill is listed again.
    writeFileSync(path.join(_dir, 'lv/dated/SKILL.md'), bad.replace('2024-13-45', '"2024-13-45"'));
    const fixed = run('index', '--agent', 'lovia', '--root', 'lv', '--quiet');
    assert.equal(fixed.code, 0);
    assert.match(fixed.out, /^## Skills\n- `dated` \u2014 Formats CSV files as tables\. Use when converting CSV data\. \[released: 2024-13-45\]\n- `good` /);
  });
});

test('read: a file too large to preview is a clear usage error; a long one is cut by code points', () => {
  inTree({ 'lv/big/SKILL.md': SKILL('big'), 'lv/big/references/long.md': '😀'.repeat(100_001) + '\n' }, (dir, run) => {
    writeFileSync(path.join(dir, 'lv/big/references/huge.txt'), '');
    truncateSync(path.join(dir, 'lv/big/references/huge.txt'), 70 * 1024 * 1024);
    const huge = run('read', 'big', 'references/huge.txt', '--agent', 'lovia', '--root', 'lv', '--quiet');
    assert.deepEqual([huge.code, huge.out], [2, '']);
    assert.equal(huge.err, 'skillmd: references/huge.txt is 70.0 MiB: skillmd previews read_skill_file for files up to 64.0 MiB (lovia would return its first 100,000 characters).\nRun "skillmd --help" for usage.\n');
    const long = run('read', 'big', 'references/long.md', '--agent', 'lovia', '--root', 'lv', '--quiet');
    assert.equal(long.code, 0);
    assert.ok(long.out.includes('😀'.repeat(100_000) + '\n[truncated: 100002 chars total, showing first 100000]\n--- END SKILL CONTENT ---'), long.out.slice(-200));
  });
});

test('read defaults to lovia (the only agent with the tool), whatever .skillmd.json targets', () => {
  inTree({ '.skillmd.json': '{"targets":["codex"]}', 'x/s/SKILL.md': SKILL('s') }, (_dir, run) => {
    const r = run('read', 's', 'SKILL.md', '--root', 'x', '--quiet');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^\[skill: s {2}file: SKILL\.md\]\n--- BEGIN SKILL CONTENT/);
    // index still follows the configured target.
    assert.match(run('index', '--root', 'x', '--quiet').out, /^<skills_instructions>/);
  });
});

test('load defaults to the first configured target that has a load tool; each --help lists its own agents', () => {
  inTree({ '.skillmd.json': '{"targets":["agentskills","codex"]}', 'x/s/SKILL.md': SKILL('s') }, (_dir, run) => {
    const r = run('load', 's', '--root', 'x', '--quiet');
    assert.equal(r.code, 0, r.err);
    // Codex injects the skill in a <skill> block; agentskills (first) has no load tool.
    assert.match(r.out, /^<skill>\n<name>s<\/name>/);
    assert.match(run('load', '--help').out, /--agent <profile> {7}lovia, eino, codex, claude-code, copilot, opencode, or\n {26}auto \(default auto:/);
    assert.match(run('read', '--help').out, /--agent <profile> {7}lovia \(the only agent with this tool\)\n/);
    assert.match(run('index', '--help').out, /--agent <profile> {7}lovia, agentskills, eino, codex, claude-code, copilot,\n {26}opencode, or auto \(default auto:/);
  });
});

test('no --agent (auto): the agent the skills target by location, then .skillmd.json targets', () => {
  const files = {
    '.github/skills/a/SKILL.md': SKILL('a'),
    '.github/skills/b/SKILL.md': SKILL('b'),
    '.claude/skills/c/SKILL.md': SKILL('c'),
    'skills/d/SKILL.md': SKILL('d'),
  };
  inTree(files, (dir, run) => {
    const r = run('index', '--quiet');
    assert.equal(r.code, 0);
    // Copilot (two skills) over Claude Code (one); Copilot reads .github, .agents, .claude, then skills/.
    assert.deepEqual([...r.out.matchAll(/<file>(.*)<\/file>/g)].map((m) => path.relative(dir, m[1])), ['.github/skills/a/SKILL.md', '.github/skills/b/SKILL.md', '.claude/skills/c/SKILL.md', 'skills/d/SKILL.md']);
    assert.equal(run('index', '--agent', 'auto', '--quiet').out, r.out);
    writeFileSync(path.join(dir, '.skillmd.json'), '{"targets":["codex"]}');
    assert.match(run('index', '--quiet').out, /^<skills_instructions>\n## Skills\n/);
  });
});

test('eino: every line loses everything up to its first tab, as its backend strips `cat -n` numbers', () => {
  inTree({ 'ei/tabs/SKILL.md': SKILL('tabs', 'build:\n\tmake all\n1\tstep one\tand more\n') }, (dir, run) => {
    const load = run('load', 'tabs', '--agent', 'eino', '--root', 'ei', '--quiet');
    assert.equal(load.code, 0);
    assert.equal(load.out, `Launching skill: tabs\nBase directory for this skill: ${dir}/ei/tabs\n\nbuild:\nmake all\nstep one\tand more`);
  });
});

test('codex keeps every skill of a name (its loader de-duplicates by path only); lovia keeps the first', () => {
  inTree({ 'r1/same/SKILL.md': SKILL('same'), 'r2/same/SKILL.md': SKILL('same') }, (dir, run) => {
    const codex = run('index', '--agent', 'codex', '--root', 'r1', '--root', 'r2');
    assert.equal(codex.code, 0);
    assert.equal(codex.out.split('\n').filter((l) => l.startsWith('- same: ')).length, 2);
    assert.doesNotMatch(codex.err, /shadowed/);
    const lovia = run('index', '--agent', 'lovia', '--root', 'r1', '--root', 'r2');
    assert.match(lovia.err, new RegExp(`\\[shadowed\\] same  ${dir}/r2/same/SKILL\\.md: "same" is already defined by ${dir}/r1/same/SKILL\\.md; the first one found wins`));
  });
});

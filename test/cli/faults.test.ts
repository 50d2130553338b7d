// Faults that used to take a whole run down or leave the tree (issue 22): each is a
// tree built here and the CLI run over it as a child process.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { cliPath, makeTree, repoRoot, runCli, type CliResult } from './helpers';

// Each skill its own description: two skills with one are reported (duplicate-description).
const description = (name: string) => `Formats CSV files as ${name} tables. Use when converting CSV data into Markdown tables.`;
const OK = (name: string, body = `# ${name}\n`) => `---\nname: ${name}\ndescription: ${description(name)}\n---\n${body}`;

const trees: string[] = [];
const tree = (files: Record<string, string | Uint8Array>) => {
  const t = makeTree(files);
  trees.push(t);
  return t;
};
after(() => {
  for (const t of trees) rmSync(t, { recursive: true, force: true });
});

test('special-token text (`<|im_start|>`, `<|endoftext|>`) in a body is counted as text: both skills are checked', () => {
  const dir = tree({
    // Over 15,000 bytes, so body-too-long counts the body's tokens (about 3,000 of them).
    'skills/chat/SKILL.md': OK('chat', '# Chat template\n\n```\n<|im_start|>system\nYou are helpful.<|im_end|>\n<|endoftext|>\n```\n\n' + 'word '.repeat(3200) + '\n'),
    'skills/plain/SKILL.md': OK('plain'),
  });
  const r = runCli(['check', 'skills', '--format', 'json'], dir);
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.skills.map((s: { name: string; diagnostics: unknown[] }) => [s.name, s.diagnostics.length]), [['chat', 0], ['plain', 0]]);
  assert.deepEqual(j.summary, { skills: 2, errors: 0, warnings: 0 });
});

const HOOKS = { SKILLMD_INTERNAL_TEST_HOOKS: path.join(repoRoot, 'test/fixtures/hooks/throwingRule.cjs') };
const REPORT = 'That part of the check did not run. This is a bug in skillmd: please report it with this file (https://github.com/skillmd/skillmd/issues).';

function faultTree(): string {
  return tree({
    // The rule with a bug throws here; the other rules and the reference checks still run.
    'skills/a/SKILL.md': `---\nname: a\ndescription: ${description("a")}\ncolour: red\n---\nTHROW-IN-RULE\nSee [the guide](guide.md).\n`,
    'skills/b/SKILL.md': OK('b', 'THROW-IN-FILE-CHECK\n'),
    'skills/c/SKILL.md': OK('c', 'REPORT-THEN-THROW\n'),
    'skills/d/SKILL.md': `---\nname: d\ndescription: ${description("d")}\ncolour: blue\n---\n# d\n`,
  });
}

test('a rule or file check that throws is one internal-error diagnostic on that skill; its other rules and every other skill are checked', () => {
  const dir = faultTree();
  const r = runCli(['check', 'skills', '--target', 'agentskills'], dir, HOOKS);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, [
    "skills/a/SKILL.md:1:1: error internal-error: Internal error in rule `test-throws`: TypeError: Cannot read properties of undefined (reading 'x'). " + REPORT,
    'skills/a/SKILL.md:4:1: error unknown-field: Unknown field `colour` (rejected by agentskills).',
    'skills/a/SKILL.md:7:17: error reference-missing: `guide.md` does not exist in the skill folder, so agents following this link fail. Create the file or correct the path.',
    'skills/b/SKILL.md:1:1: error internal-error: Internal error in the test file check: extractor bug second line. ' + REPORT,
    'skills/c/SKILL.md:1:1: warning test-throws: reported before the bug',
    'skills/c/SKILL.md:1:1: error internal-error: Internal error in rule `test-throws`: RangeError: Maximum call stack size exceeded. ' + REPORT,
    'skills/d/SKILL.md:4:1: error unknown-field: Unknown field `colour` (rejected by agentskills).',
    '4 skills checked, 4 invalid: 6 errors, 1 warning, 0 info',
    '',
  ].join('\n'));
  assert.equal(r.status, 1, 'errors, not an internal failure of the run');
});

test('json and sarif carry internal errors like any diagnostic; sarif also as a tool execution notification', () => {
  const dir = faultTree();
  const j = JSON.parse(runCli(['check', 'skills/b', 'skills/d', '--format', 'json'], dir, HOOKS).stdout);
  assert.deepEqual(j.skills.map((s: { name: string; valid: boolean; diagnostics: { code: string }[] }) => [s.name, s.valid, s.diagnostics.map((d) => d.code)]), [
    ['b', false, ['internal-error']],
    ['d', false, ['unknown-field']],
  ]);
  assert.equal(j.skills[0].diagnostics[0].message, 'Internal error in the test file check: extractor bug second line. ' + REPORT);
  const s = runCli(['check', 'skills/b', 'skills/d', '--format', 'sarif'], dir, HOOKS);
  assert.equal(s.status, 1);
  const run = JSON.parse(s.stdout).runs[0];
  const index = run.tool.driver.rules.findIndex((x: { id: string }) => x.id === 'internal-error');
  assert.ok(index >= 0);
  assert.deepEqual(run.results.filter((x: { ruleId: string }) => x.ruleId === 'internal-error').map((x: { ruleIndex: number; level: string }) => [x.ruleIndex, x.level]), [[index, 'error']]);
  assert.deepEqual(run.invocations, [{
    executionSuccessful: false,
    toolExecutionNotifications: [{
      level: 'error',
      message: { text: 'Internal error in the test file check: extractor bug second line. ' + REPORT },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'skills/b/SKILL.md', uriBaseId: '%SRCROOT%' }, region: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 } } }],
      descriptor: { id: 'internal-error', index },
    }],
  }]);
  const clean = JSON.parse(runCli(['check', 'skills/d', '--format', 'sarif'], dir, HOOKS).stdout).runs[0];
  assert.deepEqual(clean.invocations, [{ executionSuccessful: true }]);
});

test('internal-error can be turned off like any rule', () => {
  const dir = faultTree();
  const r = runCli(['check', 'skills/b', 'skills/c'], dir, { ...HOOKS });
  assert.match(r.stdout, /internal-error/);
  const cfg = tree({ '.skillmd.json': '{"rules": {"internal-error": "off"}}', 'skills/c/SKILL.md': OK('c', 'REPORT-THEN-THROW\n') });
  assert.equal(runCli(['check', 'skills/c'], cfg, HOOKS).stdout, 'skills/c/SKILL.md:1:1: warning test-throws: reported before the bug\n1 skill checked, 0 invalid: 0 errors, 1 warning, 0 info\n');
});

function bomb(name: string, value = 'description: *l11'): string {
  const lines = ['---', `name: ${name}`, 'l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 12; i++) lines.push(`l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  return [...lines, value, '---', `# ${name}`, ''].join('\n');
}

test('an alias bomb as the description: check and every index answer (Claude Code printed 9^12 words, out of memory)', { timeout: 120_000 }, () => {
  const dir = tree({ '.claude/skills/bomb/SKILL.md': bomb('bomb'), '.claude/skills/plain/SKILL.md': OK('plain') });
  const c = runCli(['check', '.claude/skills/bomb', '--target', 'claude-code'], dir);
  assert.equal(c.stderr, '');
  assert.ok(c.stdout.endsWith([
    '.claude/skills/bomb/SKILL.md:14:1: warning unknown-field: Unknown field `l11` (ignored by claude-code).',
    '.claude/skills/bomb/SKILL.md:15:14: info field-type: `description` should be a string, not a list (ignored by claude-code).',
    '1 skill checked, 0 invalid: 0 errors, 12 warnings, 1 info',
    '',
  ].join('\n')), c.stdout);
  const claude = runCli(['index', '--agent', 'claude-code', '--part', 'listing'], dir);
  assert.equal(claude.status, 0, claude.stderr);
  const line = claude.stdout.split('\n').find((l) => l.startsWith('- bomb: '))!;
  // Claude Code's listing cuts a description at 1,536 characters (with the ellipsis).
  assert.equal(line, '- bomb: ' + 'lol,'.repeat(383) + 'lol…');
  assert.ok(claude.stdout.includes(`- plain: ${description("plain")}`));
  // The others refuse a list as a description; Eino and skills-ref fail as a whole (exit 1), as they do.
  // Codex does not read .claude/skills, so the bomb is not in its catalog.
  const statuses = ['lovia', 'codex', 'eino', 'agentskills'].map((agent) => {
    const r = runCli(['index', '--agent', agent, '--json'], dir);
    const j = JSON.parse(r.stdout);
    return [agent, r.status, j.skipped.map((x: { name: string; reason: string }) => `${x.reason} ${x.name}`)];
  });
  assert.deepEqual(statuses, [['lovia', 0, ['invalid bomb']], ['codex', 0, []], ['eino', 1, ['invalid bomb']], ['agentskills', 1, ['invalid bomb']]]);
});

test('frontmatter over 262,144 characters is one clear error in check, and index leaves the skill out saying why', () => {
  const big = `---\nname: big\ndescription: ${description("big")}\nanchor: &a x\nlist:\n${'- *a\n'.repeat(100_000)}---\n# big\n`;
  const dir = tree({ 'skills/big/SKILL.md': big, 'skills/plain/SKILL.md': OK('plain') });
  const r = runCli(['check', 'skills'], dir);
  assert.equal(r.stdout, [
    'skills/big/SKILL.md:1:1: error frontmatter-too-large: The frontmatter is 500,126 characters long, over the 262,144 skillmd parses, so none of it is checked. Agents parse it whenever they list skills: keep it to `name`, `description` and a few fields, and move data into files.',
    '2 skills checked, 1 invalid: 1 error, 0 warnings, 0 info',
    '',
  ].join('\n'));
  const j = JSON.parse(runCli(['index', '--agent', 'lovia', '--root', 'skills', '--json'], dir).stdout);
  assert.deepEqual(j.skills.map((s: { name: string }) => s.name), ['plain']);
  assert.deepEqual(j.skipped.map((x: { reason: string; message: string }) => [x.reason, x.message]), [['invalid', 'the frontmatter is 500,126 characters long, over the 262,144 skillmd parses, so skillmd does not show what lovia reads from it']]);
});

test('links out of the checked folder are not followed (`ln -s / skills/evil`); a link that stays inside still is', () => {
  const outsideDir = tree({ 'a/SKILL.md': OK('a'), 'b/SKILL.md': OK('b') });
  // node_modules is not walked: only the link leads there, and it stays inside.
  const dir = tree({ 'skills/ok/SKILL.md': OK('ok'), 'skills/node_modules/linked/SKILL.md': OK('linked') });
  symlinkSync(outsideDir, path.join(dir, 'skills/away'));
  symlinkSync('/', path.join(dir, 'skills/evil'));
  symlinkSync('node_modules/linked', path.join(dir, 'skills/linked'));
  mkdirSync(path.join(dir, 'skills/passwd'));
  symlinkSync('/etc/passwd', path.join(dir, 'skills/passwd/SKILL.md'));
  const r = runCli(['check', 'skills', '--format', 'json'], dir);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.skills.map((s: { path: string }) => s.path), ['skills/linked/SKILL.md', 'skills/ok/SKILL.md']);
  const real = realpathSync(dir);
  const msg = (link: string, to: string, what: string) => `${path.join(dir, link)} is a symbolic link to ${to}, outside ${real}/skills: skillmd does not follow links out of the folder it checks, so ${what} there is not checked. Check that folder by naming it.`;
  assert.deepEqual(j.problems.map((p: { code: string; severity: string; file: string; message: string }) => [p.code, p.severity, p.file, p.message]), [
    ['symlink-outside', 'warning', 'skills/away', msg('skills/away', realpathSync(outsideDir), 'what is')],
    ['symlink-outside', 'warning', 'skills/evil', msg('skills/evil', '/', 'what is')],
    ['symlink-outside', 'warning', 'skills/passwd/SKILL.md', msg('skills/passwd/SKILL.md', '/etc/passwd', 'the skill file')],
  ]);
  assert.equal(r.status, 0);
  // Named on purpose, the linked folder is checked.
  assert.deepEqual(JSON.parse(runCli(['check', 'skills/away', '--format', 'json'], dir).stdout).skills.map((s: { name: string }) => s.name), ['a', 'b']);
});

/**
 * Runs the CLI so that file modes deny it: tests run as root here, and root reads any
 * file, whatever its mode. Without the capabilities that override modes
 * (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), as setpriv runs it, root is denied too.
 */
function runCliDenied(args: string[], cwd: string): CliResult | string {
  if (process.getuid?.() !== 0) return runCli(args, cwd);
  const probe = spawnSync('setpriv', ['--inh-caps=-all', '--bounding-set=-dac_override,-dac_read_search', 'true']);
  if (probe.status !== 0) return 'root, and setpriv cannot drop CAP_DAC_OVERRIDE here: modes do not deny root';
  const r = spawnSync('setpriv', ['--inh-caps=-all', '--bounding-set=-dac_override,-dac_read_search', process.execPath, cliPath, ...args], { cwd, encoding: 'utf8', env: { ...process.env, SKILLMD_THREADS: '' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('an unreadable skill file and an unreadable folder are one diagnostic each; the rest is checked', (t) => {
  const dir = tree({ 'skills/locked/SKILL.md': OK('locked'), 'skills/closed/inner/SKILL.md': OK('inner'), 'skills/ok/SKILL.md': OK('ok') });
  chmodSync(path.join(dir, 'skills/locked/SKILL.md'), 0o000);
  chmodSync(path.join(dir, 'skills/closed'), 0o000);
  const r = runCliDenied(['check', 'skills'], dir);
  chmodSync(path.join(dir, 'skills/closed'), 0o755);
  if (typeof r === 'string') return void t.skip(r);
  assert.equal(r.stdout, [
    'skills/closed:1:1: error folder-unreadable: cannot read folder: permission denied',
    'skills/locked/SKILL.md:1:1: error file-unreadable: The skill file cannot be read: permission denied.',
    '2 skills checked, 1 invalid: 2 errors, 0 warnings, 0 info',
    '',
  ].join('\n'));
  assert.equal(r.status, 1);
});

test('a 50 MB skill file, a 50 MB and a binary linked file, a NUL in SKILL.md: one clear diagnostic each where the file is the skill', () => {
  const dir = tree({
    'skills/ref/SKILL.md': OK('ref', 'See [the data](references/big.md) and [the blob](references/blob.md).\n'),
    'skills/ref/references/big.md': '# Big\n' + 'a'.repeat(50 * 2 ** 20),
    'skills/ref/references/blob.md': Buffer.from([0x23, 0x20, 0x00, 0xff, 0xfe, 0x01]),
    'skills/nul/SKILL.md': OK('nul', 'a\u0000b\n'),
  });
  // Sparse: 50 MiB on disk without writing them.
  const big = path.join(dir, 'skills/big/SKILL.md');
  mkdirSync(path.dirname(big));
  writeFileSync(big, OK('big'));
  truncateSync(big, 50 * 2 ** 20);
  const r = runCli(['check', 'skills'], dir);
  assert.equal(r.stdout, [
    'skills/big/SKILL.md:1:1: error file-too-large: The skill file is 50.0 MiB, over the 5.0 MiB skillmd reads; agents would load all of it into context.',
    'skills/nul/SKILL.md:1:1: error file-binary: The skill file is binary (NUL byte at offset 116), not Markdown text.',
    '3 skills checked, 2 invalid: 2 errors, 0 warnings, 0 info',
    '',
  ].join('\n'));
  assert.equal(r.stderr, '');
});

test('a check thread that dies: its skills are checked on the main thread, the report is whole', { timeout: 120_000 }, () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 420; i++) files[`skills/s${String(i).padStart(3, '0')}/SKILL.md`] = OK(`s${String(i).padStart(3, '0')}`, i % 10 === 3 ? 'EXIT-IN-WORKER\n' : '# s\n');
  const dir = tree(files);
  const r = runCli(['check', 'skills', '--format', 'json'], dir, { ...HOOKS, SKILLMD_THREADS: '2' });
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.summary, { skills: 420, errors: 0, warnings: 0 });
  assert.deepEqual(j.skills.map((s: { name: string }) => s.name), Array.from({ length: 420 }, (_, i) => `s${String(i).padStart(3, '0')}`));
  assert.match(r.stderr, /^skillmd: a check thread stopped \(exit 70\); this thread checked its skills$/m);
  assert.equal(r.status, 0);
});

test('on worker threads too: a rule that throws costs one diagnostic, every skill is reported', { timeout: 120_000 }, () => {
  // Over 400 skills: the run is spread over threads (checkParallel.ts), each loading the hooks.
  const files: Record<string, string> = {};
  // One in ten throws: batches of 32 go to the main thread and the workers alike.
  const throwing = (i: number) => i % 10 === 3;
  for (let i = 0; i < 420; i++) files[`skills/s${String(i).padStart(3, '0')}/SKILL.md`] = OK(`s${String(i).padStart(3, '0')}`, throwing(i) ? 'THROW-IN-RULE\n' : '# s\n');
  const dir = tree(files);
  const r = runCli(['check', 'skills', '--format', 'json'], dir, { ...HOOKS, SKILLMD_THREADS: '2' });
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.summary, { skills: 420, errors: 42, warnings: 0 });
  const expected = Array.from({ length: 420 }, (_, i) => i).filter(throwing).map((i) => `s${String(i).padStart(3, '0')} internal-error`);
  assert.deepEqual(j.skills.flatMap((s: { name: string; diagnostics: { code: string }[] }) => s.diagnostics.map((d) => `${s.name} ${d.code}`)), expected);
  assert.equal(r.status, 1);
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { makeTree, repoRoot, runCli } from './helpers';

const GOOD = '---\nname: good\ndescription: Formats tables in Markdown files. Use when the user asks to align or sort a Markdown table.\n---\n\n# Good\n';
const BAD = '---\nname: Bad One\ndescription: Use when: the user asks\n---\n# Bad\n';
const HELPER = '---\nname: helper\ndescription: Summarises a diff into a commit message. Use when the user asks for a commit message.\ncontext: forked\n---\n# Helper\n';

const tree = makeTree({
  'skills/good/SKILL.md': GOOD,
  'skills/bad-one/SKILL.md': BAD,
  '.claude/skills/helper/SKILL.md': HELPER,
  'node_modules/dep/skills/x/SKILL.md': BAD,
});
after(() => rmSync(tree, { recursive: true, force: true }));

const EXPECTED_TEXT = [
  '.claude/skills/helper/SKILL.md:4:10: warning field-value: `forked` is not a valid `context`: expected `fork` (ignored by claude-code).',
  'skills/bad-one/SKILL.md:2:7: error name-format: Skill name `Bad One` must be lowercase and may only contain lowercase letters, digits and hyphens; use `bad-one` (rejected by agentskills).',
  'skills/bad-one/SKILL.md:2:7: error name-folder-mismatch: Skill name `Bad One` does not match its folder `bad-one`; make them equal (rejected by agentskills).',
  'skills/bad-one/SKILL.md:3:14: error yaml-unquoted-colon: Unquoted `: ` in a value is invalid YAML; quote the value (rejected by agentskills).',
  '3 skills checked, 1 invalid: 3 errors, 1 warning, 0 info',
  '',
].join('\n');

test('text format: problem-matcher lines, a summary, exit 1 on errors; node_modules skipped', () => {
  const r = runCli(['check'], tree);
  assert.equal(r.stdout, EXPECTED_TEXT);
  assert.equal(r.stderr, '');
  assert.equal(r.status, 1);
});

test('json format: the documented shape with 0-based LSP ranges', () => {
  const r = runCli(['check', 'skills/bad-one', '.claude/skills/helper/SKILL.md', '--format', 'json'], tree);
  assert.equal(r.status, 1);
  const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });
  assert.deepEqual(JSON.parse(r.stdout), {
    skills: [
      {
        name: 'Bad One',
        path: 'skills/bad-one/SKILL.md',
        targets: ['agentskills'],
        valid: false,
        diagnostics: [
          { code: 'name-format', severity: 'error', message: 'Skill name `Bad One` must be lowercase and may only contain lowercase letters, digits and hyphens; use `bad-one` (rejected by agentskills).', file: 'skills/bad-one/SKILL.md', range: range(1, 6, 1, 13) },
          { code: 'name-folder-mismatch', severity: 'error', message: 'Skill name `Bad One` does not match its folder `bad-one`; make them equal (rejected by agentskills).', file: 'skills/bad-one/SKILL.md', range: range(1, 6, 1, 13) },
          { code: 'yaml-unquoted-colon', severity: 'error', message: 'Unquoted `: ` in a value is invalid YAML; quote the value (rejected by agentskills).', file: 'skills/bad-one/SKILL.md', range: range(2, 13, 2, 36) },
        ],
      },
      {
        name: 'helper',
        path: '.claude/skills/helper/SKILL.md',
        targets: ['claude-code'],
        valid: true,
        diagnostics: [
          { code: 'field-value', severity: 'warning', message: '`forked` is not a valid `context`: expected `fork` (ignored by claude-code).', file: '.claude/skills/helper/SKILL.md', range: range(3, 9, 3, 15) },
        ],
      },
    ],
    problems: [],
    summary: { skills: 2, errors: 3, warnings: 1 },
  });
});

test('exit codes: 0 when clean, 1 over --max-warnings, 2 on usage errors', () => {
  assert.equal(runCli(['check', 'skills/good'], tree).status, 0);
  assert.equal(runCli(['check', '.claude/skills/helper', '--max-warnings', '1'], tree).status, 0);
  assert.equal(runCli(['check', '.claude/skills/helper', '--max-warnings', '0'], tree).status, 1);
  for (const args of [['check', '--format', 'xml'], ['check', '--target', 'cursor'], ['check', '--bogus'], ['check', '--max-warnings', '-1'], ['frobnicate']]) {
    const r = runCli(args, tree);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, /^skillmd: .+\nRun "skillmd --help" for usage\.\n$/);
    assert.equal(r.stdout, '');
  }
  assert.equal(runCli(['check', '--target', 'cursor'], tree).stderr.split('\n')[0], 'skillmd: unknown --target "cursor"; profiles: agentskills, claude-code, copilot, codex, opencode, lovia, eino');
  // --help names every exit status, as the README does.
  assert.match(runCli(['check', '--help'], tree).stdout, /\nExit status: 0 no errors, 1 errors \(or too many warnings\), 2 usage error,\n3 internal error\.\n$/);
});

test('--target replaces the inferred profiles', () => {
  const r = runCli(['check', '.claude/skills/helper', '--target', 'eino', '--target', 'claude-code'], tree);
  assert.equal(r.stdout, [
    '.claude/skills/helper/SKILL.md:4:10: warning field-value: `forked` is not a valid `context`: expected `fork`, `fork_with_context` (ignored by eino, claude-code).',
    '1 skill checked, 0 invalid: 0 errors, 1 warning, 0 info',
    '',
  ].join('\n'));
});

test('sarif format: SARIF 2.1.0 that the SARIF Multitool validator accepts', (t) => {
  const r = runCli(['check', '--format', 'sarif'], tree);
  assert.equal(r.status, 1);
  const sarif = JSON.parse(r.stdout);
  assert.equal(sarif.version, '2.1.0');
  const results = sarif.runs[0].results;
  assert.equal(results.length, 4);
  assert.deepEqual(results[1], {
    ruleId: 'name-format',
    ruleIndex: sarif.runs[0].tool.driver.rules.findIndex((x: { id: string }) => x.id === 'name-format'),
    level: 'error',
    message: { text: 'Skill name `Bad One` must be lowercase and may only contain lowercase letters, digits and hyphens; use `bad-one` (rejected by agentskills).' },
    locations: [{ physicalLocation: { artifactLocation: { uri: 'skills/bad-one/SKILL.md', uriBaseId: '%SRCROOT%' }, region: { startLine: 2, startColumn: 7, endLine: 2, endColumn: 14 } } }],
  });
  const validator = sarifValidator();
  if (!validator) return t.skip('SARIF Multitool is available for Linux only');
  const file = path.join(tree, 'out.sarif');
  writeFileSync(file, r.stdout);
  const log = path.join(tree, 'validation.sarif');
  const v = spawnSync(validator, ['validate', file, '--output', log], { encoding: 'utf8' });
  assert.equal(v.status, 0, v.stdout + v.stderr);
  const findings = JSON.parse(readFileSync(log, 'utf8')).runs[0].results;
  assert.deepEqual(findings.filter((f: { level?: string }) => f.level === 'error'), [], v.stdout);
});

/** The official validator, installed once from npm into .cache/ (it ships a Linux binary). */
function sarifValidator(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const dir = path.join(repoRoot, '.cache/sarif-multitool');
  const bin = path.join(dir, 'node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    const r = spawnSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '@microsoft/sarif-multitool-linux@5.7.0'], { encoding: 'utf8' });
    assert.equal(r.status, 0, `installing the SARIF validator failed:\n${r.stderr}`);
  }
  return bin;
}

test('bad files are one diagnostic each and the other skills are still checked', () => {
  const bad = makeTree({
    'binary/SKILL.md': Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0x02]),
    'latin1/SKILL.md': Buffer.from('---\nname: latin1\ndescription: caf\xe9\n---\n', 'latin1'),
    'huge/SKILL.md': '---\nname: huge\ndescription: x\n---\n' + 'a'.repeat(6 * 1024 * 1024),
    'locked/SKILL.md': GOOD.replace('good', 'locked').replace('Formats tables', 'Formats locked tables'),
    'good/SKILL.md': GOOD,
  });
  try {
    chmodSync(path.join(bad, 'locked/SKILL.md'), 0o000);
    // A FIFO named SKILL.md would block a plain open(): it is reported, never opened.
    mkfifo(path.join(bad, 'fifo/SKILL.md'));
    mkdirSync(path.join(bad, 'folder/SKILL.md'), { recursive: true });
    symlinkSync('.', path.join(bad, 'good', 'loop'));
    mkdirSync(path.join(bad, 'self'));
    symlinkSync('SKILL.md', path.join(bad, 'self/SKILL.md'));
    mkdirSync(path.join(bad, 'dangling'));
    symlinkSync('gone.md', path.join(bad, 'dangling/SKILL.md'));
    // 40 levels: the scan stops at 32 and says where.
    const deep = path.join(bad, 'deep', ...Array.from({ length: 40 }, () => 'd'));
    mkdirSync(deep, { recursive: true });
    writeFileSync(path.join(deep, 'SKILL.md'), GOOD);
    const r = runCli(['check', '--format', 'json'], bad);
    const out = JSON.parse(r.stdout);
    const byName = Object.fromEntries(out.skills.map((s: { name: string; diagnostics: { code: string; message: string }[] }) => [s.name, s.diagnostics.map((d) => `${d.code}: ${d.message}`)]));
    const root = process.getuid?.() === 0;
    assert.deepEqual(byName, {
      binary: ['file-binary: The skill file is binary (NUL byte at offset 4), not Markdown text.'],
      dangling: ['file-unreadable: The skill file does not exist (or is a symbolic link to a missing file).'],
      good: [],
      huge: ['file-too-large: The skill file is 6.0 MiB, over the 5.0 MiB skillmd reads; agents would load all of it into context.'],
      latin1: ['file-encoding: The skill file is not valid UTF-8 (invalid UTF-8 near byte 33); save it as UTF-8.'],
      // root reads any file, whatever its mode
      locked: root ? [] : ['file-unreadable: The skill file cannot be read: permission denied.'],
      self: ['file-unreadable: The skill file is a symbolic link that loops back on itself.'],
    });
    const d32 = ['deep', ...Array.from({ length: 31 }, () => 'd')].join('/');
    assert.deepEqual(out.problems.map((p: { code: string; severity: string; file: string; message: string }) => [p.code, p.severity, p.file, p.message]), [
      ['folder-too-deep', 'warning', d32, `the folders in ${path.join(bad, d32)} are not searched for skills: it is 32 levels below ${bad}.`],
      ['file-unreadable', 'error', 'fifo/SKILL.md', `${path.join(bad, 'fifo/SKILL.md')} is a pipe, socket or device, not a regular file; agents skip it.`],
      ['file-unreadable', 'error', 'folder/SKILL.md', `${path.join(bad, 'folder/SKILL.md')} is a folder, not a regular file; agents skip it.`],
      ['symlink-loop', 'warning', 'good/loop', `symlink loop: ${path.join(bad, 'good/loop')} leads back to ${bad}/good`],
    ]);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, '');
  } finally {
    rmSync(bad, { recursive: true, force: true });
  }
});

test('a reference to a FIFO is reported, with or without a #fragment, and the check does not hang on it', () => {
  const dir = makeTree({
    'piped/SKILL.md': '---\nname: piped\ndescription: Reads a pipe. Use when testing references to special files.\n---\n\n# Piped\n\nSee [the log](references/log.md) and [its end](references/log.md#end).\n',
  });
  try {
    mkfifo(path.join(dir, 'piped/references/log.md'));
    const r = runCli(['check', '--format', 'json'], dir);
    type Range = { start: { line: number; character: number }; end: { line: number; character: number } };
    const [skill] = JSON.parse(r.stdout).skills as { diagnostics: { code: string; severity: string; range: Range; message: string }[] }[];
    const message = '`references/log.md` is a pipe, socket or device, not a regular file: an agent that reads it hangs or fails. Point the reference at a regular file.';
    assert.deepEqual(skill.diagnostics.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character, d.message]), [
      ['reference-unreadable', 'warning', 7, 14, 31, message],
      ['reference-unreadable', 'warning', 7, 47, 64, message],
    ]);
    assert.equal(r.status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function mkfifo(p: string): void {
  mkdirSync(path.dirname(p), { recursive: true });
  assert.equal(spawnSync('mkfifo', [p]).status, 0);
}

test('.skillmd.json: targets, rule severities, ignore globs; inline suppressions', () => {
  const ws = makeTree({
    '.skillmd.json': JSON.stringify({ targets: ['claude-code'], rules: { 'field-value': 'error' }, ignore: ['vendor/**'] }),
    'skills/helper/SKILL.md': HELPER,
    'vendor/bad/SKILL.md': BAD,
    'skills/quiet/SKILL.md': '---\nname: quiet\ndescription: Summarises a diff. Use when the user asks for a commit message.\n# skillmd-disable-next-line field-value\ncontext: forked\n---\n',
  });
  try {
    const r = runCli(['check'], ws);
    assert.equal(r.stdout, [
      'skills/helper/SKILL.md:4:10: error field-value: `forked` is not a valid `context`: expected `fork` (ignored by claude-code).',
      '2 skills checked, 1 invalid: 1 error, 0 warnings, 0 info',
      '',
    ].join('\n'));
    assert.equal(r.status, 1);
    writeFileSync(path.join(ws, 'broken.json'), '{"targets": ["nope"], "colour": 1, "rules": {"unknown-feild": "off", "reference-unused-file": "off", "editor-limit": "off"}}');
    const bad = runCli(['check', '--config', 'broken.json'], ws);
    assert.equal(bad.status, 2);
    // A misspelt rule code would silently do nothing; reference and editor codes are known.
    assert.equal(bad.stderr, `skillmd: invalid configuration ${path.join(ws, 'broken.json')}:\n  targets: unknown profile "nope"\n  rules.unknown-feild: unknown rule code; did you mean "unknown-field"?\n  unknown setting "colour"\nRun "skillmd --help" for usage.\n`);
    // An `overrides` object instead of an array, a number for `usageRules`: errors, not ignored.
    writeFileSync(path.join(ws, 'shapes.json'), '{"overrides": {"files": "**", "rules": {"no-such-rule": "off"}}, "usageRules": 42}');
    const shapes = runCli(['check', '--config', 'shapes.json'], ws);
    assert.equal(shapes.status, 2);
    assert.equal(shapes.stderr, `skillmd: invalid configuration ${path.join(ws, 'shapes.json')}:\n  usageRules must be a string or null\n  overrides must be an array of { files, targets?, rules? }\nRun "skillmd --help" for usage.\n`);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('a path that does not exist is reported, not thrown', () => {
  const r = runCli(['check', 'no/such/skill', '--format', 'json'], tree);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.problems.map((p: { code: string }) => p.code), ['path-not-found']);
  assert.equal(r.status, 1);
});

test('a reader that stops early (| head) ends the run quietly', () => {
  // Megabytes of output, so the writes outlast the reader.
  const files: Record<string, string> = {};
  for (let i = 0; i < 1500; i++) files[`skills/s${i}/SKILL.md`] = BAD;
  const big = makeTree(files);
  try {
    const cmd = `"${process.execPath}" "${path.join(repoRoot, 'bin/skillmd.js')}" check --format json | head -c 10; exit \${PIPESTATUS[0]}`;
    const r = spawnSync('bash', ['-c', cmd], { cwd: big, encoding: 'utf8' });
    assert.equal(r.stdout, '{\n  "skill');
    assert.equal(r.stderr, '');
    assert.equal(r.status, 1, 'the exit status still says there are errors');
  } finally {
    rmSync(big, { recursive: true, force: true });
  }
});

test('text output: a line break in a folder name and escape sequences from a file stay on one escaped line', () => {
  const dir = makeTree({
    'skills/bad\nname/SKILL.md': '---\nname: x\ndescription: A skill. Use when testing.\n---\n',
    'skills/e/SKILL.md': '---\nname: "e\\e[31mRED"\ndescription: Another skill. Use when testing.\n---\n',
  });
  try {
    const r = runCli(['check', 'skills', '--target', 'agentskills'], dir);
    const lines = r.stdout.trimEnd().split('\n');
    assert.deepEqual(lines, [
      'skills/bad\\nname/SKILL.md:2:7: error name-folder-mismatch: Skill name `x` does not match its folder `bad\\nname`; make them equal (rejected by agentskills).',
      'skills/e/SKILL.md:2:7: error name-format: Skill name `e\\x1b[31mRED` must be lowercase and may only contain lowercase letters, digits and hyphens; use `e` (rejected by agentskills).',
      'skills/e/SKILL.md:2:7: error name-folder-mismatch: Skill name `e\\x1b[31mRED` does not match its folder `e`; make them equal (rejected by agentskills).',
      '2 skills checked, 2 invalid: 3 errors, 0 warnings, 0 info',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sarif run from the root folder: %SRCROOT% is file:///', () => {
  const r = runCli(['check', path.join(repoRoot, 'examples/skills/broken-yaml'), '--format', 'sarif'], '/');
  assert.equal(JSON.parse(r.stdout).runs[0].originalUriBaseIds['%SRCROOT%'].uri, 'file:///');
});

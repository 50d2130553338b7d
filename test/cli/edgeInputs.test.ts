// Inputs that broke the CLI's promises (found by review): a message with a line break in
// the one-line text format, a pipe or device given as a path, overlapping paths, `#`
// and `?` in SARIF URIs, a YAML error at the end of a CRLF line.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { makeTree, runCli } from './helpers';

const OK = (name: string) => `---\nname: ${name}\ndescription: Formats CSV files as tables. Use when converting CSV data into Markdown tables.\n---\n# ${name}\n`;

const tree = makeTree({
  // A tab-indented line: YAML's error recovery makes a key holding a line break.
  'tab/SKILL.md': '---\nname: tab\ndescription: Formats CSV files as tables. Use when converting CSV data into Markdown tables.\n\t- bad: [x\n---\nbody\n',
  'c#sharp/SKILL.md': OK('c#sharp'),
  'what?x/SKILL.md': OK('what?x'),
  'lf/SKILL.md': '---\nname: lf\ndescription: Formats CSV files as tables. Use when converting CSV data into Markdown tables.\nmetadata: {😀: [1, 2}\n---\n',
  'bom/SKILL.md': '\ufeff---\nname: bom\ndescription: Formats CSV files as tables. Use when converting CSV data into Markdown tables.\n---\n',
  'crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: Formats CSV files as tables. Use when converting CSV data into Markdown tables.\r\nmetadata: {😀: [1, 2}\r\n---\r\n',
});
after(() => rmSync(tree, { recursive: true, force: true }));

test('text format: a message with a line break stays on its line, shown as \\n', () => {
  const r = runCli(['check', 'tab'], tree);
  assert.equal(r.status, 1);
  const lines = r.stdout.trimEnd().split('\n');
  for (const l of lines.slice(0, -1)) assert.match(l, /^tab\/SKILL\.md:\d+:\d+: (error|warning|info|hint) [a-z-]+: /, l);
  assert.ok(lines.includes('tab/SKILL.md:4:2: error unknown-field: Unknown field `- bad: [x\\n` (rejected by agentskills).'), r.stdout);
});

test('a pipe or a device given as a path is file-unreadable, not an unreadable folder', () => {
  const fifo = path.join(tree, 'pipe');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  const r = runCli(['check', 'pipe', '/dev/null'], tree);
  assert.equal(r.stdout, [
    'pipe:1:1: error file-unreadable: ' + fifo + ' is a pipe, socket or device, not a skill file or folder.',
    '/dev/null:1:1: error file-unreadable: /dev/null is a pipe, socket or device, not a skill file or folder.',
    '0 skills checked, 0 invalid: 2 errors, 0 warnings, 0 info',
    '',
  ].join('\n'));
  assert.equal(r.status, 1);
});

test('a path given twice reports each walk problem once', () => {
  const loops = makeTree({ 'loopy/SKILL.md': OK('loopy') });
  try {
    spawnSync('ln', ['-s', '..', path.join(loops, 'loopy', 'up')]);
    const once = runCli(['check', '.'], loops);
    const thrice = runCli(['check', '.', '.', './'], loops);
    assert.match(once.stdout, /symlink-loop/);
    assert.equal(thrice.stdout, once.stdout);
  } finally {
    rmSync(loops, { recursive: true, force: true });
  }
});

test('sarif: `#` and `?` in folder names are percent-encoded in artifact URIs', () => {
  const r = runCli(['check', 'c#sharp', 'what?x', '--format', 'sarif'], tree);
  const uris = new Set<string>(JSON.parse(r.stdout).runs[0].results.map((x: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => x.locations[0].physicalLocation.artifactLocation.uri));
  assert.deepEqual([...uris].sort(), ['c%23sharp/SKILL.md', 'what%3Fx/SKILL.md']);
});

test('a YAML error at the end of a line is at the same column with LF and CRLF line ends', () => {
  const at = (dir: string) => runCli(['check', dir, '--format', 'json'], tree).stdout;
  const ranges = (out: string) => JSON.parse(out).skills[0].diagnostics.filter((d: { code: string }) => d.code === 'yaml-syntax').map((d: { range: unknown }) => JSON.stringify(d.range));
  const lf = ranges(at('lf'));
  assert.ok(lf.length > 0);
  assert.deepEqual(ranges(at('crlf')), lf);
  // The line `metadata: {😀: [1, 2}` is 21 UTF-16 code units long: no column lies past it.
  for (const r of lf) assert.ok(JSON.parse(r).end.character <= 21, r);
});

test('a UTF-8 BOM is reported for the agents that read raw bytes, and they leave the skill out of their index', () => {
  const r = runCli(['check', 'bom', '--target', 'agentskills', '--target', 'codex', '--target', 'claude-code'], tree);
  assert.equal(r.stdout, [
    'bom/SKILL.md:1:1: error frontmatter-bom: The file starts with a UTF-8 byte order mark (BOM), so the frontmatter does not start the file (rejected by agentskills, codex). Save it as UTF-8 without BOM (in VS Code: Save with Encoding, UTF-8).',
    '1 skill checked, 1 invalid: 1 error, 0 warnings, 0 info',
    '',
  ].join('\n'));
  assert.equal(runCli(['check', 'bom', '--target', 'claude-code'], tree).status, 0);
  const index = runCli(['index', '--agent', 'codex', '--root', '.', '--json'], tree);
  const j = JSON.parse(index.stdout);
  assert.deepEqual(j.skipped.filter((x: { path: string }) => x.path.endsWith('bom/SKILL.md')).map((x: { message: string }) => x.message), ['missing YAML frontmatter delimited by ---']);
});

test('a UTF-8 BOM: VS Code reads it into the text and finds no frontmatter; opencode (gray-matter) and lovia strip it', () => {
  const r = runCli(['check', 'bom', '--target', 'copilot', '--target', 'opencode', '--target', 'lovia'], tree);
  assert.equal(r.stdout.split('\n')[0], 'bom/SKILL.md:1:1: error frontmatter-bom: The file starts with a UTF-8 byte order mark (BOM), so the frontmatter does not start the file (rejected by copilot). Save it as UTF-8 without BOM (in VS Code: Save with Encoding, UTF-8).');
  assert.equal(runCli(['check', 'bom', '--target', 'opencode', '--target', 'lovia'], tree).status, 0);
  const lovia = JSON.parse(runCli(['index', '--agent', 'lovia', '--root', '.', '--json'], tree).stdout);
  assert.deepEqual(lovia.skills.filter((s: { name: string }) => s.name === 'bom').map((s: { description: string }) => s.description), [
    'Formats CSV files as tables. Use when converting CSV data into Markdown tables.',
  ]);
});

test('small usage points: an empty --max-warnings, a skill file given as a root, a file one byte over the limit', () => {
  const empty = runCli(['check', 'lf', '--max-warnings='], tree);
  assert.equal(empty.status, 2);
  assert.match(empty.stderr, /--max-warnings needs a whole number ≥ 0/);
  const root = runCli(['index', 'lf/SKILL.md', '--agent', 'lovia'], tree);
  assert.ok(root.stderr.includes(`[root-missing] ${path.join(tree, 'lf/SKILL.md')}: a skill root is a folder of skill folders; ${path.join(tree, 'lf/SKILL.md')} is a file`), root.stderr);
  const big = makeTree({ 'big/SKILL.md': '---\nname: big\ndescription: x\n---\n' + 'x'.repeat(5 * 2 ** 20 + 1 - 33) });
  try {
    const r = runCli(['check', 'big'], big);
    assert.equal(r.stdout.split('\n')[0], 'big/SKILL.md:1:1: error file-too-large: The skill file is 5,242,881 bytes, over the 5.0 MiB (5,242,880 bytes) skillmd reads; agents would load all of it into context.');
  } finally {
    rmSync(big, { recursive: true, force: true });
  }
});

test('a path named on the command line but ignored by the configuration says so (it was checked as a file, skipped as a folder)', () => {
  const ws = makeTree({ '.skillmd.json': '{"ignore": ["vendor/**"]}', 'vendor/v/SKILL.md': OK('v'), 'skills/s/SKILL.md': OK('s') });
  try {
    for (const p of ['vendor/v/SKILL.md', 'vendor/v']) {
      const r = runCli(['check', p], ws);
      assert.equal(r.stdout, `${p}:1:1: info path-ignored: ${path.join(ws, p)} matches an \`ignore\` glob of the configuration, so it is not checked.\n0 skills checked, 0 invalid: 0 errors, 0 warnings, 1 info\n`);
      assert.equal(r.status, 0);
    }
    assert.equal(runCli(['check', '.'], ws).stdout, '1 skill checked, 0 invalid: 0 errors, 0 warnings, 0 info\n');
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('the summary counts hints apart from info, and names them only when there are some', () => {
  const ws = makeTree({ 's/SKILL.md': OK('s'), 's/references/unused.md': '# Unused\n' });
  try {
    const r = runCli(['check', 's'], ws);
    assert.equal(r.stdout, "s/references/unused.md:1:1: hint reference-unused-file: `references/unused.md` is not referenced from SKILL.md or the files it references, so agents never learn it exists. Link it where it is needed, or delete it.\n1 skill checked, 0 invalid: 0 errors, 0 warnings, 0 info, 1 hint\n");
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('a symbolic link loop given as the path is reported as a loop, not as missing', () => {
  const dir = makeTree({});
  try {
    spawnSync('ln', ['-s', 'self', path.join(dir, 'self')]);
    const r = runCli(['check', 'self'], dir);
    assert.equal(r.stdout, `self:1:1: warning symlink-loop: symlink loop: ${path.join(dir, 'self')} points back at itself\n0 skills checked, 0 invalid: 0 errors, 1 warning, 0 info\n`);
    assert.match(runCli(['check', 'nothere'], dir).stdout, /^nothere:1:1: error path-not-found: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a folder whose name is not valid UTF-8 is reported as such by check and index, not as missing', () => {
  const dir = makeTree({ 'skills/ok/SKILL.md': OK('ok') });
  try {
    // Latin-1 `café`: the byte 0xE9 alone is not UTF-8 (a shell writes the raw bytes).
    assert.equal(spawnSync('sh', ['-c', 'd="skills/$(printf "caf\\351")" && mkdir "$d" && cp skills/ok/SKILL.md "$d/SKILL.md"'], { cwd: dir }).status, 0);
    const message = 'its name is not valid UTF-8, which skillmd cannot open (Node reads the bad bytes as U+FFFD); rename it';
    const check = runCli(['check', 'skills'], dir);
    assert.ok(check.stdout.startsWith(`skills/caf\ufffd:1:1: error folder-unreadable: ${message}\n`), check.stdout);
    const index = runCli(['index', '--agent', 'codex', '--root', 'skills'], dir);
    assert.ok(index.stderr.includes(`[folder-unreadable] ${path.join(dir, 'skills', 'caf\ufffd')}: ${message}\n`), index.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a frontmatter key named like an object property (`constructor:`) is an unknown field, not a crash', () => {
  const dir = makeTree({ 'skills/p/SKILL.md': '---\nname: p\ndescription: Formats CSV files as tables. Use when converting CSV data into Markdown tables.\nconstructor: x\nmetadata:\n  toString: 1\n---\n# P\n' });
  try {
    const r = runCli(['check', '--target', 'codex'], dir);
    assert.equal(r.stdout, 'skills/p/SKILL.md:4:1: warning unknown-field: Unknown field `constructor` (ignored by codex).\n1 skill checked, 0 invalid: 0 errors, 1 warning, 0 info\n');
    assert.equal(r.status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

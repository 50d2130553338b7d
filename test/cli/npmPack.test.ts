// The npm package (`npm pack`, what `npx skillmd` installs) holds the same bundles, the
// tokenizer ranks and the grammars that the VSIX does ("files" in package.json serves
// both), and its CLI runs on its own, with no node_modules: same output as the repo's.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeTree, repoRoot, runCli } from './helpers';

test('npm pack: the bundles, ranks and grammars only, and the packed CLI answers as the repo\'s does', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'skillmd-pack-'));
  const skills = makeTree({
    '.claude/skills/pdf-tools/SKILL.md': '---\nname: pdf-tools\ndescription: Fills PDF forms. Use when the user asks to fill or flatten a PDF.\n---\n# PDF tools\nSee [the guide](references/guide.md).\n',
    'skills/Bad_Name/SKILL.md': '---\nname: Bad Name\ndescription: x\n---\n',
  });
  try {
    // The bundles are built by npm test; --ignore-scripts skips prepack's rebuild.
    const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(pack.status, 0, pack.stderr);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    const files = info.files.map((f) => f.path).sort();
    assert.deepEqual(files.filter((f) => !f.startsWith('syntaxes/')), [
      'LICENSE', 'README.md', 'bin/skillmd-language-server.js', 'bin/skillmd.js', 'client/out/extension.js',
      'images/icon.png', 'images/icon.svg', 'images/skills-view.svg', 'package.json',
      'server/out/ajv.js', 'server/out/cli.js', 'server/out/cli.js.cache', 'server/out/cliPreview.js', 'server/out/cliPreview.js.cache',
      'server/out/codeCache.js', 'server/out/indexWorker.js', 'server/out/o200k_base.bin', 'server/out/picomatch.js',
      'server/out/server.js', 'server/out/yaml.js', 'server/out/yaml.js.cache',
    ]);
    assert.ok(files.some((f) => f.startsWith('syntaxes/')), 'the grammars');
    const untar = spawnSync('tar', ['-xzf', path.join(out, info.filename), '-C', out], { encoding: 'utf8' });
    assert.equal(untar.status, 0, untar.stderr);
    const packed = (args: string[]) => spawnSync(process.execPath, [path.join(out, 'package', 'bin', 'skillmd.js'), ...args], { cwd: skills, encoding: 'utf8', env: { ...process.env, NODE_PATH: '' } });
    for (const args of [['check', '.'], ['index', '--agent', 'claude-code']]) {
      const mine = runCli(args, skills);
      const theirs = packed(args);
      assert.equal(theirs.stderr, mine.stderr, args.join(' '));
      assert.equal(theirs.stdout, mine.stdout, args.join(' '));
      assert.equal(theirs.status, mine.status, args.join(' '));
    }
    // The index report (stderr) counts tokens: the ranks file was found next to the packed bundle.
    assert.match(packed(['index', '--agent', 'claude-code']).stderr, /^total: \d+ tokens \(o200k_base\)$/m);
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(skills, { recursive: true, force: true });
  }
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './helpers';

test('vsce packages a VSIX offline with the bundles, grammars and docs only', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillmd-vsix-'));
  try {
    const out = path.join(dir, 'skillmd.vsix');
    const vsce = path.join(repoRoot, 'node_modules/@vscode/vsce/vsce');
    const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', out], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const list = spawnSync('unzip', ['-Z1', out], { encoding: 'utf8' });
    assert.equal(list.status, 0, list.stderr);
    const files = list.stdout.trim().split('\n').filter((f) => f.startsWith('extension/')).sort();
    assert.deepEqual(files, [
      'extension/LICENSE.txt',
      'extension/bin/skillmd-language-server.js',
      'extension/bin/skillmd.js',
      'extension/client/out/extension.js',
      'extension/images/icon.png',
      'extension/images/icon.svg',
      'extension/images/skills-view.svg',
      'extension/package.json',
      'extension/readme.md',
      'extension/server/out/ajv.js',
      'extension/server/out/cli.js',
      'extension/server/out/cli.js.cache',
      'extension/server/out/cliPreview.js',
      'extension/server/out/cliPreview.js.cache',
      'extension/server/out/codeCache.js',
      'extension/server/out/indexWorker.js',
      'extension/server/out/o200k_base.bin',
      'extension/server/out/picomatch.js',
      'extension/server/out/server.js',
      'extension/server/out/yaml.js',
      'extension/server/out/yaml.js.cache',
      // every grammar, and nothing else of the source tree
      ...readdirSync(path.join(repoRoot, 'syntaxes')).map((f) => `extension/syntaxes/${f}`),
    ].sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

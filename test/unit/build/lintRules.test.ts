// The lint rules that hold the architecture (eslint.config.mjs), each shown failing on
// the code it forbids and passing where it allows it: npm test runs eslint over the
// sources, so a rule that silently stopped matching would let the code back in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: path.resolve(__dirname, '../../..') });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`);
}

test('the core imports no node:fs, vscode or LSP packages; the adapters may', async () => {
  const code = "import { readFileSync } from 'node:fs';\nimport type { Range } from 'vscode-languageserver';\nexport const x = [readFileSync, {} as Range];\n";
  assert.deepEqual(await problems('server/src/core/text/example.ts', code), ['1:1 no-restricted-imports', '2:1 no-restricted-imports']);
  assert.deepEqual(await problems('server/src/node/example.ts', code), []);
});

test('a WeakMap is flagged everywhere in server/src unless its line is excused', async () => {
  const code = 'export const m = new WeakMap<object, number>();\n';
  assert.deepEqual(await problems('server/src/core/references/example.ts', code), ['1:18 no-restricted-syntax']);
  assert.deepEqual(await problems('server/src/lsp/example.ts', code), ['1:18 no-restricted-syntax']);
  const excused = '// eslint-disable-next-line no-restricted-syntax -- keyed by the run\n' + code;
  assert.deepEqual(await problems('server/src/core/references/example.ts', excused), []);
});

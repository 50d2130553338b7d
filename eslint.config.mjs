// Lint (issue 19): the core stays host-agnostic, and no dead code. `npm test` runs it
// (scripts/run-tests.mjs, `npm run lint`).
import tseslint from 'typescript-eslint';

const HOST_IMPORTS = {
  paths: [
    { name: 'fs', message: 'core reads files through the injected FileSystem (workspace/fileSystem.ts)' },
    { name: 'node:fs', message: 'core reads files through the injected FileSystem (workspace/fileSystem.ts)' },
    { name: 'fs/promises', message: 'core reads files through the injected FileSystem' },
    { name: 'node:fs/promises', message: 'core reads files through the injected FileSystem' },
    { name: 'vscode', message: 'core is host-agnostic: no VS Code API' },
  ],
  patterns: [{ group: ['vscode-*', 'vscode-*/**'], message: 'core is host-agnostic: no LSP types or protocol' }],
};

export default tseslint.config(
  { ignores: ['**/out/**', '**/node_modules/**', '.cache/**', 'bench-out/**', '.vscode-test/**', 'client/**', 'test/**', 'scripts/**', '*.mjs', 'bin/**'] },
  {
    files: ['server/src/**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // A WeakMap's entries live through V8's young-generation collections: a memo keyed by
      // documents kept each one alive a collection longer (docs/development.md). Keys that
      // live for the run anyway (options, profiles, schemas) say so where they are made.
      'no-restricted-syntax': ['error', {
        selector: "NewExpression[callee.name='WeakMap']",
        message: 'A WeakMap keeps its entries through young-generation GCs: memoise documents by keeping the last few answers (docs/development.md); for keys that live for the run, disable this line and say why.',
      }],
    },
  },
  {
    files: ['server/src/core/**/*.ts'],
    // Left for its area (h-core): tokens.ts reads the o200k table with node:fs.
    ignores: ['server/src/core/text/tokens.ts'],
    rules: { 'no-restricted-imports': ['error', HOST_IMPORTS] },
  },
);

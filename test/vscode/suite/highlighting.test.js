// Colouring that must stay inside skill files: `$ARGUMENTS` / `$0`..`$9` are semantic
// tokens of SKILL.md only, and the Markdown injection grammar leaves `$5` in any
// other Markdown (a README.md, a code block) to VS Code's own Markdown grammar.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { activeExtension, fixturesRoot } = require('./helpers');

/** [line, character, length, type] of each semantic token, or undefined without a provider. */
async function semanticTokens(uri) {
  await vscode.workspace.openTextDocument(uri);
  const legend = await vscode.commands.executeCommand('vscode.provideDocumentSemanticTokensLegend', uri);
  const tokens = await vscode.commands.executeCommand('vscode.provideDocumentSemanticTokens', uri);
  if (!tokens) return undefined;
  const out = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i < tokens.data.length; i += 5) {
    const [dLine, dChar, length, type] = tokens.data.slice(i, i + 4);
    line += dLine;
    char = dLine ? dChar : char + dChar;
    out.push([line, char, length, legend.tokenTypes[type]]);
  }
  return out;
}

function write(rel, text) {
  const file = path.join(fixturesRoot(), rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return vscode.Uri.file(file);
}

/** Innermost scopes of every token, with VS Code's own Markdown grammar and our injections. */
async function markdownScopes(ext, text) {
  const vsctm = require('vscode-textmate');
  const oniguruma = require('vscode-oniguruma');
  const onig = path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm');
  await oniguruma.loadWASM(fs.readFileSync(onig).buffer);
  const grammars = {
    'text.html.markdown': path.join(vscode.env.appRoot, 'extensions', 'markdown-basics', 'syntaxes', 'markdown.tmLanguage.json'),
  };
  for (const g of ext.packageJSON.contributes.grammars) grammars[g.scopeName] = path.join(ext.extensionPath, g.path);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (s) => new oniguruma.OnigScanner(s), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => (grammars[scope] ? vsctm.parseRawGrammar(fs.readFileSync(grammars[scope], 'utf8'), grammars[scope]) : null),
    getInjections: (scope) => (scope === 'text.html.markdown' ? ext.packageJSON.contributes.grammars.filter((g) => g.injectTo).map((g) => g.scopeName) : undefined),
  });
  const grammar = await registry.loadGrammar('text.html.markdown');
  const out = [];
  let state = vsctm.INITIAL;
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) out.push([line.slice(t.startIndex, t.endIndex), t.scopes.join(' ')]);
    state = r.ruleStack;
  }
  return out;
}

suite('highlighting', () => {
  let ext;
  before(async () => {
    ext = await activeExtension();
  });

  test('$ARGUMENTS and $0..$9 are semantic tokens in a SKILL.md', async () => {
    const uri = write('skills/args-skill/SKILL.md', '---\nname: args-skill\ndescription: Takes arguments. Use when testing highlighting.\n---\n\nFix issue $ARGUMENTS, then $1; not $5x or a$1.\n\n```sh\nrun $0\n```\n');
    assert.deepEqual(await semanticTokens(uri), [
      [5, 10, 10, 'parameter'],
      [5, 27, 2, 'parameter'],
      [8, 4, 2, 'parameter'],
    ]);
  });

  test('other Markdown gets no argument colouring: no semantic tokens, no grammar scope for $5', async () => {
    const text = '# Pricing\n\nIt costs $5 or $ARGUMENTS.\n\n```sh\necho $1\n```\n';
    const uri = write('docs/README.md', text);
    assert.equal(await semanticTokens(uri), undefined);
    const scopes = await markdownScopes(ext, text);
    const ours = scopes.filter(([, s]) => /skillmd/.test(s));
    assert.deepEqual(ours, []);
    // The injection still works where it should: skill folder variables.
    const skillDir = (await markdownScopes(ext, 'python ${CLAUDE_SKILL_DIR}/x.py')).filter(([, s]) => /skillmd/.test(s));
    assert.deepEqual(skillDir.map(([t]) => t), ['${CLAUDE_SKILL_DIR}']);
  });
});

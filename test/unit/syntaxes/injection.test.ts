import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const root = path.join(__dirname, '../../..');

// A stand-in for VS Code's Markdown grammar: the injections only need its scope name.
const markdownStub = { scopeName: 'text.html.markdown', patterns: [{ begin: '<!--', end: '-->', name: 'comment.block.html' }] };

async function registry(): Promise<vsctm.Registry> {
  const wasm = readFileSync(path.join(root, 'node_modules/vscode-oniguruma/release/onig.wasm')).buffer;
  await oniguruma.loadWASM(wasm);
  return new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources: string[]) => new oniguruma.OnigScanner(sources),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope: string) => {
      if (scope === 'text.html.markdown') return vsctm.parseRawGrammar(JSON.stringify(markdownStub), 'markdown.json');
      if (scope === 'skillmd.injection') {
        const file = path.join(root, 'syntaxes/skill-injection.tmLanguage.json');
        return vsctm.parseRawGrammar(readFileSync(file, 'utf8'), file);
      }
      return null;
    },
    getInjections: (scope: string) => (scope === 'text.html.markdown' ? ['skillmd.injection'] : undefined),
  });
}

/** [text, innermost scope] for every token of a line, as VS Code would colour it. */
async function tokens(line: string): Promise<[string, string][]> {
  const grammar = (await (await registry()).loadGrammar('text.html.markdown'))!;
  const r = grammar.tokenizeLine(line, vsctm.INITIAL);
  return r.tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes[t.scopes.length - 1]]);
}

test('agent path variables are highlighted in SKILL.md bodies', async () => {
  assert.deepEqual(await tokens('python ${CLAUDE_SKILL_DIR}/scripts/x.py {{.BaseDirectory}}/a'), [
    ['python ', 'text.html.markdown'],
    ['${CLAUDE_SKILL_DIR}', 'variable.language.skill-dir.skillmd'],
    ['/scripts/x.py ', 'text.html.markdown'],
    ['{{.BaseDirectory}}', 'variable.language.skill-dir.skillmd'],
    ['/a', 'text.html.markdown'],
  ]);
});

test('argument placeholders are not coloured in Markdown (a README\'s $5); suppression comments are', async () => {
  // $ARGUMENTS and $0..$9 are semantic tokens of skill files only (client/src/argumentTokens.ts).
  assert.deepEqual(await tokens('Fix issue $ARGUMENTS, costs $5 or a$1'), [
    ['Fix issue $ARGUMENTS, costs $5 or a$1', 'text.html.markdown'],
  ]);
  assert.deepEqual(await tokens('<!-- skillmd-disable-next-line reference-missing -->'), [
    ['<!--', 'punctuation.definition.comment.begin.html'],
    [' ', 'text.html.markdown'],
    ['skillmd-disable-next-line', 'keyword.control.directive.skillmd'],
    [' reference-missing ', 'constant.other.rule-code.skillmd'],
    ['-->', 'punctuation.definition.comment.end.html'],
  ]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { bpeCounter } from '../../../server/src/core/text/bpe';
import { countAroundRuns, countTokens, longRuns, MAX_UNBROKEN_RUN, type Run } from '../../../server/src/core/text/tokens';
import { countTokens as reference, decode, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { boundedTokens } from '../../../server/src/lsp/limits';
import { countPreviewTokens } from '../../../server/src/core/render/index';

test('ordinary text counts exactly as o200k_base', () => {
  for (const t of ['', 'Hello, world!', 'Use when the user asks about PDFs.\n\n## Steps\n1. Run `python scripts/x.py`.', 'naïve café — 日本語のテキスト 😀', 'x'.repeat(500) + ' tail']) {
    assert.equal(countTokens(t), reference(t), JSON.stringify(t.slice(0, 40)));
  }
});

// The timeout guards against the quadratic case (minutes for a megabyte), not speed.
test('a megabyte without white space is counted, close to the exact count', { timeout: 60_000 }, () => {
  const word = 'ab1'.repeat(2000); // 6,000 characters: the exact count is still affordable here
  const approx = countTokens(word);
  const exact = reference(word);
  assert.ok(Math.abs(approx - exact) <= Math.ceil(word.length / 512) * 2, `${approx} vs ${exact}`);
  const huge = 'q'.repeat(1024 * 1024);
  assert.equal(countTokens(huge), 2048 * countTokens('q'.repeat(512)));
});

// Same guard: a run of white space is one piece as well (a line of tabs took seconds).
test('a megabyte of white space is counted in slices too', { timeout: 60_000 }, () => {
  const tabs = '\t'.repeat(1024 * 1024);
  assert.equal(countTokens(tabs), 2048 * countTokens('\t'.repeat(512)));
  const spaces = 'a' + ' '.repeat(600) + 'b';
  assert.ok(Math.abs(countTokens(spaces) - reference(spaces)) <= 2, `${countTokens(spaces)} vs ${reference(spaces)}`);
});

// A chat template quoted in a skill (issue 22) threw "Disallowed special token" and
// took a whole `skillmd check` down. The model sees such text as the characters it is.
test('special-token text counts as the text it is, here as in hover and the previews', () => {
  const asText = { disallowedSpecial: new Set<string>() };
  const cases: [string, number][] = [
    ['<|im_start|>', 6],
    ['<|endoftext|>', 7],
    ['<|endofprompt|>', 7],
    ['hello <|im_start|>user\nhi<|im_end|>', 16],
  ];
  for (const [text, n] of cases) {
    assert.equal(countTokens(text), n, text);
    const ids = encode(text, asText);
    assert.equal(ids.length, n, text);
    // No control token among them: ordinary ranks that decode back to the text.
    assert.ok(ids.every((id) => id < 199998), text);
    assert.equal(decode(ids), text);
  }
  // A run long enough to be sliced keeps counting too.
  assert.equal(countTokens('<|endoftext|>'.repeat(100)), countTokens('<|endoftext|>'.repeat(50)) * 2);
  assert.deepEqual(boundedTokens('Quote <|im_start|> and <|endoftext|>.'), { tokens: countTokens('Quote <|im_start|> and <|endoftext|>.'), exact: true });
  const report = countPreviewTokens({ agent: 'lovia', parts: [{ id: 'main', title: 'index', text: '<|endoftext|>' }], skills: [{ name: 's', path: '/s/SKILL.md', text: '<|im_start|>' }] } as never);
  assert.deepEqual([report.perSkill[0].tokens, report.total], [6, 7]);
});

// countTokens finds long runs by jumping MAX_UNBROKEN_RUN characters at a time; these
// are the runs a scan of every character finds.
function runsByScan(text: string): Run[] {
  const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11;
  const runs: Run[] = [];
  let runStart = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && isSpace(text.charCodeAt(i)) === isSpace(text.charCodeAt(runStart))) continue;
    if (i - runStart > MAX_UNBROKEN_RUN) runs.push({ start: runStart, end: i });
    runStart = i;
  }
  return runs;
}

test('long runs of white space or of other characters are found wherever they start and end', () => {
  const count = bpeCounter(readFileSync(join(__dirname, '../../../server/out/o200k_base.bin')));
  for (const n of [511, 512, 513, 1024, 1025]) {
    for (const t of [`Hello ${'a'.repeat(n)} end`, `x${' '.repeat(n)}y`, `${'b'.repeat(n)}, c`, '\t'.repeat(n)]) {
      assert.deepEqual([...longRuns(t)], runsByScan(t), `${JSON.stringify(t.slice(0, 8))} ${n}`);
      assert.equal(countTokens(t), countAroundRuns(t, runsByScan(t), count));
    }
  }
  // A run of exactly MAX_UNBROKEN_RUN is not sliced: it joins the piece before it.
  assert.equal(countTokens(`Hello ${'a'.repeat(512)}`), reference(`Hello ${'a'.repeat(512)}`));
  const run = fc.tuple(fc.constantFrom('a', 'x1', ' ', '\t', '\n', '😀', 'é'), fc.oneof(fc.integer({ min: 1, max: 1300 }), fc.constantFrom(511, 512, 513, 514, 1024, 1025, 1026))).map(([s, n]) => s.repeat(n));
  fc.assert(
    fc.property(fc.array(fc.oneof(run, fc.constantFrom('Hello, world. ', ' ', 'a', '\n\n')), { maxLength: 8 }), (parts) => {
      const t = parts.join('');
      assert.deepEqual([...longRuns(t)], runsByScan(t), JSON.stringify(parts.map((p) => `${p.slice(0, 3)}×${p.length}`)));
    }),
    { numRuns: 300, seed: 11 },
  );
});

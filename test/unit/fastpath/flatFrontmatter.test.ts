import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { findFrontmatterBounds } from '../../../server/src/core/document/frontmatterBounds';
import { readFlatFrontmatter } from '../../../server/src/core/document/flatFrontmatter';
import { parseYamlTree } from '../../../server/src/core/document/yamlTree';
import { LineIndex } from '../../../server/src/core/text/lineIndex';

/** Returns whether the fast path took the input; asserts it matches `yaml` when it did. */
function compare(text: string): boolean {
  const lines = new LineIndex(text);
  const b = findFrontmatterBounds(text, 0);
  if (!b || !b.terminated) return false;
  const flat = readFlatFrontmatter(text, b.contentStart, b.contentEnd, lines);
  if (!flat) return false;
  const full = parseYamlTree(text, b.contentStart, b.contentEnd, lines);
  assert.deepEqual(full.problems, [], `yaml reports problems for input the fast path accepted:\n${text}`);
  assert.equal(full.root?.kind, flat.length ? 'map' : full.root?.kind);
  const fullEntries = full.root?.kind === 'map' ? full.root.entries : [];
  // Every field of every entry and node, nested maps and sequences included (the
  // `anchor`/`tag` only `yaml` sets never occur in input the fast path accepts).
  assert.deepEqual(flat, fullEntries, `fast path differs from yaml for:\n${text}`);
  return true;
}

test('the fast path reads a typical frontmatter exactly like yaml', () => {
  assert.equal(compare('---\nname: pdf-forms\ndescription: Fill PDF forms. Use when the user asks.\n---\n# Body\n'), true);
  assert.equal(compare('---\nd: |\n  a\n  b\n\n  c\nn: "q \\"x\\" \\\\ \\u00e9"\ne: >-\n  a\n  b\n\n  c\n\nf: >\n  x\n---\n'), true);
  assert.equal(compare('---\r\nname: "quoted"\r\ndescription: \'single\'\r\n---\r\n'), true);
  assert.equal(compare('---\nname:\nmeta:\n  a: 1\n  b: two\ntools:\n- Read\n- Bash\nlist:\n  - "x"\n\nafter: y\n---\n'), true);
  assert.equal(compare('---\nname: ünïcødé — 😀 skill\ndescription: a, b [c] {d} 50% off\n---\n'), true);
});

test('the fast path declines what it cannot be sure of', () => {
  const declined = [
    'description: Use when: x',
    'name: 1.5',
    'name: 0123',
    'name: yes please: no',
    'name: ~',
    'meta:\n  a:\n    b: c',
    'name: x # comment',
    '# comment\nname: x',
    'name: "esc\\x41ped"',
    'name: |\n\n  leading blank',
    'name: >\n  a\n    more',
    'name: |+\n  keep',
    'name: |2\n  explicit',
    'meta:\n  d: |\n    nested',
    "name: 'it''s'",
    'name: &a x',
    'name: *a',
    'name: x\nname: y',
    'name: [a, b]',
    'name: - x',
    'name: x\n  continued',
    'name:\tx',
    ' name: x',
  ];
  for (const fm of declined) assert.equal(compare(`---\n${fm}\n---\n`), false, fm);
});

// Deterministic fuzzing: random lines from pieces that often trip YAML.
function* fuzzCases(count: number): Generator<string> {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const pieces = ['\\"', '\\n', '\\u00e9', '\\x', 'a', 'Z', '1', '0x1', '.5', '-', ':', ': ', ' #', '#', '"', "'", '\\', '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', '%', '@', '`', ' ', '  ', 'é', '😀', 'true', 'null', '~', 'e3', '?', '\u0085', '\u2028', 'Use when', '\r'];
  const keys = ['name', 'description', 'x_y', 'a-b', 'Key1', '_k'];
  for (let n = 0; n < count; n++) {
    const lines: string[] = [];
    const lineCount = 1 + Math.floor(rand() * 6);
    for (let l = 0; l < lineCount; l++) {
      let v = '';
      const len = Math.floor(rand() * 8);
      for (let k = 0; k < len; k++) v += pieces[Math.floor(rand() * pieces.length)];
      const shapes = [`${keys[Math.floor(rand() * keys.length)]}: ${v}`, `${keys[Math.floor(rand() * keys.length)]}:`, `  sub${l}: ${v}`, `  - ${v}`, `- ${v}`, '', `   k: ${v}`, `${keys[Math.floor(rand() * keys.length)]}: ${['|', '|-', '>', '>-', '|+'][Math.floor(rand() * 5)]}`, `  ${v}`, `    ${v}`, `${keys[Math.floor(rand() * keys.length)]}: ${v}`];
      lines.push(shapes[Math.floor(rand() * shapes.length)]);
    }
    yield `---\n${lines.join(rand() < 0.3 ? '\r\n' : '\n')}\n---\nbody\n`;
  }
}

test('fuzzed frontmatter: whenever the fast path accepts, it equals yaml', () => {
  let accepted = 0;
  for (const text of fuzzCases(20000)) if (compare(text)) accepted++;
  assert.ok(accepted > 1000, `the fuzzer should exercise the fast path (accepted ${accepted})`);
});

const CORPUS = join(__dirname, '../../../../shared/corpus/agentskillexchange/skills');

test('real-world corpus: whenever the fast path accepts, it equals yaml', { skip: !existsSync(CORPUS) && 'corpus not present' }, () => {
  let accepted = 0;
  let total = 0;
  for (const dir of readdirSync(CORPUS)) {
    const file = join(CORPUS, dir, 'SKILL.md');
    if (!existsSync(file)) continue;
    total++;
    if (compare(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''))) accepted++;
  }
  assert.ok(total > 0);
  console.log(`fast path took ${accepted} of ${total} corpus files`);
});

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { findFrontmatterBounds } from '../../../server/src/core/document/frontmatterBounds';
import { readFlatFrontmatter } from '../../../server/src/core/document/flatFrontmatter';
import type { FrontmatterEntry } from '../../../server/src/core/document/model';
import { parseYamlTree } from '../../../server/src/core/document/yamlTree';
import { LineIndex } from '../../../server/src/core/text/lineIndex';

/** The fast path's entries when it took the input (asserting they match `yaml`'s). */
function compare(text: string): FrontmatterEntry[] | undefined {
  const lines = new LineIndex(text);
  const b = findFrontmatterBounds(text, 0);
  if (!b || !b.terminated) return undefined;
  const flat = readFlatFrontmatter(text, b.contentStart, b.contentEnd, lines);
  if (!flat) return undefined;
  const full = parseYamlTree(text, b.contentStart, b.contentEnd, lines);
  assert.deepEqual(full.problems, [], `yaml reports problems for input the fast path accepted:\n${text}`);
  assert.equal(full.root?.kind, flat.length ? 'map' : full.root?.kind);
  const fullEntries = full.root?.kind === 'map' ? full.root.entries : [];
  // Every field of every entry and node, nested maps and sequences included (the
  // `anchor`/`tag` only `yaml` sets never occur in input the fast path accepts).
  assert.deepEqual(flat, fullEntries, `fast path differs from yaml for:\n${text}`);
  return flat;
}

test('the fast path reads a typical frontmatter exactly like yaml', () => {
  assert.ok(compare('---\nname: pdf-forms\ndescription: Fill PDF forms. Use when the user asks.\n---\n# Body\n'));
  assert.ok(compare('---\nd: |\n  a\n  b\n\n  c\nn: "q \\"x\\" \\\\ \\u00e9"\ne: >-\n  a\n  b\n\n  c\n\nf: >\n  x\n---\n'));
  assert.ok(compare('---\r\nname: "quoted"\r\ndescription: \'single\'\r\n---\r\n'));
  assert.ok(compare('---\nname:\nmeta:\n  a: 1\n  b: two\ntools:\n- Read\n- Bash\nlist:\n  - "x"\n\nafter: y\n---\n'));
  assert.ok(compare('---\nname: x\nmeta:\n  a: 1\n  a: 2\nname: y\n---\n'), 'duplicate keys are kept, as yaml keeps them');
  assert.ok(compare('---\nversion: 2.0\nname: -x-y\ntags: [a, "b, c" , \'d\', 3, 1.5, true, -e]\nnone: []\nd: "emoji 🚀 \\"q\\""\nmeta:\n  t: [x]\n---\n'));
  assert.ok(compare('---\nname: ünïcødé — 😀 skill\ndescription: a, b [c] {d} 50% off\n---\n'));
});

test('the fast path declines what it cannot be sure of', () => {
  const declined = [
    // a bare CR: a line break to the line index, something else to yaml
    'description: "first\rsecond"',
    'description: plain\rtext',
    'meta:\n  a: "x\ry"',
    'd: |\n  a\rb',
    'description: Use when: x',
    'name: 1.',
    'name: 1.5e3',
    'name: -1',
    'tags: [a, [b]]',
    'tags: [a,]',
    'tags: [a, , b]',
    'tags: [a: b]',
    'tags: [a, b] # c',
    'tags: [a, b]x',
    'tags: [a,\n  b]',
    'tags: {a: b}',
    'name: 0123',
    'name: yes please: no',
    'name: ~',
    'meta:\n  a:\n    b: c',
    'name: x # comment',
    '# comment\nname: x',
    'name: "esc\\x41ped"',
    'name: "\\n\u0001"',
    'name: |\n\n  leading blank',
    'name: >\n  a\n    more',
    'name: |+\n  keep',
    'name: |2\n  explicit',
    'meta:\n  d: |\n    nested',
    "name: 'it''s'",
    'name: &a x',
    'name: *a',
    'name: - x',
    'name: x\n  continued',
    'name:\tx',
    ' name: x',
  ];
  for (const fm of declined) assert.equal(compare(`---\n${fm}\n---\n`), undefined, fm);
});

// Deterministic fuzzing: frontmatter built from top-level entries, nested blocks
// under `key:` and flow sequences, with values from pieces that often trip YAML.
function* fuzzCases(count: number): Generator<string> {
  // mulberry32: plain `seed * k` in doubles loses bits and makes a short, correlated cycle.
  let seed = 12345;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)];
  const pieces = ['\\"', '\\n', '\\u00e9', '\\ud83d', '\\ude80', '\\x', 'a', 'Z', '1', '0x1', '.5', '-', ':', ': ', ' #', '#', '"', "'", '\\', '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', '%', '@', '`', ' ', '  ', '\t', 'é', '😀', 'true', 'null', '~', 'e3', '?', '\u0085', '\u2028', 'Use when', '\r'];
  const clean = ['acme', 'Ödön Kovács', '"2.9.3"', "'single'", '"a, b"', '1', '2.0', '0.5', '10', 'true', 'False', '-x', 'Read Bash(git:*)', 'a b c', '""', "''", '[]', '[a, b]', '["x", \'y\', 3]', '-', '- x', '"q"', '\'s\''];
  const noisy = () => {
    let v = '';
    for (let k = Math.floor(rand() * 6); k > 0; k--) v += pick(pieces);
    return v;
  };
  const value = () => (rand() < 0.6 ? pick(clean) : noisy());
  const flow = () => {
    const items: string[] = [];
    for (let k = Math.floor(rand() * 4); k > 0; k--) items.push(value());
    return `[${items.join(pick([', ', ',', ' , ', ',  ', ' ', '']))}${pick(['', '', ' ', ','])}]`;
  };
  const keys = ['name', 'description', 'x_y', 'a-b', 'Key1', '_k', 'metadata'];
  const subKeys = ['author', 'version', 'a', 'b'];
  const blockHeader = () => pick(['|', '|-', '>', '>-', '|+']);
  for (let n = 0; n < count; n++) {
    const lines: string[] = [];
    for (let e = 1 + Math.floor(rand() * 4); e > 0; e--) {
      const key = pick(keys);
      const top = rand();
      if (top < 0.3) lines.push(`${key}: ${value()}`);
      else if (top < 0.4) lines.push(`${key}: ${flow()}`);
      else if (top < 0.45) {
        lines.push(`${key}: ${blockHeader()}`);
        for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) lines.push(pick(['  ', '    ', '']) + pick([value(), value(), '', ' ']));
      }
      else if (top < 0.5) lines.push(pick(['', '# c', `- ${value()}`, ` ${key}: ${value()}`]));
      else {
        // `key:` and a nested block, mostly at one indentation.
        lines.push(`${key}:${pick(['', '', ' '])}`);
        const indent = pick(['  ', '  ', '    ', ' ']);
        const seq = rand() < 0.45;
        for (let k = Math.floor(rand() * 4); k > 0; k--) {
          const ind = rand() < 0.85 ? indent : pick(['', ' ', '   ', '\t', '  \t', indent + '  ']);
          const r = rand();
          if (r < 0.75) lines.push(seq ? `${ind}- ${value()}` : `${ind}${pick(subKeys)}: ${value()}`);
          else if (r < 0.8) lines.push(`${ind}${pick(subKeys)}: ${rand() < 0.5 ? flow() : blockHeader()}`);
          else if (r < 0.85) lines.push(`${ind}${pick(subKeys)}:`);
          else if (r < 0.9) lines.push(pick(['', `${ind}# c`, `${ind}- [a]`, `${ind}-`]));
          else lines.push(`${ind}${value()}`);
        }
      }
    }
    const eol = rand() < 0.3 ? '\r\n' : '\n';
    yield `---${eol}${lines.map((l) => (rand() < 0.05 ? `${l} ` : l)).join(eol)}${eol}---${eol}body${eol}`;
  }
}

test('fuzzed frontmatter: whenever the fast path accepts, it equals yaml', () => {
  const seen = { total: 0, nestedMap: 0, blockSeq: 0, flowSeq: 0 };
  for (const text of fuzzCases(30000)) {
    const entries = compare(text);
    if (!entries) continue;
    seen.total++;
    for (const { value } of entries) {
      if (value?.kind === 'map') seen.nestedMap++;
      else if (value?.kind === 'seq') seen[value.flow ? 'flowSeq' : 'blockSeq']++;
    }
  }
  // The proof only covers what the fuzzer makes the fast path accept.
  for (const [shape, n] of Object.entries(seen)) assert.ok(n > 500, `the fuzzer should exercise ${shape} (accepted ${n})`);
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

test('generated bench corpus: whenever the fast path accepts, it equals yaml', async () => {
  const { generateCorpus } = await import('../../../scripts/bench/corpus.mjs');
  let accepted = 0;
  let total = 0;
  for (const file of generateCorpus({ skills: 2000 })) {
    if (!file.path.endsWith('/SKILL.md') || typeof file.data !== 'string') continue;
    total++;
    if (compare(file.data.replace(/^\uFEFF/, ''))) accepted++;
  }
  // Only the planted YAML errors (a colon in a plain value, tab indentation) need `yaml`.
  assert.ok(accepted > total * 0.97, `fast path took ${accepted} of ${total} generated skills`);
});

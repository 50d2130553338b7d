// Generated and mutated SKILL.md files for the property tests (fuzz.test.ts) and long
// runs (`npm run fuzz`). Built from the pieces that broke skillmd before: YAML
// aliases and nesting, line-end and BOM mixes, tabs, special-token text, NUL, lone
// surrogates, huge scalars, every Unicode category; then cut and mutated anywhere.
import fc from 'fast-check';

/** One fuzz case: the SKILL.md (text, or raw bytes) and a linked Markdown file. */
export interface FuzzCase {
  skill: string | Uint8Array;
  guide: string;
}

/** Code points from every general category that matters to a parser or a column count. */
const SPECIAL_CHARS = [
  '\0', '\t', '\v', '\f', '\r', '\n', '\r\n', '\u0085', '\u2028', '\u2029', '\u00a0', '\u3000', '\u200b', '\u200d', '\ufeff', '\u202e', '\u061c',
  '\ud800', '\udfff', '\udc00x', 'x\ud83d', '\u0301', 'e\u0301', '\ue000', '\uffff', '\ufffd', '😀', '👩‍👩‍👧', '𝔘', '日本語', 'مرحبا', 'Ǆ', 'ß', 'İ', '½', '٣',
  '<|im_start|>', '<|im_end|>', '<|endoftext|>', '<|endofprompt|>', '<|fim_prefix|>',
  ':', ': ', '#', ' #', '-', '- ', '? ', '|', '>', '&a', '*a', '!!str', '!!binary', '%YAML 1.1', '{', '}', '[', ']', ',', '"', "'", '\\', '`', '```', '~~~', '<!--', '-->',
  '---', '...', '${CLAUDE_SKILL_DIR}/', '{{.BaseDirectory}}/', '~/.claude/skills/x/', '../', './', '/', '%', '%2F', '#frag', '<a href="x">', '<img src="y.png">',
  'skillmd-disable-next-line', '<!-- skillmd-disable body-too-long -->', '# skillmd-disable unknown-field',
];

const codePoint = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }),
  fc.integer({ min: 0x80, max: 0xffff }),
  fc.integer({ min: 0x10000, max: 0x10ffff }),
).map((c) => String.fromCodePoint(c));

/** Short text of any characters, lone surrogates and YAML/Markdown syntax included. */
export const anyText = fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SPECIAL_CHARS) }, { weight: 4, arbitrary: codePoint }, { weight: 4, arbitrary: fc.string({ maxLength: 8 }) }), { maxLength: 24 }).map((a) => a.join(''));

const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
const key = fc.oneof(
  fc.constantFrom('name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools', 'when_to_use', 'disable-model-invocation', 'user-invocable', 'context', 'argument-hint', 'model', 'version', 'tags'),
  word,
  anyText,
);

const scalar = fc.oneof(
  word,
  anyText,
  fc.constantFrom('true', 'no', 'null', '~', '1_000', '0x1F', '2024-13-45', '1e309', '.nan', '-.inf', '""', "''", '|', '>-', '|+2', '!!str 1', '&a x', '*a', '*missing'),
  anyText.map((t) => JSON.stringify(t)),
  anyText.map((t) => `'${t.replace(/'/g, "''")}'`),
  // A huge scalar: one word of 20,000 characters, or many lines.
  fc.constantFrom('x'.repeat(20_000), 'word '.repeat(4_000), '<|endoftext|>'.repeat(500)),
);

type Yaml = { kind: 'scalar'; text: string } | { kind: 'seq'; items: Yaml[]; flow: boolean } | { kind: 'map'; entries: [string, Yaml][]; flow: boolean } | { kind: 'alias'; name: string } | { kind: 'anchored'; name: string; value: Yaml };

const yamlValue: fc.Arbitrary<Yaml> = fc.letrec<{ value: Yaml }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar.map((text): Yaml => ({ kind: 'scalar', text })),
    fc.record({ kind: fc.constant('seq' as const), items: fc.array(tie('value'), { maxLength: 4 }), flow: fc.boolean() }),
    fc.record({ kind: fc.constant('map' as const), entries: fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }), flow: fc.boolean() }),
    fc.record({ kind: fc.constant('alias' as const), name: fc.constantFrom('a', 'b', 'l0', 'l1') }),
    fc.record({ kind: fc.constant('anchored' as const), name: fc.constantFrom('a', 'b', 'l0', 'l1'), value: tie('value') }),
  ),
})).value;

function render(v: Yaml, indent: string): string {
  switch (v.kind) {
    case 'scalar':
      return ' ' + v.text;
    case 'alias':
      return ` *${v.name}`;
    case 'anchored':
      return ` &${v.name}` + render(v.value, indent);
    case 'seq':
      if (v.flow || !v.items.length) return ' [' + v.items.map((i) => render(i, indent).trim()).join(', ') + ']';
      return v.items.map((i) => `\n${indent}-${render(i, indent + '  ')}`).join('');
    case 'map':
      if (v.flow || !v.entries.length) return ' {' + v.entries.map(([k, x]) => `${k}:${render(x, indent)}`).join(', ') + '}';
      return v.entries.map(([k, x]) => `\n${indent}  ${k}:${render(x, indent + '  ')}`).join('');
  }
}

/** Deep nesting and alias fan-out that no generated tree reaches by chance. */
const pathological = fc.oneof(
  fc.integer({ min: 1, max: 2000 }).map((n) => `deep: ${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 300 }).map((n) => 'deep:' + Array.from({ length: n }, (_, i) => `\n${'  '.repeat(i + 1)}k${i}:`).join('') + ' x'),
  fc.integer({ min: 2, max: 12 }).map((levels) => ['l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]', ...Array.from({ length: levels - 1 }, (_, i) => `l${i + 1}: &l${i + 1} [${Array(9).fill(`*l${i}`).join(', ')}]`), `description: *l${levels - 1}`].join('\n')),
  fc.integer({ min: 1, max: 5000 }).map((n) => 'anchor: &a x\nlist:\n' + '- *a\n'.repeat(n)),
  fc.integer({ min: 1, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => `k${i}: v`).join('\n')),
);

const frontmatterText = fc.oneof(
  { weight: 5, arbitrary: fc.array(fc.tuple(key, yamlValue), { maxLength: 8 }).map((es) => es.map(([k, v]) => `${k}:${render(v, '')}`).join('\n')) },
  { weight: 1, arbitrary: pathological },
  { weight: 1, arbitrary: anyText },
);

const bodyPiece = fc.oneof(
  anyText,
  fc.constantFrom('# Title', '## Steps', '1. Run `python scripts/x.py`.', '```bash\n./scripts/run.sh\n```', '```', '    indented code', '| a | b |\n|---|---|\n| 1 | 2 |', '> quote', '- item', '* item', '[ref]: references/guide.md', '![img](assets/i.png)'),
  fc.tuple(fc.constantFrom('references/guide.md', 'references/gide.md', './checklist.md', '../other/x.md', '/abs/path.md', 'https://example.com', 'references/guide.md#steps', '#own-heading', 'references\\guide.md', 'Guide.MD', '%20x.md', ''), anyText).map(([p, t]) => `[${t}](${p})`),
  anyText.map((t) => `See \`references/${t}.md\` and ${t}.md`),
);

const body = fc.array(bodyPiece, { maxLength: 12 }).map((ps) => ps.join('\n'));

/** Line ends, BOM, tabs and trailing spaces applied to a whole file. */
const lineEnds = fc.constantFrom<(s: string) => string>(
  (s) => s,
  (s) => s.replace(/\n/g, '\r\n'),
  (s) => s.replace(/\n/g, '\r'),
  (s) => { let i = 0; return s.replace(/\n/g, (m) => (i++ % 2 ? '\r\n' : m)); },
  (s) => '\ufeff' + s,
  (s) => s.replace(/^( +)/gm, (m) => '\t'.repeat(Math.ceil(m.length / 2))),
  (s) => s.replace(/\n/g, ' \n'),
);

const wellFormed = fc.record({ fm: frontmatterText, body, delim: fc.constantFrom('---', '--- ', '---\t', '----', '...'), eol: lineEnds, open: fc.constantFrom('---\n', '---\r\n', '\n---\n', '--- \n', '') })
  .map(({ fm, body: b, delim, eol, open }) => eol(`${open}${fm}\n${delim}\n${b}\n`));

type Mutation = (s: string) => string;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((n): Mutation => (s) => s.slice(0, n % (s.length + 1))),
  fc.tuple(fc.nat(), anyText).map(([n, t]): Mutation => (s) => s.slice(0, n % (s.length + 1)) + t + s.slice(n % (s.length + 1))),
  fc.tuple(fc.nat(), fc.nat({ max: 40 })).map(([n, k]): Mutation => (s) => s.slice(0, n % (s.length + 1)) + s.slice((n % (s.length + 1)) + k)),
  fc.tuple(fc.nat(), fc.nat({ max: 200 })).map(([n, k]): Mutation => (s) => { const i = n % (s.length + 1); return s.slice(0, i) + s.slice(i, i + k) + s.slice(i); }),
  fc.nat().map((n): Mutation => (s) => { const i = n % (s.length + 1); return s.slice(0, i) + '\0' + s.slice(i); }),
  fc.nat().map((n): Mutation => (s) => { const i = n % (s.length + 1); return s.slice(0, i) + '\ud800' + s.slice(i); }),
);

const mutated = fc.tuple(wellFormed, fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([s, ms]) => ms.reduce((t, m) => m(t), s));

const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 600 }),
  // A valid file with bytes broken at a random offset (invalid UTF-8, NUL).
  fc.tuple(wellFormed, fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 8 })).map(([s, n, junk]) => {
    const b = Buffer.from(s, 'utf8');
    const i = n % (b.length + 1);
    return new Uint8Array(Buffer.concat([b.subarray(0, i), junk, b.subarray(i)]));
  }),
);

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.record({
  skill: fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: bytes }),
  guide: fc.oneof(body, mutated),
});

// The extractor's shortcuts (issue 19) against what they stand for: each hand-written
// matcher gives its regex's answer on every string of a small alphabet, and the
// prefilters skip only lines that would yield nothing and change nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { extractReferences } from '../../../server/src/core/references/extract';
import { fileMarkFrom } from '../../../server/src/core/references/extract/fileMentions';
import { EXAMPLE, HYPOTHETICAL, exampleStart } from '../../../server/src/core/references/extract/inline';
import { LIST_ITEM, listItemLength } from '../../../server/src/core/references/extract/model';
import { PROSE_MARK, nextProseMark } from '../../../server/src/core/references/extract/prose';

/** Every string of `alphabet` up to `max` characters long. */
function* strings(alphabet: string[], max: number): Generator<string> {
  let level = [''];
  yield '';
  for (let n = 1; n <= max; n++) {
    const next: string[] = [];
    for (const s of level) for (const c of alphabet) next.push(s + c);
    yield* next;
    level = next;
  }
}

test('listItemLength: LIST_ITEM on the same slice', () => {
  let n = 0;
  for (const s of strings(['-', '1', '.', ')', ' ', '\t', 'a'], 6)) {
    for (const end of [s.length, Math.max(0, s.length - 2)]) {
      const m = LIST_ITEM.exec(s.slice(0, end));
      // The text goes on past `end`: the matcher must stop there, as the slice does.
      assert.equal(listItemLength(s + '  x', 0, end), m ? m[0].length : -1, JSON.stringify([s, end]));
      n++;
    }
  }
  assert.equal(listItemLength('1234567890. x', 0, 13), -1);
  assert.equal(listItemLength('123456789. x', 0, 12), 11);
  assert.ok(n > 200_000);
});

test('fileMarkFrom: /#file:/gi, any letter case, no other character folded', () => {
  const re = /#file:/gi;
  for (const s of strings(['#', 'f', 'F', 'i', 'I', 'l', 'e', 'E', ':', '\u0131', 'L'], 5)) {
    for (const from of [0, 1]) {
      re.lastIndex = from;
      const m = re.exec(s);
      assert.equal(fileMarkFrom(s, from), m ? m.index : -1, JSON.stringify([s, from]));
    }
  }
  assert.equal(fileMarkFrom('x #FiLe:a.md', 0), 2);
});

test('nextProseMark: where PROSE_MARK matches', () => {
  for (const s of strings(['a', '.', '/', ' ', '\u00e9', '_'], 6)) {
    for (const from of [0, 2]) {
      PROSE_MARK.lastIndex = from;
      const m = PROSE_MARK.exec(s);
      assert.equal(nextProseMark(s, from), m ? m.index : -1, JSON.stringify([s, from]));
    }
  }
});

test('exampleStart: the same as blanking every code span first', () => {
  const blanked = (line: string): number => {
    const prose = line.replace(/`+[^`]*`+/g, (m) => ' '.repeat(m.length));
    if (HYPOTHETICAL.test(prose)) return 0;
    const m = EXAMPLE.exec(prose);
    return m ? m.index : Infinity;
  };
  const lines = [
    'see `a.md`',
    'Examples: `x.md`',
    'examples`x`:',
    'Example `x.md` **:** here',
    'e.g. `y.md`',
    '`e.g.` then `y.md`',
    'for `x` example',
    'for example `z.md`',
    'it would be `a.sh`',
    'it `would be` fine',
    'would``be',
    'such as `x`',
    'such`` as',
    'EXAMPLES :',
    'counterexamples: `x`',
    'an `example` of `a.md`',
    'an ``example` x` of `a.md`',
  ];
  for (const line of lines) {
    const text = `# t\n${line}\n`;
    assert.equal(exampleStart(text, 4, 4 + line.length), blanked(line) + 4, line);
  }
});

/** The references of a body, as `kind path` strings. */
function refs(body: string): string[] {
  const doc = parseSkillDocument('/w/my-skill/SKILL.md', `---\nname: my-skill\ndescription: d\n---\n${body}`);
  return extractReferences(doc).map((r) => `${r.kind} ${r.path}`);
}

test('shell lines without a path character: a `cd` in them still moves the block elsewhere', () => {
  assert.deepEqual(refs('```bash\nnpm ci\nscripts/run.sh\n```\n'), ['shell scripts/run.sh']);
  assert.deepEqual(refs('```bash\ncd build\nscripts/run.sh\n```\n'), []);
  assert.deepEqual(refs('```bash\n"pushd" out\nscripts/run.sh\n```\n'), []);
  assert.deepEqual(refs('```bash\nnpm ci && cd out\nscripts/run.sh\n```\n'), []);
  // A `cd` in one block does not reach the next one.
  assert.deepEqual(refs('```bash\ncd build\n```\n\n```bash\nscripts/run.sh\n```\n'), ['shell scripts/run.sh']);
  // `cd` in inline code changes no folder.
  assert.deepEqual(refs('Run `cd build` then `scripts/run.sh`.\n'), ['code scripts/run.sh']);
});

test('fences: only runs of three open or close one', () => {
  assert.deepEqual(refs('``scripts/a.sh``\n```bash\nscripts/b.sh\n``\nscripts/c.sh\n```\n`scripts/d.sh`\n'), ['code scripts/a.sh', 'shell scripts/b.sh', 'shell scripts/c.sh', 'code scripts/d.sh']);
  assert.deepEqual(refs('~~~bash\nscripts/b.sh\n```\nscripts/c.sh\n~~~\n'), ['shell scripts/b.sh', 'shell scripts/c.sh']);
});

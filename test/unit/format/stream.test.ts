// The streamed text/JSON reports (`skillmd check` prints skill by skill) must equal
// the one-shot formatters byte for byte.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { displayPath } from '../../../server/src/cli/format/paths';
import type { SkillCheckResult } from '../../../server/src/core/check/checkSkillFile';
import type { SkillDiagnostic } from '../../../server/src/core/types';
import { formatJson } from '../../../server/src/cli/format/json';
import { formatText } from '../../../server/src/cli/format/text';
import { isFileSlice, renderBatch, renderSkill, ReportWriter, type EncodedSkill, type FileSlice, type RenderedSkill, type ReportBytes, type StreamFormat } from '../../../server/src/cli/format/stream';

const cwd = '/work/repo';
const range = (l: number, c: number) => ({ start: { line: l, character: c }, end: { line: l, character: c + 3 } });
const d = (code: string, severity: SkillDiagnostic['severity'], file: string, message: string, l = 0): SkillDiagnostic => ({ code, severity, message, file, range: range(l, 2) });

function results(): SkillCheckResult[] {
  return [
    {
      file: '/work/repo/skills/a/SKILL.md', skillDir: '/work/repo/skills/a', name: 'a', targets: ['agentskills', 'claude-code'],
      diagnostics: [d('name-format', 'error', '/work/repo/skills/a/SKILL.md', 'bad "name" —\tquoted\nline'), d('x', 'hint', '/work/repo/skills/a/references/u.md', 'unused…', 3)],
    },
    { file: '/work/repo/skills/b/SKILL.md', skillDir: '/work/repo/skills/b', name: 'b', targets: [], diagnostics: [] },
    {
      file: '/elsewhere/c/SKILL.md', skillDir: '/elsewhere/c', name: 'ç', targets: ['codex'],
      diagnostics: [d('w', 'warning', '/elsewhere/c/SKILL.md', 'w'), d('i', 'info', '/elsewhere/c/SKILL.md', 'i', 9)],
    },
    {
      // Places a diagnostic names besides its own: printed as `related`, between plain diagnostics.
      file: '/work/repo/skills/d/SKILL.md', skillDir: '/work/repo/skills/d', name: 'd', targets: ['agentskills'],
      diagnostics: [
        d('w', 'warning', '/work/repo/skills/d/SKILL.md', 'first'),
        { ...d('duplicate-key', 'error', '/work/repo/skills/d/SKILL.md', 'Duplicate key `name`', 3), related: [{ message: 'first `name`', file: '/work/repo/skills/d/SKILL.md', range: range(1, 0) }, { message: 'there "too"', file: '/elsewhere/x.md', range: range(2, 1) }] },
        d('i', 'info', '/work/repo/skills/d/SKILL.md', 'last', 5),
      ],
    },
  ];
}

function streamed(format: StreamFormat, rs: SkillCheckResult[], general: SkillDiagnostic[], beginFirst: boolean): string {
  let out = '';
  const w = new ReportWriter(format, cwd, (s) => (out += s));
  if (beginFirst) w.begin(general);
  const parts = rs.map((r) => renderSkill(format, cwd, r));
  // JSON may print skills before the walk's problems are known.
  for (const p of parts) w.skill(p);
  if (!beginFirst) w.begin(general);
  w.end();
  return out;
}

const generals: SkillDiagnostic[][] = [[], [d('symlink-loop', 'warning', '/work/repo/loop', 'loop'), d('folder-unreadable', 'error', '/x', 'no')]];

test('JSON prints the places a diagnostic names as related, with paths as the report shows them', () => {
  const out = JSON.parse(formatJson({ results: results(), general: [], cwd })) as { skills: { diagnostics: { related?: unknown }[] }[] };
  assert.deepEqual(out.skills[3].diagnostics[1].related, [
    { message: 'first `name`', file: 'skills/d/SKILL.md', range: range(1, 0) },
    { message: 'there "too"', file: displayPath(cwd, '/elsewhere/x.md'), range: range(2, 1) },
  ]);
  assert.equal('related' in out.skills[3].diagnostics[0], false);
});

test('streamed JSON equals formatJson', () => {
  for (const general of generals) {
    for (const rs of [results(), [], results().slice(1, 2)]) {
      const want = formatJson({ results: rs, general, cwd });
      assert.equal(streamed('json', rs, general, false), want);
      assert.equal(streamed('json', rs, general, true), want);
    }
  }
});

/** As `streamed`, with the skills in batches of two, as a check thread renders them. */
function batched(format: StreamFormat, rs: SkillCheckResult[], general: SkillDiagnostic[]): string {
  let out = '';
  const w = new ReportWriter(format, cwd, (s) => (out += s));
  w.begin(general);
  const parts = rs.map((r) => renderSkill(format, cwd, r));
  for (let i = 0; i < parts.length; i += 2) w.batch(renderBatch(format, parts.slice(i, i + 2)));
  w.end();
  return out;
}

test('batches stream what formatJson and formatText print', () => {
  for (const general of generals) {
    for (const rs of [results(), [], results().slice(1, 2)]) {
      assert.equal(batched('json', rs, general), formatJson({ results: rs, general, cwd }));
      assert.equal(batched('text', rs, general), formatText({ results: rs, general, cwd }));
    }
  }
});

test('streamed text equals formatText', () => {
  for (const general of generals) {
    for (const rs of [results(), [], results().slice(1, 2)]) {
      assert.equal(streamed('text', rs, general, true), formatText({ results: rs, general, cwd }));
    }
  }
});

test('displayPath fast path agrees with path.relative', () => {
  const slow = (c: string, p: string) => {
    const rel = path.relative(c, p);
    return (rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p).split(path.sep).join('/');
  };
  const rels = ['a', 'a/b.md', '..a/b', 'a/../b', 'a/./b', './a', 'a//b', 'a/', '.hidden/x', 'a/..', '...', 'ü/ç.md'];
  for (const c of ['/work/repo', '/', '/work/repo/']) {
    for (const r of rels) for (const p of [c + '/' + r, c + r, '/other/' + r]) assert.equal(displayPath(c, p), slow(c, p), `${c} ${p}`);
  }
});

test('renderBatch: parts laid out with separators in the cache file (a warm --cache run) come back as one slice of it, equal to joining them', () => {
  const file = (layout: string): FileSlice['source'] => {
    const mem = Buffer.from(layout);
    return {
      read: (at, length) => mem.subarray(at, at + length),
      copy: (at, length, write) => void write(mem.subarray(at, at + length)),
    };
  };
  const bytesOf = (b: ReportBytes) => Buffer.from(isFileSlice(b) ? b.source.read(b.at, b.length) : b).toString();
  const text = (s: string): RenderedSkill => ({ text: s, errors: 1, warnings: 0, infos: 0, hints: 0 });
  const slices = (layout: string, cuts: [number, number][]): EncodedSkill[] => {
    const source = file(layout);
    return cuts.map(([a, b]) => ({ slice: { source, at: a, length: b - a }, errors: 0, warnings: 1, infos: 0, hints: 0 }));
  };
  // "A" ",\n" "BB" ",\n" "C": JSON's separator between each.
  const laid = slices('A,\nBB,\nC', [[0, 1], [3, 5], [7, 8]]);
  const b = renderBatch('json', laid);
  assert.ok(isFileSlice(b.bytes), 'no copy: one slice of the file');
  assert.deepEqual({ at: b.bytes.at, length: b.bytes.length }, { at: 0, length: 8 });
  assert.equal(bytesOf(b.bytes), 'A,\nBB,\nC');
  assert.equal(b.warnings, 3);
  // Text has no separator: adjacent slices join as they are.
  assert.equal(bytesOf(renderBatch('text', slices('AB', [[0, 1], [1, 2]])).bytes), 'AB');
  // A gap, another file, a fresh part, skills out of order: joined by copying.
  for (const parts of [slices('A,\n.BB', [[0, 1], [4, 6]]), [laid[0], ...slices('A,\nBB', [[3, 5]])], [laid[0], text('BB')], [laid[1], laid[0]]]) {
    const joined = renderBatch('json', parts);
    assert.ok(!isFileSlice(joined.bytes));
    assert.equal(bytesOf(joined.bytes), parts.map((p) => ('slice' in p ? bytesOf(p.slice) : p.text)).join(',\n'));
  }
});

// The streamed JSON report quotes strings itself when they need no escape; strings
// that do (quotes, controls, surrogates) must still come out as JSON.stringify writes them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SkillCheckResult } from '../../../server/src/core/check/checkSkillFile';
import { formatJson } from '../../../server/src/cli/format/json';
import { renderSkill, ReportWriter } from '../../../server/src/cli/format/stream';

const cwd = '/repo';
const messages = ['plain', 'quote " and \\ backslash', 'tab\tnew\nline\r\u0000\u001f', 'DEL \u007f, \u2028 \u2029', 'emoji 😀', 'lone \ud83d high', 'lone \ude00 low', 'ü日本語'];

test('streamed JSON quotes every kind of string as JSON.stringify does', () => {
  const results: SkillCheckResult[] = messages.map((m, i) => ({
    file: `/repo/s${i}/SKILL.md`, skillDir: `/repo/s${i}`, name: m, targets: ['agentskills'],
    diagnostics: [
      { code: 'c', severity: 'warning', message: m, file: `/repo/s${i}/SKILL.md`, range: { start: { line: 1, character: 2 }, end: { line: 3, character: 4 } } },
      { code: 'c', severity: 'info', message: m, file: `/repo/s${i}/references/${m}.md`, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } },
      { code: 'c', severity: 'error', message: m, file: '/elsewhere/x.md', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } },
    ],
  }));
  let out = '';
  const w = new ReportWriter('json', cwd, (s) => (out += s));
  for (const r of results) w.skill(renderSkill('json', cwd, r));
  w.end();
  assert.equal(out, formatJson({ results, general: [], cwd }));
});

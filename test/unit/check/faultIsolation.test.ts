// A bug in skillmd (a rule, an extractor, a renderer that throws) while handling one
// skill costs that part of that skill's result, never the run (issue 22).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SkillCatalog } from '../../../server/src/core/catalog/catalog';
import { checkDocument } from '../../../server/src/core/check/checkDocument';
import { checkSkillFile, registerSkillFileCheck } from '../../../server/src/core/check/checkSkillFile';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { renderIndex } from '../../../server/src/core/render';
import { documentRules } from '../../../server/src/core/rules/registry';
import { allRules } from '../../../server/src/core/rules/catalog';
import type { Rule } from '../../../server/src/core/rules/types';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';

const DESCRIPTION = 'Formats CSV files as tables. Use when converting CSV data into Markdown tables.';
const REPORT = 'That part of the check did not run. This is a bug in skillmd: please report it with this file (https://github.com/skillmd/skillmd/issues).';
const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

const throwing: Rule = {
  code: 'throws-first',
  title: 'test',
  defaultSeverity: 'error',
  check() {
    throw new Error('boom');
  },
};

test('a rule that throws becomes one internal-error diagnostic naming it; the rules after it still run', () => {
  const doc = parseSkillDocument('/s/x/SKILL.md', `---\nname: Bad Name\ndescription: ${DESCRIPTION}\n---\n`);
  const ds = checkDocument(doc, { targets: ['agentskills'] }, [throwing, ...documentRules]);
  assert.deepEqual(ds.map((d) => [d.code, d.severity]), [['internal-error', 'error'], ['name-format', 'error'], ['name-folder-mismatch', 'error']]);
  assert.deepEqual({ ...ds[0] }, { code: 'internal-error', severity: 'error', message: 'Internal error in rule `throws-first`: boom. ' + REPORT, file: '/s/x/SKILL.md', range: zero });
  // Off in the configuration: nothing, and still no throw.
  assert.deepEqual(checkDocument(doc, { targets: ['agentskills'], config: { rules: { 'internal-error': 'off' } } }, [throwing]), []);
});

test('a file check that throws, or settings that throw while resolved, are an internal error of that skill only', async () => {
  const fs = new MemoryFileSystem({ '/s/a/SKILL.md': `---\nname: a\ndescription: ${DESCRIPTION}\n---\nEXPLODE\n`, '/s/b/SKILL.md': `---\nname: b\ndescription: ${DESCRIPTION}\n---\n` });
  registerSkillFileCheck(async (_fs, doc) => {
    if (doc.text.includes('EXPLODE')) throw new TypeError('x is not a function');
    return [];
  }, 'the exploding check');
  const a = await checkSkillFile(fs, '/s/a/SKILL.md', { targets: ['agentskills'] });
  assert.deepEqual(a.diagnostics.map((d) => d.message), ['Internal error in the exploding check: TypeError: x is not a function. ' + REPORT]);
  assert.equal(a.name, 'a');
  assert.deepEqual((await checkSkillFile(fs, '/s/b/SKILL.md', { targets: ['agentskills'] })).diagnostics, []);
  // Configuration globs that throw while settings are resolved: still a result.
  const bad = await checkSkillFile(fs, '/s/b/SKILL.md', { configDir: '/s', config: { get overrides(): never { throw new Error('config bug'); } } as never });
  assert.deepEqual(bad.diagnostics.map((d) => d.message), ['Internal error in the check of this skill: config bug. ' + REPORT]);
});

test('internal-error is listed with the other rules (docs, SARIF)', () => {
  const info = allRules().find((r) => r.code === 'internal-error');
  assert.deepEqual(info, { code: 'internal-error', title: 'skillmd hit a bug while checking this skill (a rule, extractor or renderer threw), so that part was not checked; please report it.', defaultSeverity: 'error' });
});

test('the catalog leaves a skill it cannot read because of a bug out, with the reason; the others are listed', async () => {
  const fs = new MemoryFileSystem({ '/r/a/SKILL.md': `---\nname: a\ndescription: ${DESCRIPTION}\n---\n`, '/r/b/SKILL.md': `---\nname: b\ndescription: ${DESCRIPTION}\n---\n` });
  const catalog = new SkillCatalog({
    fs, agent: 'lovia', roots: [{ path: '/r', origin: 'explicit' }],
    checkOptions: (file) => {
      if (file.includes('/a/')) throw new Error('options bug');
      return {};
    },
  });
  const snap = await catalog.scan();
  assert.deepEqual(snap.skills.map((s) => s.name), ['b']);
  assert.deepEqual(snap.skipped.map((x) => ({ ...x })), [{ reason: 'internal-error', name: 'a', path: '/r/a/SKILL.md', root: '/r', message: 'Internal error in reading this skill as lovia does: options bug. ' + REPORT }]);
});

test('an index renderer that throws on one skill leaves that skill out with the reason and renders the rest', async () => {
  const fs = new MemoryFileSystem({ '/r/a/SKILL.md': `---\nname: a\ndescription: ${DESCRIPTION}\n---\n`, '/r/b/SKILL.md': `---\nname: b\ndescription: ${DESCRIPTION}\n---\n` });
  const snap = await new SkillCatalog({ fs, agent: 'lovia', roots: [{ path: '/r', origin: 'explicit' }], check: false }).scan();
  const whole = renderIndex(snap);
  // A stand-in for a renderer bug on skill `a`: its entry throws when read.
  const broken = { ...snap.skills[0], get description(): string { throw new Error('renderer bug'); } };
  const preview = renderIndex({ ...snap, skills: [broken, snap.skills[1]] });
  assert.equal(preview.parts[0].text, whole.parts[0].text.split('\n').filter((l) => !l.startsWith('- `a`')).join('\n'));
  assert.deepEqual(preview.omitted.map((x) => [x.reason, x.name, x.message]), [['internal-error', 'a', 'Internal error in the lovia index entry of this skill: renderer bug. ' + REPORT]]);
});

// A diagnostic that names another place (a duplicate key's first occurrence) keeps it
// in every report: JSON `related`, SARIF `relatedLocations`, on a worker thread too.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { test } from 'node:test';
import { makeTree, runCli } from './helpers';

test('a duplicate key names its first occurrence in JSON and SARIF', () => {
  const dir = makeTree({ 'skills/dupkey/SKILL.md': '---\nname: dupkey\ndescription: Checks keys. Use when a test needs a duplicate key.\nname: dupkey\n---\n# Dup\n' });
  try {
    for (const threads of ['1', '2']) {
      const json = JSON.parse(runCli(['check', '--format', 'json', '.'], dir, { SKILLMD_THREADS: threads }).stdout) as { skills: { diagnostics: { code: string; related?: unknown }[] }[] };
      const dup = json.skills[0].diagnostics.find((d) => d.code === 'duplicate-key');
      assert.deepEqual(dup?.related, [{ message: 'first `name`', file: 'skills/dupkey/SKILL.md', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } } }]);
      const sarif = JSON.parse(runCli(['check', '--format', 'sarif', '.'], dir, { SKILLMD_THREADS: threads }).stdout) as { runs: { results: { ruleId: string; relatedLocations?: unknown }[] }[] };
      const res = sarif.runs[0].results.find((r) => r.ruleId === 'duplicate-key');
      assert.deepEqual(res?.relatedLocations, [{ id: 0, message: { text: 'first `name`' }, physicalLocation: { artifactLocation: { uri: 'skills/dupkey/SKILL.md', uriBaseId: '%SRCROOT%' }, region: { startLine: 2, startColumn: 1, endLine: 2, endColumn: 5 } } }]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

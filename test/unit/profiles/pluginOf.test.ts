// pluginOf keeps its last answer per probe and parent folder: whatever order skills are
// asked in, each answer is the one a search of its own gives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { pluginOf, type PluginFolderProbe } from '../../../server/src/core/profiles/targets';

const PLUGINS = new Set(['/repo/plugin', '/p', '/', 'rel/plug', 'C:\\p']);
const PATHS = [
  '/repo/plugin/skills/a/SKILL.md', '/repo/plugin/skills/b/SKILL.md', '/repo/plugin/x/y/z/w/SKILL.md',
  '/repo/other/skills/a/SKILL.md', '/p/skills/a/SKILL.md', '/p/a/SKILL.md', '/a/SKILL.md', '/SKILL.md', 'SKILL.md',
  'a/SKILL.md', 'rel/plug/skills/a/SKILL.md', 'C:\\p\\skills\\a\\SKILL.md', 'C:\\p\\skills/b/SKILL.md', '/repo/plugin/skills\\c/SKILL.md',
];
const probeOf = (): PluginFolderProbe => (dir) => PLUGINS.has(dir);

test('pluginOf answers each skill as a search of its own would, in any order, with probes alternating', () => {
  const shared = probeOf();
  const other = probeOf();
  // Each path's own answer, asked first with a probe of its own (no answer kept applies).
  const own = new Map(PATHS.map((p) => [p, pluginOf(p, probeOf())]));
  fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom(...PATHS), fc.boolean()), { maxLength: 40 }), (asks) => {
    for (const [p, useOther] of asks) assert.deepEqual(pluginOf(p, useOther ? other : shared), own.get(p), p);
  }), { numRuns: 300 });
  assert.deepEqual(pluginOf('/repo/plugin/skills/a/SKILL.md', shared), { root: '/repo/plugin', profile: 'claude-code' });
  assert.equal(pluginOf('/repo/other/deep/er/skills/a/SKILL.md', shared), undefined, 'four folders up at most');
  assert.deepEqual(pluginOf('/repo/other/skills/a/SKILL.md', shared), { root: '/', profile: 'claude-code' });
});

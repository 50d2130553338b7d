// The bench corpus generator is deterministic. No timing here: only `npm run bench` times.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const load = () => import('../../scripts/bench/corpus.mjs');

test('same seed gives the same file list and bytes; another seed differs', async () => {
  const { describeCorpus } = await load();
  const a = describeCorpus({ skills: 60, seed: 7 });
  const b = describeCorpus({ skills: 60, seed: 7 });
  const c = describeCorpus({ skills: 60, seed: 8 });
  assert.deepEqual(a, b);
  assert.equal(a.skills, 60);
  assert.notEqual(a.sha256, c.sha256);
});

test('every skill folder has one SKILL.md; paths are relative and unique', async () => {
  const { generateCorpus } = await load();
  const paths = [...generateCorpus({ skills: 60, seed: 7 })].map((f) => f.path);
  assert.equal(new Set(paths).size, paths.length);
  assert.ok(paths.every((p) => !p.startsWith('/') && !p.includes('..') && !p.includes('\\')));
  const skillMd = paths.filter((p) => p.endsWith('/SKILL.md') && !p.includes('/node_modules/'));
  assert.equal(skillMd.length, 60);
});

test('ensureCorpus writes what describeCorpus hashes, then reuses it by stamp', async () => {
  const { ensureCorpus, generateCorpus } = await load();
  const out = mkdtempSync(join(tmpdir(), 'skillmd-bench-test-'));
  try {
    const first = ensureCorpus({ outDir: out, skills: 5, seed: 3 });
    assert.equal(first.reused, false);
    for (const f of generateCorpus({ skills: 5, seed: 3 })) {
      const want = typeof f.data === 'string' ? Buffer.from(f.data) : f.data;
      assert.deepEqual(readFileSync(join(first.dir, f.path)), want, f.path);
    }
    const second = ensureCorpus({ outDir: out, skills: 5, seed: 3 });
    assert.equal(second.reused, true);
    assert.equal(second.sha256, first.sha256);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

// Property-based tests (fast-check) over generated and mutated SKILL.md files: see
// arbitraries.ts for what is generated and property.ts for what must hold. A fixed
// seed, so a run is the same everywhere; `npm run fuzz -- --runs N --seed S` for long
// runs. A failure prints the case as a fixture.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fuzzCase } from './arbitraries';
import { asFixture, violation } from './property';

export const SEED = 20261201;
export const RUNS = 300;

test(`the check and every renderer hold over ${RUNS} generated and mutated SKILL.md files (seed ${SEED})`, { timeout: 600_000 }, async () => {
  const details = await fc.check(fc.asyncProperty(fuzzCase, async (c) => {
    const v = await violation(c);
    if (v) throw new Error(v);
  }), { seed: SEED, numRuns: RUNS });
  if (details.failed) {
    assert.fail(`${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\nfixture: ${asFixture(details.counterexample![0])}`);
  }
});

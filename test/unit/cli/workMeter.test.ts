import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WorkMeter } from '../../../server/src/cli/commands/workMeter';

/** A meter after `batches` batches of 32 skills at `msPerSkill`, the first `cold` times slower. */
function after(total: number | undefined, batches: number, msPerSkill: number, cold = 1): WorkMeter {
  const m = new WorkMeter();
  m.total = total;
  for (let i = 0; i < batches; i++) m.record(32 * msPerSkill * (i === 0 ? cold : 1), 32);
  return m;
}

test('workers start when the skills left are 3 s of work at the recent rate, or after 2 s of checking with 1 s left', () => {
  // The repository-shaped corpus: 2,000 skills at 4 ms, past 0.3 s of checking.
  assert.equal(after(2000, 4, 4).workersPay(), true);
  // Too early to tell: under 0.3 s, or fewer than four batches.
  assert.equal(after(2000, 3, 4).workersPay(), false);
  assert.equal(after(2000, 4, 2).workersPay(), false);
  // agentskillexchange (2,921 at 0.4 ms) and awesome-copilot (417 at 2 ms): never.
  for (let n = 1; n <= 90; n++) assert.equal(after(2921, n, 0.4, 5).workersPay(), false, `batch ${n}`);
  for (let n = 1; n <= 13; n++) assert.equal(after(417, n, 2, 5).workersPay(), false, `batch ${n}`);
  // A cold first batch (20× slower) does not count once four later ones are in.
  assert.equal(after(2921, 5, 0.4, 20).workersPay(), false);
  // The walk not done: only the 2 s rule.
  assert.equal(after(undefined, 15, 4).workersPay(), false);
  assert.equal(after(undefined, 16, 4).workersPay(), true);
  // Past 2 s of checking, only while a second of work is left: agentskillexchange in a
  // slow spell (twice the time a skill) never; three times the time, with 1.5 s left, yes.
  for (let n = 1; n <= 91; n++) assert.equal(after(2921, n, 0.8, 5).workersPay(), false, `batch ${n}`);
  assert.equal(after(2921, 52, 1.2).workersPay(), false);
  assert.equal(after(2921, 53, 1.2).workersPay(), true);
  // Batches of no skills (all from the cache) measure nothing.
  const m = after(2000, 4, 4);
  m.record(1000, 0);
  assert.equal(m.workersPay(), true);
});

// Section "routing": the routing-conflict pass (issue 21) over generated catalogs of
// 1,000 and 10,000 skills. Pairs are found through an inverted index of terms, so ten
// times the skills should cost about ten times the time, not a hundred.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { table, target } from '../report.mjs';

const GROWTH = 25; // 10,000 skills vs 1,000: near-linear, far below the 100× of all pairs

export default {
  name: 'routing',
  description: 'routing-conflict pass (TF-IDF over an inverted index) at 1,000 and 10,000 skills',
  async run(ctx) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ctx.root, 'scripts/bench/routing-conflicts.ts'), String(Math.max(3, ctx.runs))], { cwd: ctx.root, encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`routing-conflicts failed: ${r.stderr}`);
    const res = JSON.parse(r.stdout);
    const rows = [['skills', 'conflict pass (median)', 'max', 'reports']];
    for (const v of Object.values(res)) rows.push([v.skills.toLocaleString('en-US'), `${v.medianMs.toFixed(0)} ms`, `${v.maxMs.toFixed(0)} ms`, String(v.reports)]);
    ctx.print(table(rows));
    const ratio = res['10000'].medianMs / res['1000'].medianMs;
    const t = target('conflict pass, 10,000 vs 1,000 skills', ratio, `< ${GROWTH}×`, ratio < GROWTH, 'no data');
    t.display = `${ratio.toFixed(1)}×`;
    ctx.print('');
    ctx.print(table([['target', 'value', 'goal', 'result'], [t.label, t.display, t.goal, t.pass ? 'PASS' : 'MISS']]));
    return { results: res, targets: [t] };
  },
};

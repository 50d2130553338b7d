// Section "render": the index each agent sees, rendered from a discovered catalog of
// the bench corpus (discovery timed apart). Target (issue 4): < 200 ms for 10,000
// skills after discovery.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { table, target } from '../report.mjs';

const GOAL_MS = 200;

export default {
  name: 'render',
  description: 'index rendering per agent after discovery (lovia, agentskills, eino, codex, claude-code)',
  async run(ctx) {
    const corpus = await ctx.corpus();
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ctx.root, 'scripts/bench/render-index.ts'), corpus.dir, String(Math.max(5, ctx.runs))], {
      cwd: ctx.root,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    if (r.status !== 0) throw new Error(`render-index failed: ${r.stderr}`);
    const res = JSON.parse(r.stdout);
    const rows = [['agent', 'skills', 'left out', 'discovery', 'render (median)', 'render (max)', 'characters']];
    for (const [agent, v] of Object.entries(res)) {
      rows.push([agent, String(v.skills), String(v.omitted), `${(v.discoverMs / 1000).toFixed(2)} s`, `${v.renderMs.toFixed(1)} ms`, `${v.maxMs.toFixed(1)} ms`, String(v.chars)]);
    }
    ctx.print(table(rows));
    const worst = Math.max(...Object.values(res).map((v) => v.renderMs));
    const t = target('index render after discovery (worst agent, median)', worst, `< ${GOAL_MS} ms`, worst < GOAL_MS, 'no data');
    t.display = `${worst.toFixed(1)} ms`;
    ctx.print('');
    ctx.print(table([['target', 'value', 'goal', 'result'], [t.label, t.display, t.goal, t.pass ? 'PASS' : 'MISS']]));
    return { results: res, targets: [t] };
  },
};

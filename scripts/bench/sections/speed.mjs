// Section "speed" (issue 23): on a repository-shaped generated corpus (repoCorpus.mjs)
// and on the shared real corpora when they are there (../shared/corpus/…), in
// alternating rounds, median wall and CPU time of
//   floor     a Node process that walks the tree and reads every file (../read-tree.mjs)
//   cold      `skillmd check <dir> --format json`
//   peer      `skill-check check <dir> --format json --no-security-scan`
//   warm      `skillmd check <dir> --format json --cache`, nothing changed since the last run
//   change    the same after one SKILL.md changed (a line appended, then removed: every run sees a change)
//   single    `skillmd check <that skill> --format json` (no cache)
//   base      (--base-bin <cli.js>) another build's cold check, e.g. the main branch's
// The shared corpora are copied into bench-out/ first (they are read-only; `change`
// edits a file). CPU comes from GNU time (10 ms resolution).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ensureCorpus } from '../corpus.mjs';
import { repoShape } from '../repoCorpus.mjs';
import { fmtRatio, fmtSeconds, table, target } from '../report.mjs';

const GOAL_PEER = 3; // cold check at least 3× faster than skill-check, and less CPU
const GOAL_WARM = 1.5; // warm --cache at most 1.5× the floor
const GOAL_CHANGE = 1.2; // one change at most 1.2× (single skill + floor)

function findSkill(dir) {
  // The first SKILL.md in walk order of a sorted tree: a stable choice per corpus.
  const stack = [dir];
  while (stack.length) {
    const d = stack.shift();
    const entries = readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    if (entries.some((e) => e.isFile() && e.name === 'SKILL.md')) return join(d, 'SKILL.md');
    for (const e of entries) if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.git')) stack.push(join(d, e.name));
  }
  return undefined;
}

export default {
  name: 'speed',
  description: 'cold check vs skill-check (wall, CPU), warm --cache vs the read floor, one changed skill (issue 23)',
  options: {
    'repo-skills': { type: 'string', default: '2000', help: 'skills in the repository-shaped corpus (section speed)' },
    'base-bin': { type: 'string', help: 'another build\'s server/out/cli.js for a cold "base" row (sections speed and cli)' },
  },
  async run(ctx) {
    const node = process.execPath;
    const skillmd = join(ctx.root, 'bin/skillmd.js');
    const peer = join(ctx.root, 'node_modules/skill-check/bin/skill-check.js');
    const work = join(ctx.outDir, 'speed');
    mkdirSync(work, { recursive: true });
    const corpora = [];
    const repo = ensureCorpus({ outDir: ctx.outDir, skills: Number(ctx.args['repo-skills']), seed: 1, log: ctx.log, shape: repoShape });
    corpora.push({ name: `repo-shaped (${repo.skills} skills, ${repo.files} files, ${(repo.bytes / 1e6).toFixed(0)} MB)`, id: 'repo', dir: repo.dir });
    for (const [id, rel] of [['agentskillexchange', 'agentskillexchange'], ['awesome-copilot', 'awesome-copilot/skills']]) {
      // ../shared from the main checkout, ../../shared from a worktree under wt/.
      const src = [resolve(ctx.root, '..', 'shared', 'corpus', rel), resolve(ctx.root, '..', '..', 'shared', 'corpus', rel)].find((d) => existsSync(d)) ?? rel;
      if (!existsSync(src)) {
        ctx.log(`speed: ${src} not there, skipped`);
        continue;
      }
      const copy = join(work, `corpus-${id}`);
      if (!existsSync(copy)) cpSync(src, copy, { recursive: true });
      corpora.push({ name: id, id, dir: copy });
    }

    const results = {};
    const targets = [];
    const rows = [['corpus', 'floor', 'cold', 'skill-check', 'base', 'warm', 'change', 'single', 'cold CPU', 'peer CPU', 'base CPU', 'warm CPU', 'floor CPU']];
    for (const c of corpora) {
      const skillFile = findSkill(c.dir);
      const original = readFileSync(skillFile, 'utf8');
      const cache = join(work, `${c.id}.cache.json`);
      rmSync(cache, { force: true });
      const cmds = {
        floor: [join(ctx.root, 'scripts/bench/read-tree.mjs'), c.dir],
        cold: [skillmd, 'check', c.dir, '--format', 'json'],
        peer: [peer, 'check', c.dir, '--format', 'json', '--no-security-scan'],
        ...(ctx.args['base-bin'] ? { base: [resolve(ctx.args['base-bin']), 'check', c.dir, '--format', 'json'] } : {}),
        warm: [skillmd, 'check', c.dir, '--format', 'json', '--cache', '--cache-location', cache],
        change: [skillmd, 'check', c.dir, '--format', 'json', '--cache', '--cache-location', cache],
        single: [skillmd, 'check', join(skillFile, '..'), '--format', 'json'],
      };
      const samples = Object.fromEntries(Object.keys(cmds).map((k) => [k, []]));
      let edited = false;
      ctx.log(`speed: ${c.name}: ${ctx.warmup} warm-up + ${ctx.runs} round(s)`);
      try {
        for (let round = -ctx.warmup; round < ctx.runs; round++) {
          for (const [k, args] of Object.entries(cmds)) {
            if (k === 'change') {
              edited = !edited;
              writeFileSync(skillFile, edited ? `${original}\nOne more line (${round}).\n` : original);
            }
            const out = join(work, `${c.id}-${k}.out`);
            const r = await ctx.measure(node, args, { cwd: work, stdoutPath: out, stderrPath: `${out}.err`, env: { ...process.env, SKILLMD_CACHE_STATS: '1' } });
            if (round >= 0) samples[k].push(r);
            ctx.log(`  ${k.padEnd(7)} ${fmtSeconds(r.wallMs).padStart(8)}  cpu ${fmtSeconds(r.cpuMs).padStart(8)}  exit ${r.code}`);
          }
        }
      } finally {
        writeFileSync(skillFile, original);
      }
      const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, ctx.summarize(v)]));
      const wall = (k) => s[k]?.wallMs?.median;
      const cpu = (k) => s[k]?.cpuMs?.median;
      results[c.id] = { corpus: relative(ctx.root, c.dir), skillFile: relative(c.dir, skillFile), ...s };
      const peerRatio = wall('peer') / wall('cold');
      const warmRatio = wall('warm') / wall('floor');
      const changeRatio = wall('change') / (wall('single') + wall('floor'));
      targets.push(
        target(`${c.id}: cold, skill-check / skillmd (wall)`, peerRatio, `≥ ${GOAL_PEER}×`, peerRatio >= GOAL_PEER),
        target(`${c.id}: cold CPU, skillmd / skill-check`, cpu('cold') / cpu('peer'), '< 1×', cpu('cold') < cpu('peer')),
        target(`${c.id}: warm --cache / floor`, warmRatio, `≤ ${GOAL_WARM}×`, warmRatio <= GOAL_WARM),
        target(`${c.id}: one change / (single + floor)`, changeRatio, `≤ ${GOAL_CHANGE}×`, changeRatio <= GOAL_CHANGE),
      );
      rows.push([c.name, ...['floor', 'cold', 'peer', 'base', 'warm', 'change', 'single'].map((k) => (s[k] ? fmtSeconds(wall(k)) : '')), fmtSeconds(cpu('cold')), fmtSeconds(cpu('peer')), s.base ? fmtSeconds(cpu('base')) : '', fmtSeconds(cpu('warm')), fmtSeconds(cpu('floor'))]);
    }
    ctx.print('');
    ctx.print(table(rows));
    ctx.print('');
    ctx.print(table([['target', 'value', 'goal', 'result'], ...targets.map((x) => [x.label, fmtRatio(x.value), x.goal, x.pass ? 'PASS' : 'MISS'])]));
    return { results, targets };
  },
};

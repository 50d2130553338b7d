// Section "cli": whole-corpus check time and peak RSS of
//   (a) a read-only baseline (fresh Node process reading every file, ../read-tree.mjs),
//   (b) `skillmd check <dir> --format json` (node bin/skillmd.js),
//   (c) the peer `skill-check check <dir> --format json --no-security-scan` (npm skill-check),
// each as a child process, same corpus, interleaved runs, median reported.
// Non-zero exit codes are expected (the corpus has errors); a run only counts as
// broken when its stdout is not the JSON it should be.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fmtInt, fmtMiB, fmtRatio, fmtSeconds, table, target } from '../report.mjs';

const GOAL_SPEEDUP = 5; // skillmd at least 5x faster than skill-check
const GOAL_FLOOR = 3; // skillmd at most 3x the read-only baseline
const GOAL_RSS_MIB = 200; // skillmd peak RSS below 200 MiB

function parseJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function firstLine(path) {
  try {
    return readFileSync(path, 'utf8').split('\n').map((l) => l.trim()).find(Boolean)?.slice(0, 160);
  } catch {
    return undefined;
  }
}

/** The number of skills a checker says it checked, where its JSON tells. */
function skillCountOf(json) {
  if (!json || typeof json !== 'object') return undefined;
  const s = json.summary ?? {};
  for (const v of [s.skillCount, s.skills, s.files, json.skillCount]) if (typeof v === 'number') return v;
  if (Array.isArray(json.skills)) return json.skills.length;
  if (Array.isArray(json.files)) return json.files.length;
  return undefined;
}

function tools(ctx, dir) {
  const node = process.execPath;
  // SKILLMD_BIN=<path to a CLI entry> benches another build (e.g. a branch's checkout).
  const skillmdBin = process.env.SKILLMD_BIN ? resolve(process.env.SKILLMD_BIN) : join(ctx.root, 'bin/skillmd.js');
  const skillmdBundle = process.env.SKILLMD_BIN ? skillmdBin : join(ctx.root, 'server/out/cli.js');
  const skillCheckBin = join(ctx.root, 'node_modules/skill-check/bin/skill-check.js');
  return [
    {
      id: 'baseline', label: 'read baseline',
      cmd: node, args: [join(ctx.root, 'scripts/bench/read-tree.mjs'), dir],
      validate: (json) => (json && json.files > 0 ? undefined : 'printed no file count'),
      count: (json) => json?.skillFiles,
    },
    {
      id: 'skillmd', label: 'skillmd',
      cmd: node, args: [skillmdBin, 'check', dir, '--format', 'json'],
      missing: !existsSync(skillmdBin) ? 'bin/skillmd.js missing'
        : !existsSync(skillmdBundle) ? 'server/out/cli.js missing; run `npm run build`' : undefined,
      validate: (json) => (json === undefined ? '`check --format json` printed no JSON (placeholder CLI?)' : undefined),
      count: skillCountOf,
    },
    // --base-bin (declared by section speed): another build's CLI in the same rounds,
    // alternating with this one, for issue 19's "no slower than that build" on this corpus.
    ...(ctx.args['base-bin'] ? [{
      id: 'base', label: 'skillmd (base)',
      cmd: node, args: [resolve(ctx.args['base-bin']), 'check', dir, '--format', 'json'],
      missing: !existsSync(resolve(ctx.args['base-bin'])) ? `--base-bin ${ctx.args['base-bin']} missing` : undefined,
      validate: (json) => (json === undefined ? '`check --format json` printed no JSON' : undefined),
      count: skillCountOf,
    }] : []),
    {
      id: 'skill-check', label: 'skill-check 1.2',
      cmd: node, args: [skillCheckBin, 'check', dir, '--format', 'json', '--no-security-scan'],
      missing: !existsSync(skillCheckBin) ? 'node_modules/skill-check missing; run `npm ci`' : undefined,
      validate: (json) => (json?.summary?.skillCount === undefined ? 'printed no JSON summary' : undefined),
      count: skillCountOf,
    },
  ];
}

export default {
  name: 'cli',
  description: 'whole-corpus check: read baseline vs skillmd vs skill-check (wall time, peak RSS)',
  async run(ctx) {
    const corpus = await ctx.corpus();
    const dir = corpus.dir;
    const runDir = join(ctx.outDir, 'runs');
    mkdirSync(runDir, { recursive: true });
    const list = tools(ctx, dir);
    const state = new Map(list.map((t) => [t.id, { samples: [], problem: t.missing, code: undefined, count: undefined }]));

    const once = async (t, timed) => {
      const st = state.get(t.id);
      const stdoutPath = join(runDir, `${t.id}.stdout`);
      const stderrPath = join(runDir, `${t.id}.stderr`);
      let r;
      try {
        r = await ctx.measure(t.cmd, t.args, { cwd: ctx.root, stdoutPath, stderrPath });
      } catch (err) {
        st.problem = `could not start: ${err.message}`;
        return;
      }
      const json = parseJson(stdoutPath);
      const bad = t.validate(json);
      if (bad) {
        const hint = firstLine(stderrPath) ?? firstLine(stdoutPath);
        st.problem = `${bad}; exit ${r.code ?? r.signal}${hint ? `; output: ${hint}` : ''}`;
        return;
      }
      st.code = r.code ?? r.signal;
      st.count = t.count(json);
      if (timed) st.samples.push(r);
      ctx.log(`  ${t.label.padEnd(16)} ${timed ? 'run ' : 'warm'} ${fmtSeconds(r.wallMs).padStart(8)}  ${fmtMiB(r.peakRssKiB).padStart(8)}  exit ${st.code}`);
    };

    ctx.log(`cli: ${ctx.warmup} warm-up + ${ctx.runs} timed run(s) of each tool on ${relative(process.cwd(), dir) || dir}`);
    for (let round = -ctx.warmup; round < ctx.runs; round++) {
      for (const t of list) {
        if (state.get(t.id).problem) continue;
        await once(t, round >= 0);
      }
    }

    const results = {};
    for (const t of list) {
      const st = state.get(t.id);
      results[t.id] = {
        label: t.label,
        command: [t.cmd === process.execPath ? 'node' : t.cmd, ...t.args.map((a) => (a.startsWith(ctx.root) ? relative(ctx.root, a) : a))].join(' '),
        ok: !st.problem,
        problem: st.problem,
        exitCode: st.code,
        skillsReported: st.count,
        ...(st.problem ? {} : ctx.summarize(st.samples)),
      };
    }
    const med = (id) => results[id].wallMs?.median;
    const rss = (id) => results[id].peakRssKiB?.max;
    const speedup = med('skillmd') && med('skill-check') ? med('skill-check') / med('skillmd') : undefined;
    const floorRatio = med('skillmd') && med('baseline') ? med('skillmd') / med('baseline') : undefined;
    const skillmdRss = rss('skillmd') === undefined ? undefined : rss('skillmd') / 1024; // MiB
    const why = results.skillmd.ok ? 'needs skill-check/baseline data' : 'skillmd has no timing';
    const targets = [
      target(`skillmd speed-up vs skill-check`, speedup, `≥ ${GOAL_SPEEDUP}×`, speedup >= GOAL_SPEEDUP, why),
      target(`skillmd time / read baseline`, floorRatio, `≤ ${GOAL_FLOOR}×`, floorRatio <= GOAL_FLOOR, why),
      target(`skillmd peak RSS (max of runs)`, skillmdRss, `< ${GOAL_RSS_MIB} MiB`, skillmdRss < GOAL_RSS_MIB, why),
    ];
    if (results.base?.ok && med('skillmd')) {
      // Wall and CPU medians of the same alternating rounds: above 1× this build is faster.
      const wall = med('base') / med('skillmd');
      const cpu = results.base.cpuMs && results.skillmd.cpuMs ? results.base.cpuMs.median / results.skillmd.cpuMs.median : undefined;
      targets.push(
        { ...target('base / skillmd (wall)', wall, '≥ 1×', wall >= 1), display: fmtRatio(wall) },
        { ...target('base / skillmd (CPU)', cpu, '≥ 1×', cpu >= 1, 'no CPU time measured'), display: fmtRatio(cpu) },
      );
    }
    targets[0].display = fmtRatio(speedup);
    targets[1].display = fmtRatio(floorRatio);
    targets[2].display = fmtMiB(skillmdRss === undefined ? undefined : skillmdRss * 1024);

    // ---- human output
    // generated corpus: known; existing folder: what the read baseline found outside node_modules/.git
    const skills = corpus.skills ?? results.baseline.skillsReported;
    const rows = [['tool', 'median', 'min', 'max', 'peak RSS', 'skills/s', 'exit', 'SKILL.md seen']];
    for (const t of list) {
      const r = results[t.id];
      if (!r.ok) {
        rows.push([t.label, t.id === 'skillmd' ? 'skillmd: not built' : 'FAILED', '', '', '', '', '', '']);
        continue;
      }
      rows.push([t.label, fmtSeconds(r.wallMs.median), fmtSeconds(r.wallMs.min), fmtSeconds(r.wallMs.max),
        fmtMiB(r.peakRssKiB?.max), skills ? fmtInt(Math.round(skills / (r.wallMs.median / 1000))) : '?',
        String(r.exitCode), fmtInt(r.skillsReported)]);
    }
    ctx.print('');
    ctx.print(table(rows));
    for (const t of list) {
      const r = results[t.id];
      if (!r.ok) ctx.print(t.id === 'skillmd' ? `skillmd: not built (${r.problem})` : `${t.label}: FAILED (${r.problem})`);
    }
    ctx.print('');
    ctx.print(table([['target', 'value', 'goal', 'result'],
      ...targets.map((x) => [x.label, x.display, x.goal, x.pass ? 'PASS' : `MISS${x.why ? ` (${x.why})` : ''}`])]));

    // A goal below the floor is not reachable by any tool that reads the tree: say so.
    const speedupGoalSeconds = med('skill-check') / GOAL_SPEEDUP / 1000;
    if (med('baseline') && speedupGoalSeconds < med('baseline') / 1000) {
      ctx.print(`note: ${GOAL_SPEEDUP}× faster than skill-check means ${fmtSeconds(speedupGoalSeconds * 1000)}, under the ${fmtSeconds(med('baseline'))} the read baseline takes in this run only to walk the tree and read every file.`);
    }
    const counts = list.map((t) => results[t.id].skillsReported).filter((c) => c !== undefined);
    if (skills !== undefined && counts.some((c) => c !== skills)) {
      ctx.print(`note: tools disagree on the number of skills (${fmtInt(skills)} SKILL.md outside node_modules/.git); see 'SKILL.md seen'.`);
    }

    return {
      skills,
      results,
      // values: speed-up and ratio are plain factors, RSS is in MiB
      targets: targets.map(({ label, value, goal, pass, why: w }) => ({ label, value, goal, pass, why: w })),
      // The read baseline and skill-check must work; skillmd may legitimately not exist yet.
      failed: ['baseline', 'skill-check'].filter((id) => !results[id].ok),
    };
  },
};

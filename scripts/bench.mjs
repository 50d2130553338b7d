// `npm run bench [-- <folder>] [--skills N] [--seed S] [--runs N] [--warmup N] [--only a,b] [--json]`
//
// Runs the benchmark sections in scripts/bench/sections/*.mjs on one corpus: either a
// generated, deterministic corpus of N skills in bench-out/corpus-<N>/ (reused while
// its stamp matches generator version + N + seed), or an existing <folder>.
//
// A section is one module exporting (default or named) {name, description, options?, run(ctx)}:
//   options  extra parseArgs options the section understands (merged into the CLI)
//   run(ctx) prints its human output with ctx.print (silent under --json) and progress
//            with ctx.log (stderr), and returns a JSON-able result; if it has
//            `targets: [{label, value, goal, pass}]` they are summarized at the end, and
//            `failed: [..]` (non-empty) makes the bench exit 1.
// ctx: {root, outDir, args, runs, warmup, json, corpus(), measure(), summarize(),
//       rssMethod, log(), print()} — see makeContext below.
// Env: SKILLMD_BIN=<cli entry .js> benches another skillmd build (section cli);
//      BENCH_RSS_METHOD=gnu-time|proc-poll forces the peak-RSS method (scripts/bench/measure.mjs).
// Timings are printed only here; the test suite never times anything.
import { cpus, loadavg, totalmem } from 'node:os';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureCorpus } from './bench/corpus.mjs';
import { measureProcess, rssMethod, summarize } from './bench/measure.mjs';
import { table } from './bench/report.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const sectionsDir = join(root, 'scripts/bench/sections');

const BASE_OPTIONS = {
  skills: { type: 'string', default: '10000', help: 'skills in the generated corpus' },
  seed: { type: 'string', default: '1', help: 'PRNG seed of the generated corpus' },
  runs: { type: 'string', default: '3', help: 'timed runs per measured command (median reported)' },
  warmup: { type: 'string', default: '1', help: 'untimed warm-up runs per command' },
  only: { type: 'string', help: 'comma-separated section names to run (default: all)' },
  json: { type: 'boolean', default: false, help: 'print one JSON document with all results on stdout' },
  'fail-on-miss': { type: 'boolean', default: false, help: 'exit 1 when a target is missed' },
  help: { type: 'boolean', short: 'h', default: false, help: 'show this help' },
};

async function loadSections() {
  const files = existsSync(sectionsDir) ? readdirSync(sectionsDir).filter((f) => f.endsWith('.mjs')).sort() : [];
  const out = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(join(sectionsDir, f)).href);
    const s = mod.default ?? mod;
    if (!s?.name || typeof s.run !== 'function') throw new Error(`${f}: a section exports {name, run(ctx)}`);
    out.push(s);
  }
  // Stable order: cli first, then alphabetical.
  return out.sort((a, b) => (a.name === 'cli' ? -1 : b.name === 'cli' ? 1 : a.name.localeCompare(b.name)));
}

function usage(sections, options) {
  const lines = ['usage: npm run bench -- [<folder>] [options]', '',
    '  <folder>  benchmark an existing tree of skills instead of a generated corpus', ''];
  for (const [k, o] of Object.entries(options)) {
    const flag = `--${k}${o.type === 'string' ? ' <v>' : ''}`;
    lines.push(`  ${flag.padEnd(22)} ${o.help ?? ''}${o.default !== undefined && o.type === 'string' ? ` (default ${o.default})` : ''}`);
  }
  lines.push('', 'sections:', ...sections.map((s) => `  ${s.name.padEnd(12)} ${s.description ?? ''}`));
  return lines.join('\n');
}

function positiveInt(name, v, min = 1) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got ${v}`);
  return n;
}

async function main() {
  const sections = await loadSections();
  const options = { ...BASE_OPTIONS };
  for (const s of sections) Object.assign(options, s.options ?? {});
  const parseOpts = Object.fromEntries(Object.entries(options).map(([k, { help, ...o }]) => [k, o]));
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: parseOpts, allowPositionals: true, strict: true });
  } catch (err) {
    console.error(`${err.message}\n\n${usage(sections, options)}`);
    return 2;
  }
  const { values: args, positionals } = parsed;
  if (args.help) {
    console.log(usage(sections, options));
    return 0;
  }
  if (positionals.length > 1) {
    console.error('at most one <folder>');
    return 2;
  }
  const skills = positiveInt('skills', args.skills);
  const seed = positiveInt('seed', args.seed, 0);
  const runs = positiveInt('runs', args.runs);
  const warmup = positiveInt('warmup', args.warmup, 0);
  const only = args.only ? args.only.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
  const unknown = (only ?? []).filter((n) => !sections.some((s) => s.name === n));
  if (unknown.length) {
    console.error(`unknown section(s): ${unknown.join(', ')}; available: ${sections.map((s) => s.name).join(', ')}`);
    return 2;
  }
  const selected = sections.filter((s) => !only || only.includes(s.name));

  const folder = positionals[0] ? resolve(positionals[0]) : undefined;
  if (folder && !(existsSync(folder) && statSync(folder).isDirectory())) {
    console.error(`not a folder: ${positionals[0]}`);
    return 2;
  }
  const outDir = join(root, 'bench-out');
  mkdirSync(outDir, { recursive: true });
  const log = (msg) => process.stderr.write(`${msg}\n`);
  const print = args.json ? () => {} : (msg) => process.stdout.write(`${msg}\n`);

  let corpusInfo;
  const ctx = {
    root, outDir, args, runs, warmup, json: args.json,
    rssMethod: rssMethod(),
    log, print,
    measure: measureProcess,
    summarize,
    /** The corpus every section uses: {dir, source, skills?, files?, bytes?, ...}. Lazy, memoized. */
    async corpus() {
      if (corpusInfo) return corpusInfo;
      if (folder) {
        corpusInfo = { source: 'folder', dir: folder };
      } else {
        corpusInfo = { source: 'generated', ...ensureCorpus({ outDir, skills, seed, log }) };
      }
      const where = relative(process.cwd(), corpusInfo.dir) || corpusInfo.dir;
      print(corpusInfo.source === 'folder'
        ? `corpus: ${where} (existing folder)`
        : `corpus: ${where} — ${corpusInfo.skills.toLocaleString('en-US')} skills, ${corpusInfo.files.toLocaleString('en-US')} files, `
          + `${(corpusInfo.bytes / 1e6).toFixed(1)} MB, generator v${corpusInfo.version}, seed ${corpusInfo.seed}, `
          + (corpusInfo.reused ? 'reused' : `generated in ${(corpusInfo.generateMs / 1000).toFixed(1)} s`));
      return corpusInfo;
    },
  };

  const machine = { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpus().length,
    cpuModel: cpus()[0]?.model, memGiB: +(totalmem() / 2 ** 30).toFixed(1) };
  const rssNote = {
    'gnu-time': '/usr/bin/time -f %M (ru_maxrss)',
    'proc-poll': 'polling /proc/<pid>/status VmHWM every 5 ms',
    none: 'unavailable',
  }[ctx.rssMethod];
  print(`machine: ${machine.cpus} CPU (${machine.cpuModel}), Node ${machine.node}; peak RSS via ${rssNote}`);
  print(`runs: ${warmup} warm-up + ${runs} timed per command, median reported`);
  const load = loadavg()[0];
  if (load > machine.cpus * 0.5) {
    print(`warning: load average ${load.toFixed(2)} on ${machine.cpus} CPUs at start; other processes will inflate timings`);
  }

  const results = {};
  let failed = false;
  for (const s of selected) {
    print(`\n== ${s.name}: ${s.description ?? ''}`);
    try {
      results[s.name] = await s.run(ctx);
      if (results[s.name]?.failed?.length) failed = true;
    } catch (err) {
      failed = true;
      results[s.name] = { error: String(err?.stack ?? err) };
      log(`section ${s.name} crashed: ${err?.stack ?? err}`);
    }
  }

  const targets = Object.entries(results).flatMap(([name, r]) => (r?.targets ?? []).map((t) => ({ section: name, ...t })));
  if (targets.length && selected.length > 1) {
    print('\n== summary');
    print(table([['section', 'target', 'goal', 'result'],
      ...targets.map((t) => [t.section, t.label, t.goal, t.pass ? 'PASS' : 'MISS'])]));
  }
  const missed = targets.some((t) => !t.pass);
  if (args.json) {
    process.stdout.write(JSON.stringify({
      date: new Date().toISOString(), machine, loadAvgAtStart: load, loadAvgAtEnd: loadavg()[0], rssMethod: ctx.rssMethod, runs, warmup,
      corpus: corpusInfo, sections: results, targets,
    }, null, 2) + '\n');
  }
  if (failed) return 1;
  return missed && args['fail-on-miss'] ? 1 : 0;
}

main().then((code) => { process.exitCode = code; }, (err) => {
  console.error(err?.stack ?? err);
  process.exitCode = 1;
});

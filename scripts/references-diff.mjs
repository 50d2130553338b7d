// Saves the reference-* diagnostics the built CLI reports on the corpora, and diffs two
// saved runs, so every diagnostic a change to core/references adds, drops or rewords
// can be listed and explained.
//   node scripts/references-diff.mjs save <outDir>            (after `node esbuild.mjs`)
//   node scripts/references-diff.mjs diff <beforeDir> <afterDir> [examplesPerClass]
// Corpora (read-only): ../shared/corpus/agentskillexchange, ../shared/corpus/awesome-copilot/skills
// (the latter also with --target copilot). Override the root with SKILLMD_CORPUS.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const here = new URL('..', import.meta.url).pathname;
const corpus = process.env.SKILLMD_CORPUS ?? join(here, '../../shared/corpus');
const RUNS = [
  { name: 'agentskillexchange', dir: 'agentskillexchange', args: [] },
  { name: 'awesome-copilot', dir: 'awesome-copilot/skills', args: [] },
  { name: 'awesome-copilot-copilot', dir: 'awesome-copilot/skills', args: ['--target', 'copilot'] },
];

function lineOf(file, line, cache) {
  if (!cache.has(file)) {
    try { cache.set(file, readFileSync(file, 'utf8').split(/\r?\n/)); } catch { cache.set(file, []); }
  }
  return (cache.get(file)[line] ?? '').trim().slice(0, 240);
}

function save(outDir) {
  mkdirSync(outDir, { recursive: true });
  for (const run of RUNS) {
    const root = join(corpus, run.dir);
    let out;
    try {
      out = execFileSync(process.execPath, [join(here, 'bin/skillmd.js'), 'check', root, '--format', 'json', ...run.args], { maxBuffer: 1 << 30, encoding: 'utf8' });
    } catch (e) { out = e.stdout; } // exit 1 when there are errors
    const json = JSON.parse(out);
    const cache = new Map();
    const diags = [];
    for (const skill of json.skills) {
      for (const d of skill.diagnostics) {
        if (!d.code.startsWith('reference-')) continue;
        diags.push({
          file: relative(root, d.file), code: d.code, severity: d.severity, message: d.message,
          line: d.range.start.line, start: d.range.start.character, end: [d.range.end.line, d.range.end.character],
          text: lineOf(d.file, d.range.start.line, cache),
        });
      }
    }
    writeFileSync(join(outDir, `${run.name}.json`), JSON.stringify(diags, null, 1));
    console.log(`${run.name}: ${json.skills.length} skills, ${diags.length} reference diagnostics`);
  }
}

const key = (d) => `${d.file}:${d.line}:${d.start}:${d.code}`;

function diff(before, after, perClass) {
  for (const run of RUNS) {
    const a = JSON.parse(readFileSync(join(before, `${run.name}.json`), 'utf8'));
    const b = JSON.parse(readFileSync(join(after, `${run.name}.json`), 'utf8'));
    const am = new Map(a.map((d) => [key(d), d]));
    const bm = new Map(b.map((d) => [key(d), d]));
    const classes = new Map();
    const add = (cls, d, other) => {
      if (!classes.has(cls)) classes.set(cls, []);
      classes.get(cls).push({ d, other });
    };
    for (const [k, d] of am) {
      const o = bm.get(k);
      if (!o) add(`removed ${d.severity} ${d.code}`, d);
      else if (o.severity !== d.severity) add(`severity ${d.code} ${d.severity} -> ${o.severity}`, d, o);
      else if (o.message !== d.message) add(`reworded ${d.code}`, d, o);
    }
    for (const [k, d] of bm) if (!am.has(k)) add(`added ${d.severity} ${d.code}`, d);
    console.log(`\n## ${run.name}: ${a.length} -> ${b.length}`);
    for (const [cls, items] of [...classes].sort((x, y) => y[1].length - x[1].length)) {
      console.log(`\n### ${cls}: ${items.length}`);
      const step = Math.max(1, Math.floor(items.length / perClass));
      for (let i = 0, n = 0; i < items.length && n < perClass; i += step, n++) {
        const { d, other } = items[i];
        console.log(`- ${d.file}:${d.line + 1}:${d.start + 1} ${d.message}`);
        if (other && other.message !== d.message) console.log(`  now: ${other.message}`);
        console.log(`  | ${d.text}`);
      }
    }
  }
}

const [cmd, x, y, n] = process.argv.slice(2);
if (cmd === 'save' && x) save(x);
else if (cmd === 'diff' && x && y) diff(x, y, Number(n ?? 5));
else {
  console.error('usage: references-diff.mjs save <outDir> | diff <beforeDir> <afterDir> [examplesPerClass]');
  process.exit(2);
}

// Times extractReferences alone (documents parsed beforehand, JIT warm) in this tree
// against other trees of the project (an older build, the commit before a change), on
// every .md file of the given folders: alternating rounds, medians. With --check, it
// compares instead the references each tree extracts, field by field, file by file.
//   node --expose-gc scripts/references-extract-bench.mjs [--check] [--tsx] [--drop] [--rounds N] --vs <tree> [--vs <tree>] <dir>...
// <tree>: a checkout of the project, e.g. a `git worktree add --detach`. Each tree's parser
// and extractor are bundled with esbuild as the CLI and the server are (under tsx every
// call across modules goes through an export getter, which would favour one big file);
// --tsx imports the sources instead.
import { readdirSync, readFileSync, statSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const args = process.argv.slice(2);
const trees = [resolve(new URL('..', import.meta.url).pathname)];
const dirs = [];
let check = false;
let rounds = 5;
let tsx = false;
let drop = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--check') check = true;
  else if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--tsx') tsx = true;
  else if (args[i] === '--drop') drop = true;
  else if (args[i] === '--vs') trees.push(resolve(args[++i]));
  else dirs.push(args[i]);
}
if (!dirs.length || trees.length < 2) {
  console.error('usage: references-extract-bench.mjs [--check] [--tsx] [--drop] [--rounds N] --vs <tree> <dir>...');
  process.exit(2);
}

function find(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) find(p, out);
    else if (name.endsWith('.md')) out.push(p);
  }
  return out;
}

/** The folder of the skill a file other than SKILL.md belongs to (the nearest SKILL.md above it). */
function skillDirOf(file) {
  if (file.endsWith('/SKILL.md')) return undefined;
  for (let d = dirname(file); d !== dirname(d); d = dirname(d)) if (existsSync(join(d, 'SKILL.md'))) return d;
  return undefined;
}

const files = dirs.flatMap((d) => find(d)).map((f) => ({ path: f, text: readFileSync(f, 'utf8'), skillDir: skillDirOf(f) }));
/** The tree's parseSkillDocument and extractReferences, from one bundle (or the sources with --tsx). */
async function load(tree, k) {
  const src = join(tree, 'server/src/core');
  const parse = join(src, 'document/parse.ts');
  const extract = join(src, 'references/extract.ts');
  if (tsx) return { ...(await import(pathToFileURL(parse).href)), ...(await import(pathToFileURL(extract).href)) };
  const dir = mkdtempSync(join(tmpdir(), 'refbench-'));
  const entry = join(dir, `entry${k}.ts`);
  writeFileSync(entry, `export { parseSkillDocument } from ${JSON.stringify(parse)};\nexport { extractReferences } from ${JSON.stringify(extract)};\n`);
  const outfile = join(dir, `bundle${k}.cjs`);
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error', nodePaths: [join(tree, 'node_modules')] });
  return createRequire(import.meta.url)(outfile);
}

const builds = [];
for (const [k, tree] of trees.entries()) {
  const { parseSkillDocument, extractReferences } = await load(tree, k);
  builds.push({ tree, parseSkillDocument, extractReferences });
}

const FIELDS = ['kind', 'raw', 'path', 'fragment', 'start', 'end', 'pathStart', 'pathEnd', 'variable', 'base', 'tentative', 'executed', 'dotSlash', 'percentEncoded', 'label', 'mention', 'interpreted'];
/** A reference's fields; an absent optional flag is false (the old build leaves some unset). */
const fields = (r) => FIELDS.map((f) => (f === 'mention' || f === 'interpreted' ? !!r[f] : r[f]));
const parse = (build) => files.map((f) => build.parseSkillDocument(f.path, f.text));

if (check) {
  const [mine, ...others] = builds;
  const docs = parse(mine);
  for (const other of others) {
    const theirs = parse(other);
    let diffs = 0;
    let refs = 0;
    files.forEach((f, i) => {
      const a = JSON.stringify(mine.extractReferences(docs[i], f.skillDir).map(fields));
      const b = JSON.stringify(other.extractReferences(theirs[i], f.skillDir).map(fields));
      refs += JSON.parse(a).length;
      if (a !== b && diffs++ < 5) console.log(`differs: ${f.path}\n  this:  ${a.slice(0, 400)}\n  other: ${b.slice(0, 400)}`);
    });
    console.log(`${files.length} files, ${refs} references; vs ${other.tree}: ${diffs} files differ`);
  }
} else {
  // Wall time, and the process's CPU time (less disturbed by other processes on a busy machine).
  const times = builds.map(() => []);
  const cpu = builds.map(() => []);
  let sink = 0;
  for (let r = 0; r < rounds + 1; r++) {
    const order = r % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
    for (const k of order) {
      // Fresh documents each round: an extractor may cache its result on the document.
      const docs = parse(builds[k]);
      // Each round starts from a collected heap (run with --expose-gc), so the garbage of
      // parsing is not collected in the timed part.
      globalThis.gc?.();
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      // The round keeps every result, as a check keeps a document's references while it
      // checks the skill: the current extractor keeps them anyway (cached per document),
      // and a build whose results die at once would be spared their garbage collection.
      // (--drop lets them die: the documents of the round still hold the current build's.)
      const kept = new Array(drop ? 0 : docs.length);
      for (let i = 0; i < docs.length; i++) {
        const refs = builds[k].extractReferences(docs[i], files[i].skillDir);
        if (drop) sink += refs.length;
        else kept[i] = refs;
      }
      const c = process.cpuUsage(c0);
      for (const refs of kept) sink += refs.length;
      // Round 0 warms the JIT.
      if (r > 0) {
        times[k].push(performance.now() - t0);
        cpu[k].push((c.user + c.system) / 1000);
      }
    }
  }
  const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
  const min = (a) => Math.min(...a);
  console.log(`${files.length} .md files, ${(files.reduce((n, f) => n + f.text.length, 0) / 1e6).toFixed(1)} M UTF-16 units, ${rounds} alternating rounds after a warm-up`);
  // The ratio to this tree's time in the same round, whose neighbour it ran next to: the
  // median of those ratios moves least with the load of other processes.
  const paired = (t, t0) => median(t.map((x, r) => x / t0[r]));
  const line = (t, t0) => `median ${median(t).toFixed(1)} ms (x${(median(t) / median(t0)).toFixed(2)}), min ${min(t).toFixed(1)} ms (x${(min(t) / min(t0)).toFixed(2)}), paired x${paired(t, t0).toFixed(2)}`;
  builds.forEach((b, k) => console.log(`${k ? b.tree : 'this tree'}: wall ${line(times[k], times[0])}; CPU ${line(cpu[k], cpu[0])}`));
  if (process.env.BENCH_ROUNDS) builds.forEach((b, k) => console.log(`${k ? b.tree : 'this tree'} wall: ${times[k].map((t) => t.toFixed(0)).join(' ')}; CPU: ${cpu[k].map((t) => t.toFixed(0)).join(' ')}`));
  if (sink < 0) console.log(sink);
}

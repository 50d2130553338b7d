// Times the Markdown pass of the reference extraction against markdown-it (what VS Code's
// Markdown language service parses with) on the same texts, alternating, medians, so the
// choice of a parser for the one block pass rests on a ratio measured here.
//   node --import tsx scripts/references-parser-bench.mjs <corpusDir> [rounds]
// markdown-it is timed parsing only (block and inline tokens, no link extraction, no
// UTF-16 ranges): a lower bound for any extractor built on it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { parseSkillDocument } from '../server/src/core/document/parse.ts';
import { extractReferences } from '../server/src/core/references/extract.ts';
import { collectAnchors } from '../server/src/core/references/anchors.ts';

const require = createRequire(import.meta.url);
const MarkdownIt = require('markdown-it');
const root = process.argv[2];
const rounds = Number(process.argv[3] ?? 7);

function find(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) find(p, out);
    else if (name === 'SKILL.md' || name.endsWith('.md')) out.push(p);
  }
  return out;
}
const files = find(root);
const docs = files.map((f) => parseSkillDocument(f, readFileSync(f, 'utf8')));
const md = new MarkdownIt({ html: true });
let sink = 0;
const passes = {
  'hand scanner: extractReferences + collectAnchors': () => { for (const d of docs) sink += extractReferences(d).length + collectAnchors(d.text, d.lines).length; },
  'markdown-it parse (tokens only)': () => { for (const d of docs) sink += md.parse(d.text.slice(d.bodyStart), {}).length; },
};
const times = Object.fromEntries(Object.keys(passes).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) {
  for (const [name, fn] of r % 2 ? Object.entries(passes).reverse() : Object.entries(passes)) {
    const t0 = performance.now();
    fn();
    times[name].push(performance.now() - t0);
  }
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const base = median(times[Object.keys(passes)[0]]);
console.log(`${docs.length} Markdown files, ${(docs.reduce((n, d) => n + d.text.length, 0) / 1e6).toFixed(1)} M UTF-16 units, ${rounds} alternating rounds (first round is warm-up too)`);
for (const [name, t] of Object.entries(times)) console.log(`${name}: median ${median(t).toFixed(0)} ms (x${(median(t) / base).toFixed(2)})`);
if (sink < 0) console.log(sink);

// Runs the reference checks over a corpus of skills (default: ../shared/corpus/agentskillexchange),
// reports exceptions, counts per code and timing, and prints a deterministic sample of
// broken-reference diagnostics with their source line for review by hand.
//   node --import tsx scripts/references-corpus-sample.mjs [corpusDir] [sampleSize]
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { NodeFileSystem } from '../server/src/node/nodeFileSystem.ts';
import { readSkillFile } from '../server/src/core/document/readSkillFile.ts';
import { checkReferences } from '../server/src/core/references/check.ts';

const root = process.argv[2] ?? new URL('../../shared/corpus/agentskillexchange', import.meta.url).pathname;
const size = Number(process.argv[3] ?? 20);
const BROKEN = new Set(['reference-missing', 'reference-case-mismatch', 'reference-fragment-missing', 'reference-escapes-skill', 'reference-absolute', 'reference-backslash']);

function find(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (name === 'node_modules' || name === '.git') continue;
    if (statSync(p).isDirectory()) find(p, out);
    else if (name === 'SKILL.md') out.push(p);
  }
  return out;
}

const fs = new NodeFileSystem();
const files = find(root);
const counts = {};
const broken = [];
let errors = 0;
const t0 = performance.now();
for (const f of files) {
  try {
    const read = await readSkillFile(fs, f);
    if (!read.doc) continue;
    const { diagnostics } = await checkReferences(fs, read.doc);
    for (const d of diagnostics) {
      counts[d.code] = (counts[d.code] ?? 0) + 1;
      if (BROKEN.has(d.code)) broken.push({ d, line: read.doc.lines.lineText(d.range.start.line) });
    }
  } catch (e) {
    errors++;
    console.error(`EXCEPTION ${f}: ${e.stack}`);
  }
}
const ms = performance.now() - t0;
console.log(`${files.length} skills, ${errors} exceptions, ${ms.toFixed(0)} ms`);
console.log('diagnostics:', JSON.stringify(counts));
const step = Math.max(1, Math.floor(broken.length / size));
for (let i = 0, n = 0; i < broken.length && n < size; i += step, n++) {
  const { d, line } = broken[i];
  console.log(`\n${n + 1}. ${relative(root, d.file)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code}: ${d.message}`);
  console.log(`   | ${line.trim().slice(0, 200)}`);
}

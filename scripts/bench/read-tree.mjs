// Read-only baseline for `npm run bench`: walk a tree (skipping node_modules and
// .git, following no symlinks) and read every file, all of them, not just SKILL.md.
// Synchronous on purpose: the simplest honest "floor" a checker has to beat.
// Prints {"files","bytes","skillFiles","dirs"} as JSON so the harness can check it ran.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
if (!root) {
  console.error('usage: node read-tree.mjs <dir>');
  process.exit(2);
}
let files = 0, bytes = 0, skillFiles = 0, dirs = 0;
const stack = [root];
while (stack.length) {
  const dir = stack.pop();
  dirs++;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== '.git') stack.push(join(dir, e.name));
    } else if (e.isFile()) {
      bytes += readFileSync(join(dir, e.name)).length;
      files++;
      if (e.name === 'SKILL.md') skillFiles++;
    }
  }
}
process.stdout.write(JSON.stringify({ files, bytes, skillFiles, dirs }) + '\n');

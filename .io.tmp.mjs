import fs from 'node:fs';
import path from 'node:path';
const root = process.argv[2];
let t = performance.now();
const dirs = [root], files = [];
let nd = 0;
while (dirs.length) { const d = dirs.pop(); nd++; for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) dirs.push(p); else if (e.name.endsWith('.md')) files.push(p); } }
console.log('walk', nd, 'dirs', (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
let bytes = 0;
for (const f of files) { const fd = fs.openSync(f, 'r'); const st = fs.fstatSync(fd); const b = Buffer.allocUnsafe(st.size); fs.readSync(fd, b, 0, st.size, 0); fs.closeSync(fd); bytes += b.length; }
console.log('read', files.length, 'md files', (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
for (const f of files) { bytes += fs.readFileSync(f, 'utf8').length; }
console.log('readFileSync utf8', files.length, (performance.now() - t).toFixed(0), 'ms');

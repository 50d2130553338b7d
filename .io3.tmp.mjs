import fs from 'node:fs';
import path from 'node:path';
const root = process.argv[2];
const dirs = [root], files = [];
while (dirs.length) { const d = dirs.pop(); for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) dirs.push(p); else if (e.name.endsWith('.md')) files.push(p); } }
const dec = new TextDecoder('utf-8', { fatal: true });
const FL = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK;
function a() { let n = 0; for (const f of files) { const fd = fs.openSync(f, FL); const st = fs.fstatSync(fd); const b = Buffer.allocUnsafe(st.size); fs.readSync(fd, b, 0, st.size, 0); fs.closeSync(fd); n += dec.decode(b).length; } return n; }
function b() { let n = 0; for (const f of files) { const fd = fs.openSync(f, FL); const st = fs.fstatSync(fd); const s = fs.readFileSync(fd, 'utf8'); fs.closeSync(fd); n += s.length; if (s.includes('\uFFFD') || s.includes('\0')) n++; } return n; }
function c() { let n = 0; for (const f of files) { const s = fs.readFileSync(f, 'utf8'); n += s.length; if (s.includes('\uFFFD') || s.includes('\0')) n++; } return n; }
function d() { let n = 0; for (const f of files) { const fd = fs.openSync(f, FL); const st = fs.fstatSync(fd); const b = Buffer.allocUnsafe(st.size); fs.readSync(fd, b, 0, st.size, 0); fs.closeSync(fd); n += b.utf8Slice(0, b.length).length; } return n; }
const res = { a: [], b: [], c: [], d: [] };
for (let r = 0; r < 5; r++) for (const [k, fn] of Object.entries({ a, b, c, d })) { const t = performance.now(); fn(); res[k].push(performance.now() - t); }
for (const [k, v] of Object.entries(res)) console.log(k, v.sort((x, y) => x - y).map((x) => x.toFixed(0)).join(' '));

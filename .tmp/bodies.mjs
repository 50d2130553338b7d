import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
function* walk(d){ for(const e of readdirSync(d,{withFileTypes:true})){ const p=join(d,e.name); if(e.isDirectory()) yield* walk(p); else if(e.name==='SKILL.md') yield p; } }
const rows=[];
for (const root of process.argv.slice(2)) for (const f of walk(root)) {
  const t=readFileSync(f,'utf8'); const m=/^---\r?\n[\s\S]*?\r?\n---\r?\n?/.exec(t); const body=m?t.slice(m[0].length):t;
  const bytes=Buffer.byteLength(body); rows.push({f,len:body.length,bytes,tokens: bytes>3000?countTokens(body):null});
}
const n=rows.length; const c=(p)=>rows.filter(p).length;
console.log({n, le5000bytes:c(r=>r.bytes<=5000), le15000bytes:c(r=>r.bytes<=15000), le5000len:c(r=>r.len<=5000), over5000tok:c(r=>r.tokens>5000)});
const big=rows.filter(r=>r.tokens); console.log('min bytes/token', Math.min(...big.map(r=>r.bytes/r.tokens)), 'max chars/token', Math.max(...big.map(r=>r.len/r.tokens)), 'min len/token', Math.min(...big.map(r=>r.len/r.tokens)));

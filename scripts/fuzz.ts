// Long property-based runs over generated SKILL.md files (the same property as
// test/unit/fuzz/fuzz.test.ts, which runs a few hundred cases in `npm test`):
//   npm run fuzz -- --runs 20000 --seed 42 [--minutes 30]
// Prints the inputs checked, the seconds taken and the slowest case; on a failure the
// seed, the shrunk case as a fixture to paste into a test, and exit status 1.
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { fuzzCase } from '../test/unit/fuzz/arbitraries';
import { asFixture, violation } from '../test/unit/fuzz/property';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i === -1 ? undefined : Number(process.argv[i + 1]);
  if (i !== -1 && !Number.isInteger(v)) {
    process.stderr.write(`fuzz: --${name} needs a whole number\nusage: npm run fuzz -- [--runs N] [--seed S] [--minutes M]\n`);
    process.exit(2);
  }
  return v ?? fallback;
}

async function main(): Promise<number> {
  const runs = option('runs', 1000);
  const seed = option('seed', Date.now() % 2 ** 31);
  // Ends the run (as passed so far) after this long; 0: no limit.
  const minutes = option('minutes', 0);
  const started = performance.now();
  let done = 0;
  let slowest = { ms: 0, fixture: '' };
  const details = await fc.check(fc.asyncProperty(fuzzCase, async (c) => {
    const t = performance.now();
    const v = await violation(c);
    const ms = performance.now() - t;
    if (ms > slowest.ms) slowest = { ms, fixture: asFixture(c) };
    if (++done % 500 === 0) process.stderr.write(`fuzz: ${done} cases, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    if (v) throw new Error(v);
  }), { seed, numRuns: runs, ...(minutes ? { interruptAfterTimeLimit: minutes * 60_000 } : {}) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const cut = details.interrupted ? ` (stopped after ${minutes} min)` : '';
  process.stdout.write(`fuzz: seed ${seed}, ${details.numRuns} inputs${cut} (${done} with shrinking), ${seconds} s; slowest ${Math.round(slowest.ms)} ms\n`);
  if (!details.failed) return 0;
  const message = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const fixture = asFixture(details.counterexample![0]);
  // A long case goes to a file whole; the terminal gets its start.
  const file = `fuzz-failure-${seed}.js`;
  writeFileSync(file, `// npm run fuzz -- --runs ${runs} --seed ${seed}: ${message.split('\n')[0]}\nexport const fixture = ${fixture};\n`);
  process.stdout.write(`FAILED after ${details.numRuns} inputs (${details.numShrinks} shrinks): ${message}\nreplay: npm run fuzz -- --runs ${runs} --seed ${seed}\nfixture (whole in ${file}): ${fixture.length > 2000 ? fixture.slice(0, 2000) + '…' : fixture}\n`);
  return 1;
}

main().then((code) => process.exit(code));

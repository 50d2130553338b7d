// Child process of the bench's "routing" section: times the routing-conflict pass
// (TF-IDF index + similar pairs + shared keywords + identical descriptions) over
// generated catalogs of 1,000 and 10,000 skills. Prints one JSON line.
import { routingConflicts, type ConflictSkill } from '../../server/src/core/routing/conflicts';

const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * Skills as teams write them: a few common words, topic words drawn from a vocabulary
 * with a long tail (Zipf-like) that grows with the catalog (more skills, more topics,
 * so each skill has about as many look-alikes at 10,000 as at 1,000), a trigger
 * keyword of two topic words, and one skill in fifty a near copy of another.
 */
function catalog(n: number, rng: { next(): number }): ConflictSkill[] {
  const syllables = ['ka', 'lo', 'mi', 'ter', 'van', 'sol', 'ri', 'pen', 'dra', 'qu', 'zen', 'ba', 'tor', 'lin', 'mo', 'sha'];
  const vocab: string[] = [];
  for (let i = 0; i < 20 * n; i++) vocab.push(Array.from({ length: 2 + (i % 3) }, (_, k) => syllables[(i * 7 + k * 13 + (i >> (k + 2))) % syllables.length]).join('') + (i % 97));
  const common = ['report', 'file', 'data', 'create', 'format', 'review', 'code', 'document', 'query', 'summary'];
  const word = () => vocab[Math.floor(vocab.length * Math.pow(rng.next(), 2.2))];
  const out: ConflictSkill[] = [];
  for (let i = 0; i < n; i++) {
    let description: string;
    if (i > 0 && i % 50 === 0) description = out[i - 1].description.split(' ').slice(0, -2).join(' ') + ` ${word()} ${word()}`;
    else description = [...Array.from({ length: 3 }, () => common[Math.floor(rng.next() * common.length)]), ...Array.from({ length: 10 + Math.floor(rng.next() * 15) }, word)].join(' ');
    out.push({ name: `skill-${i}`, description, triggerKeywords: [`${word()} ${word()}`], tags: [common[i % common.length]], file: `/bench/skill-${i}/SKILL.md`, nameRange: zero });
  }
  return out;
}

async function main(): Promise<void> {
  // The bench's one seeded generator (the same skills on every machine).
  const { createRng } = await import('./prng.mjs');
  const runs = Number(process.argv[2] ?? 3);
  const out: Record<string, { skills: number; medianMs: number; maxMs: number; reports: number }> = {};
  for (const n of [1000, 10000]) {
    const skills = catalog(n, createRng(`routing:1:${n}`));
    routingConflicts(skills.slice(0, 200)); // warm-up: first-call JIT
    const times: number[] = [];
    let reports = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      reports = routingConflicts(skills).length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out[String(n)] = { skills: n, medianMs: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1], reports };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

void main();

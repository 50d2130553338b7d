import { describeCorpus } from '../scripts/bench/corpus.mjs';
import { generateRepoCorpus } from '../scripts/bench/repoCorpus.mjs';
const t = performance.now();
const d = describeCorpus({ skills: 500, seed: 1, generate: generateRepoCorpus });
console.log(d.files, (d.bytes / 1e6).toFixed(1) + ' MB', d.skills, ((performance.now() - t) / 1000).toFixed(1) + ' s');

// Types for repoCorpus.mjs (used by test/bench/repoCorpus.test.ts).
import type { CorpusFile } from './corpus.mjs';
export const REPO_VERSION: number;
export function generateRepoCorpus(opts?: { skills?: number; seed?: number }): Generator<CorpusFile>;
export const repoShape: { name: string; version: number; generate: typeof generateRepoCorpus };

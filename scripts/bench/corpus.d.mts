// Types for corpus.mjs (used by test/bench/corpus.test.ts).
export const GENERATOR_VERSION: number;
export interface CorpusFile { path: string; data: string | Buffer; kind?: string }
export interface CorpusSummary { files: number; bytes: number; skills: number; sha256: string; kinds: Record<string, number> }
export function slugify(heading: string): string;
export function generateCorpus(opts?: { skills?: number; seed?: number }): Generator<CorpusFile>;
export function describeCorpus(opts: { skills?: number; seed?: number; generate?: (opts: { skills?: number; seed?: number }) => Iterable<CorpusFile> }, onFile?: (path: string, data: Buffer) => void): CorpusSummary;
export function ensureCorpus(opts: { outDir: string; skills?: number; seed?: number; log?: (msg: string) => void }):
  CorpusSummary & { dir: string; reused: boolean; generateMs: number; version: number; seed: number };

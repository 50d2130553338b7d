// Types for prng.mjs (used by scripts/bench/routing-conflicts.ts and the routing tests).
export function hash32(str: string): number;
export interface Rng {
  next(): number;
  int(lo: number, hi: number): number;
  pick<T>(arr: readonly T[]): T;
  chance(p: number): boolean;
  skewed(lo: number, hi: number, power?: number): number;
  sample<T>(arr: readonly T[], k: number): T[];
  weighted<T>(entries: readonly [number, T][]): T;
}
export function createRng(key: string): Rng;

import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { CheckOptions } from '../../core/check/checkDocument';
import { checkSkillFile, type SkillCheckResult } from '../../core/check/checkSkillFile';
import type { SkillListings } from '../../core/workspace/findSkillFiles';
import { PrelistedFileSystem } from '../../core/workspace/prelistedFileSystem';
import { NodeFileSystem } from '../../node/nodeFileSystem';

/** Below this many skills a worker's start-up costs more than it saves. */
const PARALLEL_THRESHOLD = 400;

interface WorkerInput {
  skillmdCheckWorker: true;
  files: string[];
  listings: (SkillListings | undefined)[];
  opts: Omit<CheckOptions, 'token'>;
}

async function checkSequential(files: string[], opts: CheckOptions, listings?: (SkillListings | undefined)[]): Promise<SkillCheckResult[]> {
  const fs = new NodeFileSystem({ sync: true });
  const out: SkillCheckResult[] = [];
  for (let i = 0; i < files.length; i++) {
    const pre = listings?.[i];
    const r = await checkSkillFile(pre ? new PrelistedFileSystem(fs, pre) : fs, files[i], opts);
    if (listings) listings[i] = undefined;
    out.push(slim(r));
  }
  return out;
}

/**
 * Results cross threads and are kept to the end: keep only what the reports print
 * (no document text, no fixes).
 */
function slim(r: SkillCheckResult): SkillCheckResult {
  return {
    file: r.file,
    skillDir: r.skillDir,
    name: r.name,
    targets: r.targets,
    diagnostics: r.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, file: d.file, range: d.range })),
  };
}

/**
 * Checks files on every core: the list is split between worker threads running
 * this same bundle and the main thread. Order of results follows `files`.
 */
export async function checkFiles(
  files: string[],
  opts: CheckOptions,
  bundlePath: string,
  listings?: ReadonlyMap<string, SkillListings>,
): Promise<SkillCheckResult[]> {
  const threads = Math.min(availableParallelism(), 4);
  const pre = listings ? files.map((f) => listings.get(f)) : undefined;
  if (threads < 2 || files.length < PARALLEL_THRESHOLD || process.env.SKILLMD_THREADS === '1') return checkSequential(files, opts, pre);
  const parts: string[][] = Array.from({ length: threads }, () => []);
  const pres: (SkillListings | undefined)[][] = [];
  // Contiguous slices keep each thread's reads within nearby folders.
  const size = Math.ceil(files.length / threads);
  for (let t = 0; t < threads; t++) {
    parts[t] = files.slice(t * size, (t + 1) * size);
    pres[t] = pre ? pre.slice(t * size, (t + 1) * size) : [];
  }
  const { token: _token, ...plain } = opts;
  const workers = parts.slice(1).map(
    (part, k) =>
      new Promise<SkillCheckResult[]>((resolve, reject) => {
        const input: WorkerInput = { skillmdCheckWorker: true, files: part, listings: pres[k + 1], opts: plain };
        const w = new Worker(bundlePath, { workerData: input });
        w.once('message', (m: SkillCheckResult[]) => resolve(m));
        w.once('error', reject);
        w.once('exit', (code) => code !== 0 && reject(new Error(`check worker exited with ${code}`)));
      }),
  );
  const mine = await checkSequential(parts[0], opts, pres[0]);
  const rest = await Promise.all(workers);
  return [mine, ...rest].flat();
}

/** True (and the work is started) when this thread is a check worker. */
export function runAsCheckWorker(): boolean {
  if (isMainThread || !(workerData as WorkerInput | undefined)?.skillmdCheckWorker) return false;
  const input = workerData as WorkerInput;
  void checkSequential(input.files, input.opts, input.listings).then((r) => parentPort!.postMessage(r));
  return true;
}

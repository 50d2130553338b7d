import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { CheckOptions } from '../../core/check/checkDocument';
import { checkSkillFile, type SkillCheckResult } from '../../core/check/checkSkillFile';
import { NodeFileSystem } from '../../node/nodeFileSystem';

/** Below this many skills a worker's start-up costs more than it saves. */
const PARALLEL_THRESHOLD = 400;

interface WorkerInput {
  skillmdCheckWorker: true;
  files: string[];
  opts: Omit<CheckOptions, 'token'>;
}

async function checkSequential(files: string[], opts: CheckOptions): Promise<SkillCheckResult[]> {
  const fs = new NodeFileSystem({ sync: true });
  const out: SkillCheckResult[] = [];
  for (const f of files) {
    const r = await checkSkillFile(fs, f, opts);
    delete r.doc; // results cross threads and are kept to the end: drop the text
    out.push(r);
  }
  return out;
}

/**
 * Checks files on every core: the list is split between worker threads running
 * this same bundle and the main thread. Order of results follows `files`.
 */
export async function checkFiles(files: string[], opts: CheckOptions, bundlePath: string): Promise<SkillCheckResult[]> {
  const threads = Math.min(availableParallelism(), 4);
  if (threads < 2 || files.length < PARALLEL_THRESHOLD || process.env.SKILLMD_THREADS === '1') return checkSequential(files, opts);
  const parts: string[][] = Array.from({ length: threads }, () => []);
  // Contiguous slices keep each thread's reads within nearby folders.
  const size = Math.ceil(files.length / threads);
  for (let t = 0; t < threads; t++) parts[t] = files.slice(t * size, (t + 1) * size);
  const { token: _token, ...plain } = opts;
  const workers = parts.slice(1).map(
    (part) =>
      new Promise<SkillCheckResult[]>((resolve, reject) => {
        const input: WorkerInput = { skillmdCheckWorker: true, files: part, opts: plain };
        const w = new Worker(bundlePath, { workerData: input });
        w.once('message', (m: SkillCheckResult[]) => resolve(m));
        w.once('error', reject);
        w.once('exit', (code) => code !== 0 && reject(new Error(`check worker exited with ${code}`)));
      }),
  );
  const mine = await checkSequential(parts[0], opts);
  const rest = await Promise.all(workers);
  return [mine, ...rest].flat();
}

/** True (and the work is started) when this thread is a check worker. */
export function runAsCheckWorker(): boolean {
  if (isMainThread || !(workerData as WorkerInput | undefined)?.skillmdCheckWorker) return false;
  const input = workerData as WorkerInput;
  void checkSequential(input.files, input.opts).then((r) => parentPort!.postMessage(r));
  return true;
}

// `skillmd/serverStats`: memory and event-loop delay, for benchmarks and for users
// who want to see whether the server keeps up. The delay monitor wakes the thread
// every few ms, so it starts only when someone first asks.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ServerStats, ServerStatsParams } from '../protocol';

const RESOLUTION_MS = 5;
let histogram: IntervalHistogram | undefined;

let gc: (() => void) | undefined;

/** A full garbage collection, so memory figures compare what is alive (`gc: true`). */
function collectGarbage(): void {
  if (!gc) {
    // Exposes `gc` to contexts created from now on; the server's own stays as it was.
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

export function serverStats(params: ServerStatsParams | undefined): ServerStats {
  if (params?.gc) collectGarbage();
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
  }
  const mem = process.memoryUsage();
  // The histogram counts the timer's own period in every sample: subtract it.
  const ms = (ns: number) => (histogram!.count ? Math.max(0, ns / 1e6 - RESOLUTION_MS) : 0);
  const stats: ServerStats = {
    rssBytes: mem.rss,
    heapUsedBytes: mem.heapUsed,
    eventLoop: { maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)) },
  };
  if (params?.reset) histogram.reset();
  return stats;
}

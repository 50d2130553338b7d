// Timing and peak-RSS measurement of child processes for `npm run bench`.
//
// Wall time: measured in this (parent) process with a monotonic clock from spawn()
// to the child's 'exit' event. It includes process start-up, which is what a user of a
// CLI waits for.
//
// Peak RSS, two methods (ctx.rssMethod says which one was used):
//  - 'gnu-time': the child runs under `/usr/bin/time -f %M -o <file>`; %M is the
//    kernel's ru_maxrss from wait4(), in KiB: exact peak of the process, all its threads
//    (worker_threads included). If the checker spawned child *processes*, it is the
//    largest single descendant, not the sum.
//  - 'proc-poll': fallback when GNU time is missing: poll /proc/<pid>/status VmHWM
//    every 5 ms. VmHWM is a high-water mark, so only growth in the last <5 ms before
//    exit can be missed. Same threads/processes caveat.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

let detected;
/** 'gnu-time' if /usr/bin/time understands -f %M -o, else 'proc-poll' (or 'none'). */
export function rssMethod() {
  if (detected) return detected;
  const forced = process.env.BENCH_RSS_METHOD;
  if (forced === 'gnu-time' || forced === 'proc-poll') return (detected = forced);
  const out = join(tmpdir(), `bench-time-probe-${process.pid}`);
  try {
    if (existsSync('/usr/bin/time')) {
      const r = spawnSync('/usr/bin/time', ['-f', '%M', '-o', out, 'true'], { stdio: 'ignore' });
      if (r.status === 0 && /^\d+\s*$/m.test(readFileSync(out, 'utf8'))) return (detected = 'gnu-time');
    }
  } catch { /* fall through */ } finally {
    rmSync(out, { force: true });
  }
  return (detected = existsSync('/proc/self/status') ? 'proc-poll' : 'none');
}

function lastNumberLine(text) {
  const nums = text.split('\n').map((l) => l.trim()).filter((l) => /^\d+$/.test(l));
  return nums.length ? Number(nums[nums.length - 1]) : undefined;
}

/**
 * Runs `cmd args` once. stdout/stderr go to files (never through a pipe into this
 * process, so a slow reader cannot slow the child). Resolves
 * {wallMs, peakRssKiB, code, signal, stdoutPath, stderrPath}.
 */
export function measureProcess(cmd, args, { cwd, stdoutPath, stderrPath, env } = {}) {
  const method = rssMethod();
  const timeOut = join(tmpdir(), `bench-time-${process.pid}-${Date.now()}-${Math.floor(performance.now() * 1000)}`);
  const outFd = openSync(stdoutPath, 'w');
  const errFd = openSync(stderrPath, 'w');
  const [file, argv] = method === 'gnu-time'
    ? ['/usr/bin/time', ['-f', 'cpu %U %S\n%M', '-o', timeOut, cmd, ...args]]
    : [cmd, args];
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(file, argv, { cwd, env: env ?? process.env, stdio: ['ignore', outFd, errFd] });
    let hwm = 0;
    let timer;
    if (method === 'proc-poll') {
      const poll = () => {
        try {
          const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          if (m) hwm = Math.max(hwm, Number(m[1]));
        } catch { /* exited */ }
      };
      poll();
      timer = setInterval(poll, 5);
    }
    child.on('error', (err) => {
      clearInterval(timer);
      closeSync(outFd); closeSync(errFd);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
      clearInterval(timer);
      closeSync(outFd); closeSync(errFd);
      let peakRssKiB = method === 'proc-poll' ? hwm || undefined : undefined;
      // CPU time (user + system, all threads), from GNU time only: 10 ms resolution.
      let cpuMs;
      if (method === 'gnu-time') {
        try {
          const text = readFileSync(timeOut, 'utf8');
          peakRssKiB = lastNumberLine(text);
          const cpu = /^cpu ([\d.]+) ([\d.]+)$/m.exec(text);
          if (cpu) cpuMs = (Number(cpu[1]) + Number(cpu[2])) * 1000;
        } catch { /* missing */ }
        rmSync(timeOut, { force: true });
      }
      resolve({ wallMs, cpuMs, peakRssKiB, code, signal, stdoutPath, stderrPath });
    });
  });
}

export function median(xs) {
  const s = xs.filter((x) => x !== undefined && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return undefined;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function summarize(samples) {
  const walls = samples.map((s) => s.wallMs);
  const rss = samples.map((s) => s.peakRssKiB).filter((x) => x !== undefined);
  const cpu = samples.map((s) => s.cpuMs).filter((x) => x !== undefined);
  return {
    runs: samples.length,
    wallMs: { median: median(walls), min: Math.min(...walls), max: Math.max(...walls), all: walls },
    cpuMs: cpu.length ? { median: median(cpu), all: cpu } : undefined,
    peakRssKiB: rss.length ? { median: median(rss), max: Math.max(...rss), all: rss } : undefined,
  };
}

// The CLI's standard output and error, written with fs.writeSync on descriptors 1 and 2.
// process.stdout and process.stderr are streams whose first use loads some twenty of
// Node's internal modules (streams; net or tty for a pipe or a terminal): 5-10 ms of
// every run here, while checking one skill takes ~50 ms past Node's own start.
//
// A write returns once the descriptor took every byte, as Node's stdout does on Linux
// for files and pipes: a slow reader holds the run back rather than its output piling up
// in memory. A reader that stops early (`skillmd check | head`) ends the output on that
// descriptor, not the run, whose exit status still tells whether there were errors.
import * as fs from 'node:fs';

/**
 * On Windows the streams write to a terminal with WriteConsoleW; bytes written to it
 * straight would be read in the console's code page (an em dash as three characters).
 */
const viaStreams = process.platform === 'win32';

const closed = [false, false, false];
const listening = [false, false, false];
let pause: Int32Array | undefined;

function writeAll(fd: 1 | 2, data: string | Uint8Array): void {
  if (closed[fd]) return;
  if (viaStreams) return void streamOf(fd).write(data);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let at = 0; at < bytes.length; ) {
    try {
      at += fs.writeSync(fd, bytes, at, bytes.length - at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') {
        closed[fd] = true;
        return;
      }
      // A descriptor its opener left non-blocking: wait a moment for the reader to take some.
      if (code !== 'EAGAIN') throw e;
      Atomics.wait((pause ??= new Int32Array(new SharedArrayBuffer(4))), 0, 0, 1);
    }
  }
}

function streamOf(fd: 1 | 2): NodeJS.WriteStream {
  const stream = fd === 1 ? process.stdout : process.stderr;
  if (!listening[fd]) {
    listening[fd] = true;
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      closed[fd] = true;
    });
  }
  return stream;
}

/** Writes to standard output; after its reader went away, nothing. */
export function writeStdout(data: string | Uint8Array): void {
  writeAll(1, data);
}

/** Writes to standard error; after its reader went away, nothing. */
export function writeStderr(data: string | Uint8Array): void {
  writeAll(2, data);
}

/**
 * Calls `done` once everything written so far is taken. What this module wrote is, but
 * on Windows; what Node writes itself (a warning) goes through process.stderr, which
 * holds nothing back on Linux but may for a pipe elsewhere. A stream's callback comes
 * after every earlier write.
 */
export function whenOutputTaken(done: () => void): void {
  if (process.platform === 'linux') return done();
  const fds = ([1, 2] as const).filter((fd) => !closed[fd] && (fd === 2 || viaStreams));
  let pending = fds.length;
  if (!pending) return done();
  for (const fd of fds) streamOf(fd).write('', () => --pending === 0 && done());
}

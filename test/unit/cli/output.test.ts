// cli/output.ts: every byte reaches the descriptor, a short write or a full non-blocking
// pipe (EAGAIN) included; a reader gone away (EPIPE) ends that descriptor's output only;
// any other failure is thrown, to be reported, not swallowed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { mock, test } from 'node:test';
import { writeStderr, writeStdout } from '../../../server/src/cli/output';

type Call = [fd: number, text: string];

/** Replaces fs.writeSync with `step` for the calls of `run`; returns what each call was given. */
function withWrites(step: (fd: number, bytes: Uint8Array, call: number) => number, run: () => void): Call[] {
  const calls: Call[] = [];
  const m = mock.method(fs, 'writeSync', (fd: number, buf: Uint8Array, offset: number, length: number) => {
    const bytes = buf.subarray(offset, offset + length);
    calls.push([fd, Buffer.from(bytes).toString('utf8')]);
    return step(fd, bytes, calls.length);
  });
  try {
    run();
  } finally {
    m.mock.restore();
  }
  return calls;
}

const errno = (code: string) => Object.assign(new Error(code), { code });

test('short writes and EAGAIN: the rest is written again until every byte is taken', () => {
  const calls = withWrites((_fd, bytes, call) => {
    if (call === 2) throw errno('EAGAIN');
    return Math.min(bytes.length, 4);
  }, () => writeStdout('skillmd — ok\n'));
  // Each call is given what is left: four bytes taken, then EAGAIN (the same bytes
  // again), then four more (the three of "—" and a space), then the end.
  assert.deepEqual(calls, [[1, 'skillmd — ok\n'], [1, 'lmd — ok\n'], [1, 'lmd — ok\n'], [1, '— ok\n'], [1, 'ok\n']]);
});

test('EPIPE ends that descriptor\'s output, quietly; the other one goes on', () => {
  const calls = withWrites((fd, bytes) => {
    if (fd === 2) throw errno('EPIPE');
    return bytes.length;
  }, () => {
    writeStderr('first\n');
    writeStderr('second\n');
    writeStdout(new Uint8Array([0x6f, 0x6b, 0x0a]));
  });
  assert.deepEqual(calls, [[2, 'first\n'], [1, 'ok\n']]);
});

test('any other failure is thrown to the caller', () => {
  assert.throws(() => withWrites(() => {
    throw errno('ENOSPC');
  }, () => writeStdout('x')), { code: 'ENOSPC' });
});

// Fault isolation for request handlers: a handler that throws (a bug) answers that
// one request with an LSP error and is logged once, with its stack; the server goes
// on serving. Cancellations and other deliberate ResponseErrors pass through as they are.
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';

/** For the tests of this isolation: the method whose handler fails on purpose. */
const injected = process.env.SKILLMD_TEST_FAIL_REQUEST;

export function guard<A extends unknown[], R>(method: string, log: (message: string) => void, handler: (...args: A) => R | Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      if (method === injected) throw new Error(`injected fault in ${method}`);
      return await handler(...args);
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      const err = e instanceof Error ? e : new Error(String(e));
      log(`skillmd: internal error in ${method}: ${err.stack ?? err.message}`);
      throw new ResponseError(ErrorCodes.InternalError, `skillmd: internal error in ${method}: ${err.message} (a bug: please report it; the server keeps running)`);
    }
  };
}

// Loads the CLI's bundles with the V8 code cache the build made for them (esbuild.mjs
// runs a check over examples/ and keeps, per bundle, the bytecode of every function
// that check compiled: `<bundle>.cache` beside it). A check of one skill, a pre-commit
// hook's case, otherwise spends a large part of its time parsing and compiling the
// ~550 KB of the CLI and the YAML parser. V8 refuses a cache made by another Node
// version or with other flags (`cachedDataRejected`); the bundle is then compiled as
// usual. Its own bundle (server/out/codeCache.js), loaded by bin/skillmd.js before
// the CLI, so that the CLI's bundle itself can be compiled with its cache.
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

type Loader = (module: NodeJS.Module, filename: string) => void;
interface ModuleInternals {
  _extensions: Record<string, Loader>;
  wrap(source: string): string;
}

/** The bundles this process compiled, for `write`. */
const compiled = new Map<string, vm.Script>();

/**
 * From now on, a `.js` file of `outDir` is compiled with `<file>.cache` when there is
 * one. `write`: at exit, each such file's cache is written anew, with every function
 * this process compiled (the build's run).
 */
export function install(outDir: string, write = false): void {
  const internals = Module as unknown as ModuleInternals;
  const plain = internals._extensions['.js'];
  internals._extensions['.js'] = (module, filename) => {
    if (path.dirname(filename) !== outDir) return plain(module, filename);
    let cachedData: Buffer | undefined;
    if (!write) {
      try {
        cachedData = fs.readFileSync(`${filename}.cache`);
      } catch {
        // None (the server's bundles, a copy without it): Node's own loader.
        return plain(module, filename);
      }
    }
    // The bundles are ASCII (esbuild.mjs: charset 'ascii'), so Latin-1 reads them exactly,
    // at half the cost of UTF-8 (cli.js: ~5 of ~10 ms, every run).
    const script = new vm.Script(internals.wrap(fs.readFileSync(filename, 'latin1')), { filename, cachedData });
    compiled.set(filename, script);
    const fn = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: NodeJS.Module, filename: string, dirname: string) => void;
    fn.call(module.exports, module.exports, Module.createRequire(filename), module, filename, path.dirname(filename));
  };
  if (write) process.on('exit', () => {
    for (const [file, script] of compiled) fs.writeFileSync(`${file}.cache`, script.createCachedData());
  });
}

/** Whether V8 took `file`'s cache (for tests): undefined when there was none, or `file` was not compiled. */
export function cacheTaken(file: string): boolean | undefined {
  const rejected = compiled.get(file)?.cachedDataRejected;
  return rejected === undefined ? undefined : !rejected;
}

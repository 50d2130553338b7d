// picomatch (~60 KB of the bundles) is needed only when a configuration has globs
// (`overrides`, `ignore`): loaded on the first match, from a file of its own in the
// bundles (server/out/picomatch.js, see esbuild.mjs).
import type Picomatch from 'picomatch';

let mod: typeof Picomatch | undefined;

export function picomatch(...args: Parameters<typeof Picomatch>): ReturnType<typeof Picomatch> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (mod ??= require('picomatch') as typeof Picomatch)(...args);
}

// ajv and ajv-formats are ~200 KB of every bundle, and only contracts (`skill.yaml`,
// `meta.yaml`, contract fields of a SKILL.md) use them: a check of an ordinary skill
// never does. The bundles keep them in server/out/ajv.js, required on first use, so V8
// neither compiles nor runs them for such a check (cli.js alone took ~25 ms more).
// Import the values from here and the types from 'ajv'.
type Packages = typeof import('./ajvPackages');

let mod: Packages | undefined;

export function ajvPackages(): Packages {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (mod ??= require('./ajvPackages') as Packages);
}

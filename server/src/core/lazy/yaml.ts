// `yaml` is the largest part of every bundle (~260 KB of its ~740 KB). A check of a
// skill with the common flat frontmatter never parses YAML (document/flatFrontmatter.ts),
// so the package is loaded on the first call. The bundles keep it in a file of its own
// (server/out/yaml.js, see esbuild.mjs), which V8 then never compiles for such a check.
// Import the values from here and the types from 'yaml'.
import type * as Yaml from 'yaml';

let mod: typeof Yaml | undefined;

function yaml(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (mod ??= require('yaml') as typeof Yaml);
}

export const parseDocument = ((...args: Parameters<typeof Yaml.parseDocument>) => yaml().parseDocument(...args)) as typeof Yaml.parseDocument;
export const isAlias = ((n: unknown) => yaml().isAlias(n)) as typeof Yaml.isAlias;
export const isMap = ((n: unknown) => yaml().isMap(n)) as typeof Yaml.isMap;
export const isScalar = ((n: unknown) => yaml().isScalar(n)) as typeof Yaml.isScalar;
export const isSeq = ((n: unknown) => yaml().isSeq(n)) as typeof Yaml.isSeq;

/** `visit` with its BREAK, SKIP and REMOVE symbols, which exist only once the package is loaded. */
export const visit = ((...args: Parameters<typeof Yaml.visit>) => yaml().visit(...args)) as typeof Yaml.visit;
for (const k of ['BREAK', 'SKIP', 'REMOVE'] as const) Object.defineProperty(visit, k, { get: () => yaml().visit[k] });
export const isPair = ((n: unknown) => yaml().isPair(n)) as typeof Yaml.isPair;

/** `new LineCounter()` once the package is loaded. */
export const newLineCounter = (): Yaml.LineCounter => new (yaml().LineCounter)();
/** `new YAMLParseError(…)` once the package is loaded. */
export const newYamlParseError = (...args: ConstructorParameters<typeof Yaml.YAMLParseError>): Yaml.YAMLParseError => new (yaml().YAMLParseError)(...args);

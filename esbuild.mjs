// Bundles the three faces of skillmd. Everything is bundled (only `vscode` stays
// external) so the VSIX and the CLI need no node_modules at run time.
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'info',
  external: ['vscode'],
};
const builds = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'client/out/extension.js' },
  { entryPoints: ['server/src/server.ts'], outfile: 'server/out/server.js' },
  { entryPoints: ['server/src/cli/main.ts'], outfile: 'server/out/cli.js' },
];

if (watch) {
  for (const b of builds) {
    const ctx = await esbuild.context({ ...common, ...b });
    await ctx.watch();
  }
} else {
  await Promise.all(builds.map((b) => esbuild.build({ ...common, ...b })));
}

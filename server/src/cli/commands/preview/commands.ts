// The preview commands and what only they use (the renderers, the catalog): a bundle
// of their own (server/out/cliPreview.js, see esbuild.mjs) that main.ts loads on first
// use, so that `skillmd check` does not compile them. That bundle has its own copy of
// the modules both use, UsageError's class among them: main.ts maps it back.
export { runIndex } from '../index';
export { runLoad } from '../load';
export { runRead } from '../read';
export { UsageError } from '../../args';

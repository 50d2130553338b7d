import { RENDER_AGENTS, renderIndex, UnsupportedPreviewError } from '../../core/render';
import { parseArgs, UsageError } from '../args';
import { emitPreview, previewOptionsUsage, PREVIEW_SPEC, setupPreview } from './preview/common';

export const INDEX_USAGE = `Usage: skillmd index [roots…] [options]

Prints the skill index an agent puts into the model's context.

${previewOptionsUsage(RENDER_AGENTS)}
`;

export async function runIndex(argv: string[], cwd: string, write: (s: string) => void): Promise<number> {
  const args = parseArgs(argv, PREVIEW_SPEC);
  if (args.options.help) {
    write(INDEX_USAGE);
    return 0;
  }
  const roots = [...args.positionals, ...((args.options.root as string[] | undefined) ?? [])];
  const setup = await setupPreview(args, cwd, roots, RENDER_AGENTS);
  try {
    const preview = renderIndex(setup.snapshot, setup.render);
    emitPreview(args, setup, preview, write);
    return preview.ok === false ? 1 : 0;
  } catch (e) {
    if (e instanceof UnsupportedPreviewError) throw new UsageError(e.message);
    throw e;
  }
}

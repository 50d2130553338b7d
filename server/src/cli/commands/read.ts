import { READ_AGENTS, renderRead, UnsupportedPreviewError } from '../../core/render';
import { parseArgs, UsageError } from '../args';
import { emitPreview, previewFailed, previewOptionsUsage, PREVIEW_SPEC, setupPreview } from './preview/common';

export const READ_USAGE = `Usage: skillmd read <name> <relpath> [options]

Prints what lovia's read_skill_file(name, relpath) returns, or its error text
(unknown skill, path escaping the skill folder, missing or binary file). Only lovia
has such a tool: --agent is lovia (the default) or a usage error.

${previewOptionsUsage(READ_AGENTS)}
`;

export async function runRead(argv: string[], cwd: string, write: (s: string) => void): Promise<number> {
  const args = parseArgs(argv, PREVIEW_SPEC);
  if (args.options.help) {
    write(READ_USAGE);
    return 0;
  }
  if (args.positionals.length !== 2) throw new UsageError('skillmd read needs a skill name and a relative path');
  const setup = await setupPreview(args, cwd, (args.options.root as string[] | undefined) ?? [], READ_AGENTS);
  try {
    const preview = await renderRead(setup.catalog, setup.fs, args.positionals[0], args.positionals[1]);
    emitPreview(args, setup, preview, write);
    return preview.ok ? 0 : 1;
  } catch (e) {
    if (e instanceof UnsupportedPreviewError) throw new UsageError(e.message);
    if (e instanceof UsageError) throw e;
    return previewFailed(setup, `read ${args.positionals[0]} ${args.positionals[1]}`, e);
  }
}

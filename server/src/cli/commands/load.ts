import { LOAD_AGENTS, renderLoad, UnsupportedPreviewError } from '../../core/render';
import { parseArgs, UsageError } from '../args';
import { emitPreview, previewFailed, previewOptionsUsage, PREVIEW_SPEC, setupPreview } from './preview/common';

export const LOAD_USAGE = `Usage: skillmd load <name> [options]

Prints what the agent's skill tool returns for <name> (lovia load_skill, Eino
skill, Claude Code Skill, Codex $name injection, Copilot skill tool, opencode
skill), or its error text.

${previewOptionsUsage(LOAD_AGENTS)}
`;

export async function runLoad(argv: string[], cwd: string, write: (s: string) => void): Promise<number> {
  const args = parseArgs(argv, PREVIEW_SPEC);
  if (args.options.help) {
    write(LOAD_USAGE);
    return 0;
  }
  if (args.positionals.length !== 1) throw new UsageError('skillmd load needs exactly one skill name');
  const setup = await setupPreview(args, cwd, (args.options.root as string[] | undefined) ?? [], LOAD_AGENTS);
  try {
    const preview = await renderLoad(setup.catalog, setup.fs, args.positionals[0]);
    emitPreview(args, setup, preview, write);
    return preview.ok ? 0 : 1;
  } catch (e) {
    if (e instanceof UnsupportedPreviewError) throw new UsageError(e.message);
    if (e instanceof UsageError) throw e;
    return previewFailed(setup, `load ${args.positionals[0]}`, e);
  }
}

import { runCheck } from './commands/check';
import { runAsCheckWorker } from './commands/checkParallel';
import { enableReferenceChecks } from '../core/references';
import { runRoute } from './commands/route';
import { RunError, UsageError } from './args';
import { VERSION } from './version';
import { addDocumentRule } from '../core/check/checkDocument';
import { registerSkillFileCheck } from '../core/check/checkSkillFile';
import { whenOutputTaken, writeStderr, writeStdout } from './output';

const USAGE = `skillmd ${VERSION}: checks and previews for Agent Skills (SKILL.md)

Usage:
  skillmd check [paths…]     validate skills (see skillmd check --help)
  skillmd index [roots…]     print the skill index an agent sees (--agent <profile>)
  skillmd load <name>        print what the agent's skill tool returns
  skillmd read <name> <path> print what lovia's read_skill_file returns
  skillmd route "<request>"  which skills would take a request (--agent <profile>)
  skillmd lsp [--stdio]      run the language server (see skillmd lsp --help)
  skillmd --version          print the version

Each command prints its options with --help.
`;

/**
 * Internal, for skillmd's own tests only (docs/internal.md): SKILLMD_INTERNAL_TEST_HOOKS
 * names a CommonJS module whose export is called with the check's registries, so a
 * test can add a rule that throws and watch the CLI, as a child process, survive it.
 * Loaded in worker threads too (they run this file with the same environment).
 */
function loadTestHooks(): void {
  const hooks = process.env.SKILLMD_INTERNAL_TEST_HOOKS;
  if (!hooks) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require(hooks) as (api: object) => void)({ addDocumentRule, registerSkillFileCheck });
}

type Command = (argv: string[], cwd: string, write: (s: string | Uint8Array) => void) => Promise<number>;

type PreviewCommands = typeof import('./commands/preview/commands');

/** A preview command, loaded on first use (see commands/preview/commands.ts). */
function preview(name: 'runIndex' | 'runLoad' | 'runRead'): Command {
  return async (argv, cwd, write) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require('./commands/preview/commands') as PreviewCommands;
    try {
      return await mod[name](argv, cwd, write);
    } catch (e) {
      throw e instanceof mod.UsageError && !(e instanceof UsageError) ? new UsageError((e as Error).message) : e;
    }
  };
}

const commands: Record<string, Command> = {
  check: runCheck,
  index: preview('runIndex'),
  load: preview('runLoad'),
  read: preview('runRead'),
  route: runRoute,
  // The language server is its own bundle beside this one; `skillmd lsp` loads it so
  // editors can start the server through the CLI (it reads its options from argv).
  lsp: async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(require('node:path').join(__dirname, 'server.js'));
    return new Promise<number>(() => {});
  },
};

/** Registers a sub-command; keeps main.ts free of feature code. */
export function registerCommand(name: string, command: Command): void {
  commands[name] = command;
}

async function main(argv: string[]): Promise<number> {
  const write = writeStdout;
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === '-h' || cmd === '--help' || cmd === 'help') {
    write(USAGE);
    return cmd ? 0 : 2;
  }
  if (cmd === '--version' || cmd === '-v') {
    write(VERSION + '\n');
    return 0;
  }
  const command = commands[cmd];
  if (!command) throw new UsageError(`unknown command "${cmd}"`);
  return command(rest, process.cwd(), write);
}

// The CLI checks references too (and so do its worker threads, which run this file).
enableReferenceChecks();
loadTestHooks();

/**
 * Ends the process once everything written is taken (output.ts). Left to itself, Node
 * exits when the event loop is empty and tears the heap down first: 40-47 ms from the
 * end of a warm `check --cache` of agentskillexchange to the end of the process, 17-24
 * ms this way (5 alternating pairs), in a run of ~0.5 s. 'exit' handlers run either way.
 */
function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  whenOutputTaken(() => process.exit(code));
}

if (!runAsCheckWorker()) main(process.argv.slice(2)).then(
  (code) => exitWhenFlushed(code),
  (e: unknown) => {
    if (e instanceof UsageError) {
      writeStderr(`skillmd: ${e.message}\nRun "skillmd --help" for usage.\n`);
      process.exitCode = 2;
    } else if (e instanceof RunError) {
      writeStderr(`skillmd: ${e.message}\n`);
      process.exitCode = 3;
    } else {
      writeStderr(`skillmd: internal error: ${(e as Error).stack ?? e}\n`);
      process.exitCode = 3;
    }
  },
);

import type { DiskRule } from '../diskRules';
import { lineRange, scriptFiles } from './scriptFiles';

/**
 * A script the body runs directly (`scripts/x.py`) is started by its `#!` line. Without
 * one the shell runs it as a shell script: Python or Node code then fails on its first
 * line. A shell script without one still runs, under whatever shell started it (hint).
 */
export const scriptNoShebang: DiskRule = {
  code: 'script-no-shebang',
  title: 'A script the instructions run directly has no `#!` line, so the shell, not its interpreter, runs it.',
  defaultSeverity: 'warning',
  async check(ctx) {
    for (const s of await scriptFiles(ctx.fs, ctx.doc, ctx.skillDir)) {
      if (!s.executed || s.firstLine.startsWith('#!') || s.file.endsWith('.ps1')) continue;
      ctx.report({
        file: s.file,
        severity: s.shell ? 'hint' : 'warning',
        message: s.shell
          ? `The instructions run \`${s.written}\` directly, and it has no \`#!\` line: it runs under whatever shell starts it; add \`#!/usr/bin/env bash\` (or \`sh\`).`
          : `The instructions run \`${s.written}\` directly, but it has no \`#!\` line, so the shell runs it as a shell script and it fails; add one (\`#!/usr/bin/env python3\`) or run it through its interpreter.`,
        range: lineRange(0, 0, s.firstLine.length),
      });
    }
  },
};

import type { DiskRule } from '../diskRules';
import { isComment, lineRange, scriptFiles } from './scriptFiles';

const PIPE = /\b(?:curl|wget)\b[^|\n;&]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:ba|z|k|da)?sh\b/;

/** `curl … | sh`: runs whatever the server sends at that moment, unchecked. */
export const scriptPipeToShell: DiskRule = {
  code: 'script-pipe-to-shell',
  title: 'A script the instructions run pipes a download into a shell (`curl … | sh`).',
  defaultSeverity: 'warning',
  async check(ctx) {
    for (const s of await scriptFiles(ctx.fs, ctx.doc, ctx.skillDir)) {
      // Every match names curl or wget: most scripts are passed over whole.
      if (!/\b(?:curl|wget)\b/.test(s.text)) continue;
      s.lines.forEach((line, i) => {
        const m = isComment(line) ? null : PIPE.exec(line);
        if (!m) return;
        ctx.report({
          file: s.file,
          message: 'This line runs whatever the server sends, unchecked, when the agent runs the script; download to a file, verify it (checksum or signature), then run it.',
          range: lineRange(i, m.index, m.index + m[0].length),
        });
      });
    }
  },
};

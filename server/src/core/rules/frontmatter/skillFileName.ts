import * as path from 'node:path';
import type { Rule } from '../types';
import { Verdict } from '../outcomes';

export const skillFileName: Rule = {
  code: 'skill-file-name',
  title: 'The skill file is named `skill.md`, which some agents do not load (they look for `SKILL.md`).',
  defaultSeverity: 'error',
  check(ctx) {
    if (ctx.fileName === 'SKILL.md') return;
    const verdict = new Verdict(ctx.targets, (p) => (p.fileNames.includes(ctx.fileName) ? undefined : 'reject'));
    if (verdict.empty) return;
    const to = path.join(ctx.skillDir, 'SKILL.md');
    ctx.report({
      severity: 'error',
      message: `\`${ctx.fileName}\` is not loaded by ${verdict.profiles.map((p) => p.id).join(', ')}; rename it to \`SKILL.md\`.`,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: ctx.doc.lines.lineEnd(0) } },
      fixes: [{ title: 'Rename to SKILL.md', change: { edits: {}, renames: [{ from: ctx.doc.path, to }] } }],
    });
  },
};

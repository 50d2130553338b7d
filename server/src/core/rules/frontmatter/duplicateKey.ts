import type { FrontmatterEntry } from '../../document/model';
import type { Rule } from '../types';
import { removeEntry } from '../edits';
import { Verdict } from '../outcomes';

export const duplicateKey: Rule = {
  code: 'duplicate-key',
  title: 'The same key appears twice in the frontmatter; agents disagree on which one counts.',
  defaultSeverity: 'error',
  check(ctx) {
    const first = new Map<string, FrontmatterEntry>();
    const verdict = new Verdict(ctx.targets, (p) => p.onDuplicateKey === 'ignore' ? undefined : p.onDuplicateKey);
    for (const e of ctx.doc.frontmatter.entries) {
      const prev = first.get(e.key);
      if (!prev) {
        first.set(e.key, e);
        continue;
      }
      const who = verdict.empty ? 'most YAML loaders keep the last one' : `${verdict.describe()}; others keep the last one`;
      ctx.report({
        severity: verdict.empty ? 'warning' : verdict.severity,
        message: `Duplicate key \`${e.key}\` (${who}). Remove one of them.`,
        range: e.keyRange,
        related: [{ file: ctx.doc.path, range: prev.keyRange, message: `first \`${e.key}\`` }],
        fixes: [{ title: `Remove this \`${e.key}\``, edits: [removeEntry(ctx.doc, e)] }],
      });
    }
  },
};

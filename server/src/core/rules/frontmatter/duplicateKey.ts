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
      const keepers = ctx.targets.filter((p) => p.onDuplicateKey === 'ignore').map((p) => p.id);
      const who = verdict.empty
        ? 'the last one counts'
        : `${verdict.describe()}${keepers.length ? `; ${keepers.join(', ')} keep${keepers.length > 1 ? '' : 's'} the last one` : ''}`;
      ctx.report({
        severity: verdict.empty ? 'warning' : verdict.severity,
        message: `Duplicate key \`${e.key}\`; remove one of them (${who}).`,
        range: e.keyRange,
        related: [{ file: ctx.doc.path, range: prev.keyRange, message: `first \`${e.key}\`` }],
        fixes: [{ title: `Remove this \`${e.key}\``, edits: [removeEntry(ctx.doc, e)] }],
      });
    }
  },
};

import type { FrontmatterEntry } from '../../document/model';
import type { Rule } from '../types';
import { removeEntry } from '../edits';
import { lastEntries } from '../fields/entries';
import { perTargetsAndKey, Verdict } from '../outcomes';
import type { AgentProfile } from '../../profiles/types';

/** What one target does with a second `key` (Codex checks only the fields it reads). */
function onDuplicate(p: AgentProfile, key: string) {
  return p.duplicateKeysChecked && !p.duplicateKeysChecked.includes(key) ? 'ignore' : p.onDuplicateKey;
}

/** What the targets do with a duplicate key: the severity and the end of the message. */
const handling = perTargetsAndKey((targets, key) => {
  const verdict = new Verdict(targets, (p) => (onDuplicate(p, key) === 'ignore' ? undefined : onDuplicate(p, key)));
  const keepers = targets.filter((p) => onDuplicate(p, key) === 'ignore').map((p) => p.id);
  const who = verdict.empty
    ? 'the last one counts'
    : `${verdict.describe()}${keepers.length ? `; ${keepers.join(', ')} keep${keepers.length > 1 ? '' : 's'} the last one` : ''}`;
  return { severity: verdict.empty ? 'warning' as const : verdict.severity, who };
});

export const duplicateKey: Rule = {
  code: 'duplicate-key',
  title: 'The same key appears twice in the frontmatter; agents disagree on which one counts.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const entries = ctx.doc.frontmatter.entries;
    if (lastEntries(ctx.doc).length === entries.length) return; // every key once
    const first = new Map<string, FrontmatterEntry>();
    for (const e of entries) {
      const prev = first.get(e.key);
      if (!prev) {
        first.set(e.key, e);
        continue;
      }
      const { severity, who } = handling(ctx.targets, e.key);
      ctx.report({
        severity,
        message: `Duplicate key \`${e.key}\`; remove one of them (${who}).`,
        range: e.keyRange,
        related: [{ file: ctx.doc.path, range: prev.keyRange, message: `first \`${e.key}\`` }],
        fixes: [{ title: `Remove this \`${e.key}\``, edits: [removeEntry(ctx.doc, e)] }],
      });
    }
  },
};

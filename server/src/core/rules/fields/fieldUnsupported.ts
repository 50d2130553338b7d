import type { Rule } from '../types';
import { removeEntry } from '../edits';
import { Verdict } from '../outcomes';
import { lastEntries } from './entries';

/**
 * A field that some targets read and others reject or ignore: one diagnostic that
 * names both sides, instead of a false "unsupported" for an agent that reads it.
 */
export const fieldUnsupported: Rule = {
  code: 'field-unsupported',
  title: 'A field that one target agent reads but another rejects or ignores.',
  defaultSeverity: 'warning',
  check(ctx) {
    for (const entry of lastEntries(ctx.doc)) {
      const readers = ctx.targets.filter((t) => t.fields[entry.key]);
      if (readers.length === 0) continue;
      const verdict = new Verdict(ctx.targets, (p) => (p.fields[entry.key] || p.unknownFields === 'extra' ? undefined : p.unknownFields));
      if (verdict.empty) continue;
      ctx.report({
        severity: verdict.severity,
        message: `\`${entry.key}\` is read by ${readers.map((r) => r.id).join(', ')} but ${verdict.describe()}.`,
        range: entry.keyRange,
        fixes: verdict.worst === 'reject' ? [{ title: `Remove \`${entry.key}\``, edits: [removeEntry(ctx.doc, entry)] }] : undefined,
      });
    }
  },
};

import type { Severity } from '../../types';
import type { Rule } from '../types';
import { removeEntry } from '../edits';
import { perTargetsAndKey, Verdict } from '../outcomes';
import { lastEntries } from './entries';

/** The diagnostic for a key, or null when every target reads it or none does. */
const problem = perTargetsAndKey((targets, key): { severity: Severity; message: string; removable: boolean } | null => {
  const readers = targets.filter((t) => t.fields[key]);
  if (readers.length === 0) return null;
  const verdict = new Verdict(targets, (p) => (p.fields[key] || p.unknownFields === 'extra' ? undefined : p.unknownFields));
  if (verdict.empty) return null;
  return {
    severity: verdict.severity,
    message: `\`${key}\` is read by ${readers.map((r) => r.id).join(', ')} but ${verdict.describe()}.`,
    removable: verdict.worst === 'reject',
  };
});

/**
 * A field that some targets read and others reject or ignore: one diagnostic that
 * names both sides, instead of a false "unsupported" for an agent that reads it.
 */
export const fieldUnsupported: Rule = {
  code: 'field-unsupported',
  title: 'A field that one target agent reads but another rejects or ignores.',
  defaultSeverity: 'warning',
  severityByTarget: true,
  check(ctx) {
    // One target reads a field or not: nothing to compare.
    if (ctx.targets.length < 2) return;
    for (const entry of lastEntries(ctx.doc)) {
      const p = problem(ctx.targets, entry.key);
      if (!p) continue;
      ctx.report({
        severity: p.severity,
        message: p.message,
        range: entry.keyRange,
        fixes: p.removable ? [{ title: `Remove \`${entry.key}\``, edits: [removeEntry(ctx.doc, entry)] }] : undefined,
      });
    }
  },
};

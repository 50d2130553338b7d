import { profiles } from '../../profiles/registry';
import { closest } from '../../text/similarity';
import type { Fix } from '../../types';
import type { Rule } from '../types';
import { removeEntry, replace } from '../edits';
import { Verdict } from '../outcomes';
import { lastEntries } from './entries';

export const unknownField: Rule = {
  code: 'unknown-field',
  title: 'A field that none of the target agents reads (with "did you mean" for near misses).',
  defaultSeverity: 'warning',
  check(ctx) {
    const known = new Set(ctx.targets.flatMap((t) => Object.keys(t.fields)));
    for (const entry of lastEntries(ctx.doc)) {
      if (known.has(entry.key)) continue;
      const verdict = new Verdict(ctx.targets, (p) => (p.unknownFields === 'extra' ? undefined : p.unknownFields));
      if (verdict.empty) continue;
      const near = closest(entry.key, known);
      const elsewhere = profiles.filter((p) => !ctx.targets.includes(p) && p.fields[entry.key]).map((p) => p.id);
      const fixes: Fix[] = [];
      const taken = near !== undefined && ctx.doc.frontmatter.entries.some((e) => e.key === near);
      if (near && !taken) fixes.push({ title: `Rename to \`${near}\``, edits: [replace(ctx.doc, entry.keyStart, entry.keyEnd, near)], preferred: true });
      fixes.push({ title: `Remove \`${entry.key}\``, edits: [removeEntry(ctx.doc, entry)] });
      let message = `Unknown field \`${entry.key}\``;
      if (near) message += `; did you mean \`${near}\`?`;
      message += ` (${verdict.describe()})`;
      if (elsewhere.length) message += `. It is read by ${elsewhere.join(', ')}, which ${elsewhere.length > 1 ? 'are' : 'is'} not targeted`;
      ctx.report({
        severity: verdict.worst === 'ignore' ? 'warning' : verdict.severity,
        message: message + '.',
        range: entry.keyRange,
        fixes,
      });
    }
  },
};

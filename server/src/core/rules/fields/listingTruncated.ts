import { getEntry, toJs } from '../../document/values';
import type { Rule } from '../types';
import { charLength } from './entries';

export const listingTruncated: Rule = {
  code: 'listing-truncated',
  title: 'The skill listing text (Claude Code: `description` + `when_to_use`) is longer than the agent shows.',
  defaultSeverity: 'warning',
  check(ctx) {
    for (const t of ctx.targets) {
      const cap = t.listingCap;
      if (!cap) continue;
      const parts = cap.fields.map((f) => toJs(getEntry(ctx.doc, f)?.value)).filter((v): v is string => typeof v === 'string' && v !== '');
      const listing = parts.join(' - ');
      // A code point takes one or two UTF-16 units: a listing this short is within the cap.
      if (listing.length <= cap.max) continue;
      const total = charLength(listing);
      if (total <= cap.max) continue;
      const entry = getEntry(ctx.doc, cap.fields[cap.fields.length - 1]) ?? getEntry(ctx.doc, cap.fields[0]);
      if (!entry?.value) continue;
      ctx.report({
        message: `${t.label} shows at most ${cap.max} characters of ${cap.fields.map((f) => `\`${f}\``).join(' + ')} in its skill listing; this skill has ${total}, so the end is cut off.`,
        range: entry.value.range,
      });
    }
  },
};

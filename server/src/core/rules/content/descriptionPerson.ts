import { getEntry } from '../../document/values';
import type { Rule } from '../types';
import { ids, withFact } from '../facts';
import { stringFor } from '../fields/profileValues';

/** "I can…", "I'll…", "We help…", "You can…": the description speaks as or to someone. */
const PERSON = /(?:^|[.!?:;]\s+|\b(?:and|so|then)\s+)(I (?:can|will|help|am|'ll|'m)\b|I'(?:ll|m)\b|We (?:can|will|help)\b|You (?:can|will|should|may|'ll)\b|Let me\b)/i;

/**
 * Anthropic's guidance: the description is injected into the system prompt, so write
 * it in the third person ("Processes Excel files…"), not "I can help you…" or "You can
 * use this…". A hint for the agents whose docs say so.
 */
export const descriptionPerson: Rule = {
  code: 'description-person',
  title: '`description` is written in the first or second person ("I can…", "You can…") where the agent\'s docs advise the third person (Claude Code).',
  defaultSeverity: 'hint',
  check(ctx) {
    const has = withFact(ctx.targets, 'thirdPersonDescription');
    const value = getEntry(ctx.doc, 'description')?.value;
    if (!has || !value) return;
    const d = stringFor(has.profiles[0], value);
    const m = d ? PERSON.exec(d) : null;
    if (!m) return;
    const at = ctx.doc.text.indexOf(m[1], value.start);
    ctx.report({
      message: `The description says "${m[1]}"; it is read as part of the system prompt, so write it in the third person ("Processes…", "Use when…") (${ids(has.profiles)}; ${has.fact.source}).`,
      range: at >= 0 && at < value.end ? ctx.doc.lines.range(at, at + m[1].length) : value.range,
    });
  },
};

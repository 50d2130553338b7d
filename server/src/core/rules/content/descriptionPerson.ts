import { getEntry } from '../../document/values';
import type { Rule } from '../types';
import { ids, withFact } from '../facts';
import { stringFor } from '../fields/profileValues';

/** "I can…", "I'll…", "We help…", "You can…" opening a sentence: the description speaks as or to someone. */
const PERSON = /(?:^|[.!?:;]\s+)(I (?:can|will|help|am|'ll|'m)\b|I'(?:ll|m)\b|We (?:can|will|help)\b|You (?:can|will|should|may|'ll)\b|Let me\b)/i;
/** "I"/"we" as the speaker anywhere: "…, and I will …" (not "so you can", which the system prompt reads as Claude). */
const SPEAKER = /\b(I (?:can|will|help|am)\b|I'(?:ll|m)\b|We (?:can|will|help)\b)/;

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
    // Quoted phrases are what a user says ("I'm stuck"), not the description's voice.
    const own = d?.replace(/"[^"]*"|\u201c[^\u201d]*\u201d/g, (q) => ' '.repeat(q.length));
    const m = own ? PERSON.exec(own) ?? SPEAKER.exec(own) : null;
    if (!m) return;
    const at = ctx.doc.text.indexOf(m[1], value.start);
    ctx.report({
      message: `The description says "${m[1]}"; it is read as part of the system prompt, so write it in the third person ("Processes…", "Use when…") (${ids(has.profiles)}; ${has.fact.source}).`,
      range: at >= 0 && at < value.end ? ctx.doc.lines.range(at, at + m[1].length) : value.range,
    });
  },
};

import { getEntry } from '../../document/values';
import type { Rule } from '../types';
import { bodyLines, inlineCode, inSpans } from './bodyLines';

const BEST_PRACTICES = 'https://platform.claude.com/docs/en/agents-and-tools/agent-skills/best-practices#avoid-time-sensitive-information';
const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** Wording that goes stale: "as of 2024", "the latest version is 3.2", "before August 2025". */
const STALE = new RegExp(
  `\\b(as of (?:(?:early|mid|late)[- ])?(?:${MONTH}\\.? )?(?:19|20)\\d\\d|(?:the )?(?:latest|newest|current) (?:stable )?(?:version|release) (?:is|as of) v?\\d+(?:\\.\\d+)*|(?:before|after|until) (?:${MONTH}\\.? )(?:\\d{1,2},? )?(?:19|20)\\d\\d)`,
  'gi',
);

/**
 * What every STALE match holds: a year (the first and third forms) or "version is" /
 * "release as of" (the second). Searching for these is ~4x cheaper than STALE itself,
 * whose leading \b and case-insensitive alternatives are tried at every position; the
 * scan was still the costliest document rule on the 10,000-skill bench corpus.
 */
const YEAR = /(?:19|20)\d\d/g;
const VERSION_IS = /(?:version|release) (?:is|as of) /gi;

function mayBeStale(text: string, from: number): boolean {
  YEAR.lastIndex = from;
  if (YEAR.test(text)) return true;
  VERSION_IS.lastIndex = from;
  return VERSION_IS.test(text);
}

/**
 * Anthropic's authoring guidance: avoid time-sensitive information; put old
 * patterns under a clearly marked "old patterns" section instead. A hint, prose only.
 */
export const timeSensitiveWording: Rule = {
  code: 'time-sensitive-wording',
  title: 'Wording that goes stale ("as of 2024", "the latest version is", "before August 2025") in the description or the body\'s prose.',
  defaultSeverity: 'hint',
  check(ctx) {
    const report = (start: number, text: string) => {
      ctx.report({
        message: `"${text}" will go stale; state the fact without the date, or move older behaviour into a section on old versions (${BEST_PRACTICES}).`,
        range: ctx.doc.lines.range(start, start + text.length),
      });
    };
    const desc = getEntry(ctx.doc, 'description')?.value;
    if (desc?.kind === 'scalar' && typeof desc.value === 'string') {
      STALE.lastIndex = 0;
      const m = STALE.exec(desc.value);
      const at = m ? ctx.doc.text.indexOf(m[1], desc.start) : -1;
      if (m && at >= 0 && at < desc.end) report(at, m[1]);
    }
    // One scan of the whole body first: most bodies have no such wording, and a call per
    // line cost more than the scan (this rule was the largest of the document rules'
    // costs). No match crosses a line (STALE has no \s), so a body without one has none.
    if (!mayBeStale(ctx.doc.text, ctx.doc.bodyStart)) return;
    STALE.lastIndex = ctx.doc.bodyStart;
    if (!STALE.test(ctx.doc.text)) return;
    let n = 0;
    for (const line of bodyLines(ctx.doc)) {
      if (line.fence !== undefined) continue;
      STALE.lastIndex = 0;
      for (let m = STALE.exec(line.text); m; m = STALE.exec(line.text)) {
        if (inSpans(inlineCode(line.text), m.index)) continue;
        report(line.start + m.index, m[1]);
        // A changelog-like body says it on every line: a few are enough to make the point.
        if (++n >= 3) return;
      }
    }
  },
};

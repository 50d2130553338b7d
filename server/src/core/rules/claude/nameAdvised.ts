import { getEntry } from '../../document/values';
import type { Rule } from '../types';
import { replaceValue, yamlScalar } from '../edits';
import { hasYamlErrorAt, stringFor } from '../fields/profileValues';
import { nameProblems, suggestName } from '../fields/nameChecks';
import { ids, withFact } from '../facts';

/**
 * Claude Code loads any name, but its docs ask for `[a-z0-9-]`, at most 64, and
 * claude.ai / the Skills API refuse others. A hint, said once per name: not where a
 * target's own name rule already reports it (name-format says more then), and with the
 * name to use (the folder's, when it fits: a display name's folder is often its slug).
 */
export const nameAdvisedFormat: Rule = {
  code: 'name-advised-format',
  title: '`name` has characters other than a-z, 0-9 and `-`, or more than 64: Claude Code loads it, but claude.ai and the Skills API refuse it.',
  defaultSeverity: 'hint',
  check(ctx) {
    const has = withFact(ctx.targets, 'advisedName');
    const entry = getEntry(ctx.doc, 'name');
    if (!has || !entry?.value || hasYamlErrorAt(ctx.doc, entry)) return;
    const name = stringFor(has.profiles[0], entry.value)?.trim();
    const advised = new RegExp(has.fact.pattern);
    if (!name || advised.test(name)) return;
    if (ctx.targets.some((t) => nameProblems(t, name).length > 0 || [...name].length > t.name.maxLength)) return;
    const suggestion = advised.test(ctx.folderName) ? ctx.folderName : suggestName(name, true);
    const fits = advised.test(suggestion);
    const length = [...name].length;
    // What is wrong, both when both are (a long display name).
    const what = [charsFit(advised, name, has.fact.maxLength) ? '' : 'has other characters', length > has.fact.maxLength ? `has ${length} characters` : ''].filter(Boolean).join(' and ');
    ctx.report({
      message: `${has.fact.says}; \`${name}\` ${what}${fits ? `: use \`${suggestion}\`` : ''} (${ids(has.profiles)}).`,
      range: entry.value.range,
      fixes: fits ? [{ title: `Change name to \`${suggestion}\``, edits: [replaceValue(ctx.doc, entry, yamlScalar(suggestion))], preferred: true }] : undefined,
    });
  },
};

/** Whether every character would pass `advised` (which also caps the length): tested in pieces of `max` code points. */
function charsFit(advised: RegExp, name: string, max: number): boolean {
  const points = [...name];
  for (let i = 0; i < points.length; i += max) if (!advised.test(points.slice(i, i + max).join(''))) return false;
  return true;
}

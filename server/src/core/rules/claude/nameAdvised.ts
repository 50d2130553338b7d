import { getEntry } from '../../document/values';
import type { Rule } from '../types';
import { hasYamlErrorAt, stringFor } from '../fields/profileValues';
import { nameProblems } from '../fields/nameChecks';
import { ids, withFact } from '../facts';

/**
 * Claude Code loads any name, but its docs ask for `[a-z0-9-]`, at most 64, and
 * claude.ai / the Skills API refuse others. A hint, and only where no target's own
 * name rule already reports the name (name-format says more then).
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
    if (!name || new RegExp(has.fact.pattern).test(name)) return;
    if (ctx.targets.some((t) => nameProblems(t, name).length > 0 || [...name].length > t.name.maxLength)) return;
    ctx.report({
      message: `${has.fact.says}; \`${name}\` ${[...name].length > has.fact.maxLength ? `has ${[...name].length} characters` : 'has other characters'} (${ids(has.profiles)}).`,
      range: entry.value.range,
    });
  },
};

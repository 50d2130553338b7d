import type { Rule } from '../types';
import { perTargetsAndKey, Verdict } from '../outcomes';
import { lastEntries } from './entries';
import { stringFor } from './profileValues';

const TAG = /<[^>]+>/;

/** Whether some target forbids or strips `<`/`>` in the key's value. */
const guarded = perTargetsAndKey((targets, key) => targets.some((p) => {
  const spec = p.fields[key];
  return (key === 'name' && p.name.forbidAngleBrackets) || spec?.forbidAngleBrackets || spec?.onXmlTags;
}));

export const angleBrackets: Rule = {
  code: 'angle-brackets',
  title: '`<` or `>` (XML tags) in `name` or `description`, which some agents forbid or strip because the text goes into an XML prompt.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    for (const entry of lastEntries(ctx.doc)) {
      if (!entry.value || !guarded(ctx.targets, entry.key)) continue;
      let stripped = false;
      const verdict = new Verdict(ctx.targets, (p) => {
        const v = stringFor(p, entry.value);
        if (v === undefined) return undefined;
        const spec = p.fields[entry.key];
        const forbidden = entry.key === 'name' ? p.name.forbidAngleBrackets || spec?.forbidAngleBrackets : spec?.forbidAngleBrackets;
        if (forbidden && /[<>]/.test(v)) return spec?.onInvalid ?? 'reject';
        if (spec?.onXmlTags && TAG.test(v)) {
          if (spec.onXmlTags === 'truncate') stripped = true;
          return spec.onXmlTags;
        }
        return undefined;
      });
      if (verdict.empty) continue;
      const action = stripped ? 'XML tags are removed before use' : 'XML tags are not allowed here';
      ctx.report({
        severity: verdict.severity === 'info' ? 'warning' : verdict.severity,
        message: `\`${entry.key}\` contains \`<\` or \`>\`; ${action} (${verdict.describe().replace('truncated by', 'stripped by')}).`,
        range: entry.value.range,
      });
    }
  },
};

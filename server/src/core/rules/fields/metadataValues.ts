import { getEntry, resolveNode, typeName } from '../../document/values';
import type { Rule } from '../types';
import { shapeFor } from './profileValues';

const SPEC = 'https://agentskills.io/specification';

/**
 * The spec makes `metadata` a map of strings; agents differ on anything else, and
 * none of them fails the skill. Targets that check the values themselves
 * (`mapValueShape`) are left to field-type.
 */
export const metadataValueNotString: Rule = {
  code: 'metadata-value-not-string',
  title: 'A `metadata` value is a list, a map or (for a typed YAML loader) a number or boolean, where the spec wants strings; says what each target does with it.',
  defaultSeverity: 'info',
  check(ctx) {
    const entry = getEntry(ctx.doc, 'metadata');
    const map = resolveNode(entry?.value);
    if (!map || map.kind !== 'map') return;
    const who = ctx.targets.filter((t) => t.facts?.nonStringMetadata && t.fields.metadata && t.fields.metadata.mapValueShape !== 'string');
    if (!who.length) return;
    for (const child of map.entries) {
      if (!child.value) continue;
      const effects = who.filter((t) => shapeFor(t, child.value) !== 'string').map((t) => `${t.facts!.nonStringMetadata} (${t.id})`);
      if (!effects.length) continue;
      ctx.report({
        message: `\`metadata.${child.key}\` is a ${typeName(child.value)}, but the specification (${SPEC}) wants string values: ${effects.join('; ')}.`,
        range: child.value.range,
      });
    }
  },
};

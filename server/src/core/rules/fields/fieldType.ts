import type { FrontmatterEntry } from '../../document/model';
import { resolveNode, typeName } from '../../document/values';
import type { AgentProfile, FieldSpec } from '../../profiles/types';
import type { Fix } from '../../types';
import type { Rule, RuleContext } from '../types';
import { replace, replaceValue, yamlQuote } from '../edits';
import { perTargetsAndKey, Verdict } from '../outcomes';
import { lastEntries } from './entries';
import { hasYamlErrorAt, shapeFits, shapeFor, type SeenShape } from './profileValues';

/** Whether some target reads the key, so has a type for it. */
const typed = perTargetsAndKey((targets, key) => targets.some((p) => p.fields[key]));

export const fieldType: Rule = {
  code: 'field-type',
  title: 'A field has the wrong YAML type (e.g. a list where a string is expected, a number in `metadata`).',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    for (const entry of lastEntries(ctx.doc)) {
      if (!entry.value) continue; // field-empty reports it
      if (!typed(ctx.targets, entry.key)) continue;
      // A YAML error on the value (e.g. an unquoted `: `) is reported by the YAML rules.
      if (hasYamlErrorAt(ctx.doc, entry)) continue;
      let shape: SeenShape = 'null';
      const wrong = new Verdict(ctx.targets, (p) => {
        const spec = p.fields[entry.key];
        if (!spec || shapeFits(p, spec, entry.value)) return undefined;
        if (shape === 'null') shape = shapeFor(p, entry.value);
        return spec.onInvalid;
      });
      if (!wrong.empty) {
        const expected = expectedShapes(wrong.profiles, entry.key);
        ctx.report({
          severity: wrong.severity,
          message: `\`${entry.key}\` should be ${expected}, not a ${shape} (${wrong.describe()}).`,
          range: entry.value!.range,
          fixes: typeFixes(ctx, entry, shape, wrong.profiles),
        });
        continue;
      }
      checkItems(ctx, entry);
    }
  },
};

function expectedShapes(ps: AgentProfile[], key: string): string {
  const shapes = new Set<string>();
  for (const p of ps) for (const s of p.fields[key].shapes) shapes.add(`a ${s}`);
  return [...shapes].join(' or ');
}

function typeFixes(ctx: RuleContext, entry: FrontmatterEntry, shape: string, ps: AgentProfile[]): Fix[] {
  const node = resolveNode(entry.value)!;
  const wants = new Set(ps.flatMap((p) => p.fields[entry.key].shapes));
  if (wants.has('string') && node.kind === 'scalar') {
    return [{ title: `Quote \`${entry.key}\` as a string`, edits: [replaceValue(ctx.doc, entry, yamlQuote(String(node.source.trim())))], preferred: true }];
  }
  if (wants.has('string') && node.kind === 'seq' && node.items.every((i) => typeName(i) === 'string')) {
    const joined = node.items.map((i) => String((resolveNode(i) as { value: unknown }).value)).join(' ');
    // To the end of the value as written: `*list` ends here, the list it names elsewhere.
    const edit = replace(ctx.doc, entry.keyEnd + 1, entry.value!.end, ' ' + yamlQuote(joined));
    return [{ title: `Convert \`${entry.key}\` to a space-separated string`, edits: [edit], preferred: true }];
  }
  if (wants.has('list') && node.kind === 'scalar' && typeof node.value === 'string') {
    const parts = node.value.split(/[\s,]+/).filter(Boolean);
    return [{ title: `Convert \`${entry.key}\` to a list`, edits: [replaceValue(ctx.doc, entry, `[${parts.map((s) => yamlQuote(s)).join(', ')}]`)] }];
  }
  void shape;
  return [];
}

/** Items of lists and values of maps whose spec constrains them. */
function checkItems(ctx: RuleContext, entry: FrontmatterEntry): void {
  const node = resolveNode(entry.value);
  if (!node) return;
  if (node.kind === 'map') {
    for (const child of node.entries) {
      const t = typeName(child.value);
      // A nested field the agent reads (Codex `metadata.short-description`) has its own shapes.
      let seen: SeenShape = 'null';
      const nested = new Verdict(ctx.targets, (p) => {
        const spec = p.fields[entry.key]?.children?.[child.key];
        if (!spec || !child.value || shapeFits(p, spec, child.value)) return undefined;
        seen = shapeFor(p, child.value);
        return spec.onInvalid;
      });
      if (!nested.empty) {
        const shapes = [...new Set(nested.profiles.flatMap((p) => p.fields[entry.key].children![child.key].shapes))].map((s) => `a ${s}`).join(' or ');
        ctx.report({ severity: nested.severity, message: `\`${entry.key}.${child.key}\` should be ${shapes}, not a ${seen} (${nested.describe()}).`, range: child.value!.range });
        continue;
      }
      const verdict = new Verdict(ctx.targets, (p) => {
        const spec: FieldSpec | undefined = p.fields[entry.key];
        return spec?.mapValueShape === 'string' && shapeFor(p, child.value) !== 'string' ? spec.onInvalid : undefined;
      });
      if (verdict.empty) continue;
      const v = resolveNode(child.value);
      ctx.report({
        severity: verdict.severity,
        message: `\`${entry.key}.${child.key}\` must be a string, not a ${t} (${verdict.describe()}); quote it.`,
        range: child.value ? child.value.range : child.keyRange,
        fixes: v && v.kind === 'scalar' && child.value
          ? [{ title: 'Quote the value', edits: [replace(ctx.doc, child.value.start, child.value.end, yamlQuote(v.source.trim()))], preferred: true }]
          : undefined,
      });
    }
  } else if (node.kind === 'seq') {
    for (const item of node.items) {
      const t = typeName(item);
      const verdict = new Verdict(ctx.targets, (p) => {
        const spec: FieldSpec | undefined = p.fields[entry.key];
        return spec?.itemShape === 'string' && shapeFor(p, item) !== 'string' ? spec.onInvalid : undefined;
      });
      if (verdict.empty) continue;
      ctx.report({
        severity: verdict.severity,
        message: `Items of \`${entry.key}\` must be strings, not a ${t} (${verdict.describe()}).`,
        range: item.range,
      });
    }
  }
}

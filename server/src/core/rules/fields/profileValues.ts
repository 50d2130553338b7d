import type { FrontmatterEntry, SkillDocument, ValueNode } from '../../document/model';
import { resolveNode, typeName } from '../../document/values';
import type { AgentProfile, FieldSpec, LengthMeasure, Outcome, ValueShape } from '../../profiles/types';
import { charLength } from './entries';
import { pyPlainScalar } from '../../render/pyValue';
import { jsYaml3Shape } from '../../document/jsYaml3Scalar';

export type SeenShape = ValueShape | 'null' | 'date';

// PyYAML's YAML 1.1 resolvers for what the `yaml` package (YAML 1.2) reads as strings.
const LENIENT_BOOL = /^(?:true|false|yes|no|on|off|1|0)$/i;

/** `s.trim() === ''` without copying a long value that ends in a line break. */
export function isBlank(s: string): boolean {
  return /^\s*$/.test(s);
}

/** The scalar's text as a loader that keeps every scalar as a string sees it. */
function scalarText(node: ValueNode & { kind: 'scalar' }): string {
  if (typeof node.value === 'string') return node.value;
  return node.style === 'plain' ? node.source.trim() : String(node.value ?? '');
}

/** The YAML shape of a value as this profile's loader types it. */
export function shapeFor(p: AgentProfile, node: ValueNode | null | undefined): SeenShape {
  const n = resolveNode(node);
  if (!n) return 'null';
  if (n.kind === 'scalar') {
    const typing = p.yaml?.scalars ?? 'yaml1.2';
    if (typing === 'strings') return n.value === null && (isBlank(n.source) || (p.yaml?.nullWords && n.style === 'plain')) ? 'null' : 'string';
    if (typing === 'yaml1.1' && n.style === 'plain' && !n.tag) {
      // PyYAML's resolvers, not YAML 1.2's: `1_000` and `0b101` are ints, `1e3`, `0o17`
      // and `08` are strings, `yes` is a boolean, `2024-01-01` a date.
      const v = pyPlainScalar(n.source.trim());
      return v.t === 'none' ? 'null' : v.t === 'bool' ? 'boolean' : v.t === 'int' || v.t === 'float' ? 'number' : v.t === 'date' || v.t === 'datetime' ? 'date' : 'string';
    }
    if (typing === 'js-yaml3' && n.style === 'plain' && !n.tag) return jsYaml3Shape(n.source.trim());
  }
  const t = typeName(n);
  if (t === 'list' || t === 'map' || t === 'string' || t === 'boolean' || t === 'number' || t === 'date') return t;
  return 'null';
}

/** The string this profile reads for a value, or undefined when it is not a string to it. */
export function stringFor(p: AgentProfile, node: ValueNode | null | undefined): string | undefined {
  const n = resolveNode(node);
  if (!n || n.kind !== 'scalar') return undefined;
  if (shapeFor(p, n) !== 'string') return undefined;
  return scalarText(n);
}

/** Whether a value fits the field's shapes for this profile. */
export function shapeFits(p: AgentProfile, spec: FieldSpec, node: ValueNode | null | undefined): boolean {
  const shape = shapeFor(p, node);
  if (shape === 'null') return true;
  if (spec.shapes.includes(shape as ValueShape)) return true;
  if (spec.lenientBoolean && spec.shapes.includes('boolean')) {
    const n = resolveNode(node);
    if (n?.kind === 'scalar' && LENIENT_BOOL.test(scalarText(n))) return true;
  }
  return false;
}

/** What the agent does without a required field's value (missing, or empty, which loaders read alike). */
export function missingOutcome(spec: FieldSpec): Outcome {
  return spec.onMissing ?? spec.onInvalid;
}

/** Length of a value as the agent measures it. */
export function measure(s: string, how: LengthMeasure | undefined, nfkc = false): number {
  if (how === 'collapsed-whitespace') s = s.split(/\s+/u).filter(Boolean).join(' ');
  else if (how === 'stripped') s = s.trim();
  if (nfkc) s = s.normalize('NFKC');
  return how === 'utf16' ? s.length : charLength(s);
}

/** Whether a YAML error touches the offsets [start, end]. */
export function yamlErrorIn(doc: SkillDocument, start: number, end: number): boolean {
  const problems = doc.frontmatter.problems;
  // Asked for every node of every file; most frontmatter has no problem at all.
  return problems.length > 0 && problems.some((p) => p.severity === 'error' && p.start <= end && p.end >= start);
}

/**
 * Whether a YAML error touches the entry, up to the end of the line its value ends
 * on: `x: [a] or [b]` parses `[a]` as a list and fails right after it, and the list
 * is then no list the author wrote.
 */
export function hasYamlErrorAt(doc: SkillDocument, entry: FrontmatterEntry): boolean {
  if (doc.frontmatter.problems.length === 0) return false;
  return yamlErrorIn(doc, entry.keyStart, lineEndAt(doc, entry.value?.end ?? entry.keyEnd));
}

/** The offset where the line holding `offset` ends. */
export function lineEndAt(doc: SkillDocument, offset: number): number {
  return doc.lines.lineEnd(doc.lines.positionAt(offset).line);
}

import type { FrontmatterEntry, SkillDocument, ValueNode } from './model';

/** Follows aliases to the node that holds the data. */
export function resolveNode(node: ValueNode | null | undefined, depth = 0): ValueNode | undefined {
  if (!node) return undefined;
  if (node.kind === 'alias') return depth > 32 ? undefined : resolveNode(node.target, depth + 1);
  return node;
}

/** Plain JS value of a node, as an agent's YAML loader would see it. */
export function toJs(node: ValueNode | null | undefined, depth = 0): unknown {
  const n = resolveNode(node);
  if (!n || depth > 64) return null;
  switch (n.kind) {
    case 'scalar':
      return n.value;
    case 'seq':
      return n.items.map((i) => toJs(i, depth + 1));
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const e of n.entries) out[e.key] = toJs(e.value, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** The last entry with this key wins, as in every YAML loader the agents use. */
export function getEntry(doc: SkillDocument, key: string): FrontmatterEntry | undefined {
  const entries = doc.frontmatter.entries;
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].key === key) return entries[i];
  return undefined;
}

export function getString(doc: SkillDocument, key: string): string | undefined {
  const v = toJs(getEntry(doc, key)?.value);
  return typeof v === 'string' ? v : undefined;
}

/** JS type name used in messages: string, number, boolean, null, list, map. */
export function typeName(node: ValueNode | null | undefined): string {
  const n = resolveNode(node);
  if (!n) return 'null';
  if (n.kind === 'seq') return 'list';
  if (n.kind === 'map') return 'map';
  if (n.kind !== 'scalar') return 'null';
  const v = n.value;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'bigint') return 'number';
  if (v instanceof Date) return 'date';
  return typeof v;
}

/** Frontmatter as a plain object (last duplicate wins). */
export function frontmatterObject(doc: SkillDocument): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of doc.frontmatter.entries) out[e.key] = toJs(e.value);
  return out;
}

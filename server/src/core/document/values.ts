import type { FrontmatterEntry, SkillDocument, ValueNode } from './model';

/** Follows aliases to the node that holds the data. */
export function resolveNode(node: ValueNode | null | undefined, depth = 0): ValueNode | undefined {
  if (!node) return undefined;
  if (node.kind === 'alias') return depth > 32 ? undefined : resolveNode(node.target, depth + 1);
  return node;
}

/**
 * Plain JS value of a node, as an agent's YAML loader would see it. An alias is the
 * same object, built once, as js-yaml and PyYAML build it: nine aliases to a list of
 * nine aliases, twelve levels deep (an alias bomb), cost as many builds as there are
 * nodes, not 9^12 (a hover over one took the server down). A recursive alias makes a
 * cyclic value, as there; nothing here walks a value whole.
 */
export function toJs(node: ValueNode | null | undefined): unknown {
  return jsOf(node, 0, new Map());
}

function jsOf(node: ValueNode | null | undefined, depth: number, built: Map<ValueNode, unknown>): unknown {
  const n = resolveNode(node);
  if (!n || depth > 64) return null;
  if (n.kind === 'scalar') return n.value;
  const hit = built.get(n);
  if (hit !== undefined) return hit;
  switch (n.kind) {
    case 'seq': {
      const out: unknown[] = [];
      built.set(n, out);
      for (const i of n.items) out.push(jsOf(i, depth + 1, built));
      return out;
    }
    case 'map': {
      const out: Record<string, unknown> = {};
      built.set(n, out);
      for (const e of n.entries) out[e.key] = jsOf(e.value, depth + 1, built);
      return out;
    }
    default:
      return null;
  }
}

/**
 * `String(v)` for a value toJs built, within `max` characters: an array joins its
 * items with `,` (a cycle gives '', as Array#join does), so a list of shared aliases
 * would otherwise expand into 9^12 items. Longer results end with `…`.
 */
export function jsString(v: unknown, max = 100_000): string {
  if (v === null || typeof v !== 'object' || v instanceof Date) return String(v);
  const out: string[] = [];
  let left = max;
  const onPath = new Set<unknown>();
  /** false once `max` is reached */
  const put = (x: unknown): boolean => {
    if (Array.isArray(x)) {
      if (onPath.has(x)) return true;
      onPath.add(x);
      for (let i = 0; i < x.length; i++) {
        if (i && !put(',')) return false;
        if (x[i] !== null && x[i] !== undefined && !put(x[i])) return false;
      }
      onPath.delete(x);
      return true;
    }
    const t = typeof x === 'string' ? x : x !== null && typeof x === 'object' && !(x instanceof Date) ? '[object Object]' : String(x);
    if (t.length > left) {
      out.push(t.slice(0, left), '…');
      left = 0;
      return false;
    }
    out.push(t);
    left -= t.length;
    return true;
  };
  put(v);
  return out.join('');
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

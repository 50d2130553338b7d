import { cursorAt, type YamlCursor } from './cursor';
import { CONTRACT_SCHEMA, REGISTRY_SCHEMA, schemaAt, type SchemaNode } from './schema';
import type { PathSegment } from './yamlSource';

export type SchemaKind = 'contract' | 'registry';

export interface AssistItem {
  label: string;
  kind: 'field' | 'value' | 'skill';
  detail?: string;
  documentation?: string;
  insertText: string;
  /** offsets of the text the item replaces */
  start: number;
  end: number;
}

export interface AssistOptions {
  schema: SchemaKind;
  /** where the YAML starts and ends in the text (a SKILL.md frontmatter) */
  base?: number;
  end?: number;
  /** the skills a fallback or a registry entry may name */
  skillNames?: readonly string[];
}

const rootOf = (k: SchemaKind) => (k === 'contract' ? CONTRACT_SCHEMA : REGISTRY_SCHEMA);

function typeText(n: SchemaNode): string {
  if (n.enum) return n.enum.map(String).join(' | ');
  if (n.$ref) return 'JSON Schema';
  return Array.isArray(n.type) ? n.type.join(' | ') : n.type ?? '';
}

/** Whether the value at `path` names a skill: a fallback, or a registry entry's name. */
export function namesSkill(schema: SchemaKind, path: readonly PathSegment[]): boolean {
  if (schema === 'registry') return path[0] === 'skills' && path[path.length - 1] === 'name';
  return path[0] === 'fallback' && (path.length === 1 || (path.length === 2 && typeof path[1] === 'number') || path[path.length - 1] === 'skill');
}

function valuePath(c: YamlCursor): PathSegment[] {
  return c.key ? [...c.parent, c.key] : c.parent;
}

/** Completion from the schema: field names with their descriptions, enum values, skill names. */
export function contractCompletion(text: string, offset: number, opts: AssistOptions): AssistItem[] {
  const c = cursorAt(text, offset, opts.base, opts.end);
  if (!c) return [];
  const root = rootOf(opts.schema);
  const end = offset;
  if (!c.inValue) {
    const parent = schemaAt(root, c.parent);
    const props = parent?.properties ?? {};
    return Object.entries(props)
      .filter(([k]) => !c.siblings.includes(k) || k === c.key)
      .map(([k, n]) => ({ label: k, kind: 'field' as const, detail: typeText(n), documentation: n.description, insertText: `${k}: `, start: c.prefixStart, end }));
  }
  const path = valuePath(c);
  if (namesSkill(opts.schema, path)) {
    return (opts.skillNames ?? []).map((n) => ({ label: n, kind: 'skill' as const, detail: 'skill', insertText: n, start: c.prefixStart, end }));
  }
  const n = schemaAt(root, path);
  if (!n) return [];
  const values = n.enum ?? (n.type === 'boolean' ? [true, false] : []);
  return values.map((v) => ({ label: String(v), kind: 'value' as const, detail: typeText(n), documentation: n.description, insertText: String(v), start: c.prefixStart, end }));
}

/** Hover over a field name: its type and description from the schema. */
export function contractHover(text: string, offset: number, opts: AssistOptions): { markdown: string; start: number; end: number } | undefined {
  const c = cursorAt(text, offset, opts.base, opts.end);
  if (!c?.key || c.inValue) return undefined;
  const path = [...c.parent, c.key];
  const n = schemaAt(rootOf(opts.schema), path);
  if (!n) return undefined;
  const shown = path.map((p) => (typeof p === 'number' ? '[]' : p)).join('.').replace(/\.\[\]/g, '[]');
  const type = typeText(n);
  return { markdown: `**\`${shown}\`**${type ? ` — ${type}` : ''}\n\n${n.description ?? ''}`.trimEnd(), start: c.wordStart, end: c.wordEnd };
}

/** The skill name under the cursor in a fallback or registry entry. */
export function skillNameAt(text: string, offset: number, opts: AssistOptions): { name: string; start: number; end: number } | undefined {
  const c = cursorAt(text, offset, opts.base, opts.end);
  if (!c?.inValue || !namesSkill(opts.schema, valuePath(c))) return undefined;
  const name = text.slice(c.wordStart, c.wordEnd);
  return name ? { name, start: c.wordStart, end: c.wordEnd } : undefined;
}

import * as path from 'node:path';
import { closest } from '../../text/similarity';
import type { LoadedContract } from '../model';
import type { PathSegment } from '../yamlSource';

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The input schema: `input_schema`, else `parameters`, with the key it is under. */
export function inputSchema(c: LoadedContract): { key: string; schema: unknown } | undefined {
  for (const key of ['input_schema', 'parameters']) if (c.fields[key] !== undefined) return { key, schema: c.fields[key] };
  return undefined;
}

/** Every JSON Schema of a contract, with its path. */
export function contractSchemas(c: LoadedContract): { path: PathSegment[]; schema: unknown }[] {
  return ['input_schema', 'parameters', 'output_schema'].filter((k) => c.fields[k] !== undefined).map((k) => ({ path: [k], schema: c.fields[k] }));
}

/**
 * Every sub-schema of a schema (properties, items, combinators, definitions), with its
 * path from the schema's root, for the checks that apply to each one.
 */
export function* subSchemas(schema: unknown, path: PathSegment[] = []): Generator<{ node: Record<string, unknown>; path: PathSegment[] }> {
  if (!isObject(schema)) return;
  yield { node: schema, path };
  for (const k of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']) {
    const m = schema[k];
    if (isObject(m)) for (const [name, s] of Object.entries(m)) yield* subSchemas(s, [...path, k, name]);
  }
  for (const k of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems']) {
    const s = schema[k];
    if (Array.isArray(s)) for (let i = 0; i < s.length; i++) yield* subSchemas(s[i], [...path, k, i]);
    else yield* subSchemas(s, [...path, k]);
  }
  for (const k of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
    const list = schema[k];
    if (Array.isArray(list)) for (let i = 0; i < list.length; i++) yield* subSchemas(list[i], [...path, k, i]);
  }
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60000, h: 3600000 };

/** `5s`, `500ms`, `2m`, or a number of seconds → milliseconds; undefined when unreadable. */
export function durationMs(v: unknown): number | undefined {
  if (typeof v === 'number' && v >= 0) return v * 1000;
  if (typeof v !== 'string') return undefined;
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/.exec(v.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2]] : undefined;
}

/** The names a contract's `fallback` gives, with their paths. */
export function fallbackNames(c: LoadedContract): { name: string; path: PathSegment[] }[] {
  const f = c.fields.fallback;
  if (typeof f === 'string') return f.trim() ? [{ name: f.trim(), path: ['fallback'] }] : [];
  if (!Array.isArray(f)) return [];
  const out: { name: string; path: PathSegment[] }[] = [];
  f.forEach((item, i) => {
    if (typeof item === 'string' && item.trim()) out.push({ name: item.trim(), path: ['fallback', i] });
    else if (isObject(item) && typeof item.skill === 'string' && item.skill.trim()) out.push({ name: item.skill.trim(), path: ['fallback', i, 'skill'] });
  });
  return out;
}

/** The name other skills know a contract by: its `id`, else its `name`, else the file's id. */
export function contractNames(c: LoadedContract): string[] {
  const out: string[] = [];
  for (const k of ['id', 'name']) {
    const v = c.fields[k] ?? (c.kind === 'frontmatter' ? undefined : c.value?.[k]);
    if (typeof v === 'string' && v.trim()) out.push(v.trim());
  }
  if (c.fileId) out.push(c.fileId);
  // Contract fields of a SKILL.md: the skill is known by its SKILL.md name (else its folder).
  if (c.kind === 'frontmatter') {
    const n = c.value?.name;
    out.push(typeof n === 'string' && n.trim() ? n.trim() : path.basename(c.dir));
  }
  return [...new Set(out)];
}

/** Two strings that differ by one swap of neighbouring characters (`tiemout`, `timeout`). */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** The closest candidate for a typo ("did you mean"), counting a swap of two letters as one edit. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  // One edit turns any short name into another: no guess below three letters.
  if (word.length < 3) return undefined;
  return closest(word, list) ?? list.find((c) => swapped(word, c));
}

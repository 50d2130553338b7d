import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajvPackages } from '../lazy/ajv';
import contractSchema from './contract.schema.json';
import registrySchema from './registry.schema.json';

/** A JSON Schema node as the declarative files write it (only what we read). */
export interface SchemaNode {
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  $ref?: string;
  'x-rule'?: string;
  /** what a value must look like, for messages */
  'x-expected'?: string;
  [key: string]: unknown;
}

export const CONTRACT_SCHEMA = contractSchema as unknown as SchemaNode;
export const REGISTRY_SCHEMA = registrySchema as unknown as SchemaNode;

function newAjv(draft2020: boolean, strict = true): Ajv {
  // allErrors: every problem of a file at once; verbose: errors carry their schema node,
  // so a property's `x-rule` says which rule reports it.
  const opts = { allErrors: true, verbose: true, strict, strictRequired: false, strictTypes: false, strictTuples: false, allowUnionTypes: true } as const;
  const { Ajv: Draft07, Ajv2020, addFormats } = ajvPackages();
  const ajv: Ajv = draft2020 ? new Ajv2020(opts) : new Draft07(opts);
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-rule', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-expected', schemaType: 'string' });
  return ajv;
}

let ours: { contract: ValidateFunction; registry: ValidateFunction } | undefined;

/** Validators of our own two schemas, compiled once. */
export function ownValidators(): { contract: ValidateFunction; registry: ValidateFunction } {
  if (!ours) {
    const ajv = newAjv(false);
    ours = { contract: ajv.compile(CONTRACT_SCHEMA), registry: ajv.compile(REGISTRY_SCHEMA) };
  }
  return ours;
}

const users: Record<string, Ajv> = {};

/** The validator for a schema written by a user: draft 2019/2020 when its `$schema` says so, else draft-07. */
export function userAjv(schema: unknown, strict = true): Ajv {
  const uri = schema && typeof schema === 'object' ? String((schema as { $schema?: unknown }).$schema ?? '') : '';
  const modern = /draft\/20(19|20)-/.test(uri);
  const key = `${modern}${strict}`;
  return (users[key] ??= newAjv(modern, strict));
}

export type CompileResult =
  | { ok: true; validate: ValidateFunction; /** a keyword JSON Schema does not define (validators ignore it) */ unknownKeyword?: string }
  | { ok: false; metaErrors: ErrorObject[]; message?: string };

// eslint-disable-next-line no-restricted-syntax -- keyed by parsed schemas, a handful per workspace that live as long as it
const compiled = new WeakMap<object, CompileResult>();

/**
 * Compiles a user's JSON Schema: first against the meta-schema (errors with paths into
 * the schema, so they map to ranges), then for real (bad regexes, unknown keywords and
 * formats, unresolved `$ref`), whose error is a message only.
 */
export function compileUserSchema(schema: unknown): CompileResult {
  if (typeof schema === 'boolean') return { ok: true, validate: userAjv(schema).compile(schema) };
  if (!schema || typeof schema !== 'object') return { ok: false, metaErrors: [], message: 'a JSON Schema is an object (or true/false)' };
  const hit = compiled.get(schema);
  if (hit) return hit;
  const ajv = userAjv(schema);
  let result: CompileResult;
  // A user's `$id` would be remembered by the shared instance: a second file with the
  // same `$id` must not fail as a duplicate, so ids are dropped before compiling.
  const copy = withoutIds(schema) as object;
  if (!ajv.validateSchema(copy)) result = { ok: false, metaErrors: [...(ajv.errors ?? [])] };
  else {
    try {
      result = { ok: true, validate: ajv.compile(copy) };
    } catch (e) {
      const message = (e as Error).message;
      const unknown = /^strict mode: unknown keyword: "([^"]+)"/.exec(message)?.[1];
      result = { ok: false, metaErrors: [], message };
      // JSON Schema allows keywords it does not define: a typo is likely, not certain.
      if (unknown) {
        try {
          result = { ok: true, validate: userAjv(schema, false).compile(copy), unknownKeyword: unknown };
        } catch (e2) {
          result = { ok: false, metaErrors: [], message: (e2 as Error).message };
        }
      }
    }
  }
  compiled.set(schema, result);
  return result;
}

function withoutIds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutIds);
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (k !== '$id' && k !== 'id') out[k] = k === 'properties' || k === '$defs' || k === 'definitions' ? mapValues(x) : withoutIds(x);
  return out;
}

function mapValues(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return withoutIds(v);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = withoutIds(x);
  return out;
}

function deref(root: SchemaNode, node: SchemaNode | undefined): SchemaNode | undefined {
  if (node?.$ref?.startsWith('#/definitions/')) return { ...(root.definitions as Record<string, SchemaNode>)[node.$ref.slice(14)], ...withoutRef(node) };
  return node;
}

function withoutRef(n: SchemaNode): SchemaNode {
  const { $ref: _r, ...rest } = n;
  return rest;
}

/**
 * The schema node that describes the value at `path` (property names and list
 * indexes), for hover and completion; undefined where the schema says nothing.
 */
export function schemaAt(root: SchemaNode, path: readonly (string | number)[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = root;
  for (const seg of path) {
    node = deref(root, node);
    if (!node) return undefined;
    if (typeof seg === 'number') node = node.items;
    else node = node.properties?.[seg] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
  }
  return deref(root, node);
}

import type { ErrorObject } from 'ajv';
import type { Range } from '../types';
import { displayPath, pointerPath, type PathSegment, type YamlSource } from './yamlSource';

export interface MappedError {
  path: PathSegment[];
  range: Range;
  message: string;
  keyword: string;
  /** the `x-rule` of the schema node that failed, when it names one */
  rule?: string;
  error: ErrorObject;
}

const ARTICLE: Record<string, string> = {
  string: 'a string', number: 'a number', integer: 'an integer', boolean: 'true or false', object: 'a mapping', array: 'a list', null: 'null',
};

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a number';
  return typeof v === 'string' ? 'a string' : typeof v === 'boolean' ? 'a boolean' : typeof v;
}

const show = (v: unknown) => '`' + (typeof v === 'string' ? v : JSON.stringify(v)) + '`';

/** One sentence for one ajv error: says what the value must be and what it is. */
export function describeError(e: ErrorObject, where: string): string {
  const p = e.params as Record<string, unknown>;
  const at = where ? `\`${where}\`` : 'the value';
  const expected = (e.parentSchema as { 'x-expected'?: string } | undefined)?.['x-expected'];
  switch (e.keyword) {
    case 'type': {
      // `version: 1.2` is a number to YAML: the rule's own wording, and how to fix it.
      if (expected && typeof e.data !== 'object') return `${at} must be ${expected}, written as text; ${show(e.data)} is read as ${typeName(e.data).replace(/^an? /, 'a ')}: quote it and check its form`;
      const types = String(p.type).split(',').map((t) => ARTICLE[t] ?? t);
      return `${at} must be ${types.join(' or ')}, not ${typeName(e.data)}`;
    }
    case 'enum':
      return `${at} must be one of ${(p.allowedValues as unknown[]).map(show).join(', ')}; ${show(e.data)} is not`;
    case 'const':
      return `${at} must be ${show(p.allowedValue)}`;
    case 'pattern':
      return expected ? `${at} must be ${expected}; ${show(e.data)} is not` : `${at} must match the pattern \`${String(p.pattern)}\`; ${show(e.data)} does not`;
    case 'format':
      return `${at} must be a valid ${String(p.format)}; ${show(e.data)} is not`;
    case 'required':
      return `${at} needs \`${String(p.missingProperty)}\``;
    case 'uniqueItems': {
      const [a, b] = [Number(p.i), Number(p.j)].sort((x, y) => x - y);
      return `${at} lists ${show((e.data as unknown[])[a])} twice (items ${a + 1} and ${b + 1}): remove one`;
    }
    case 'additionalProperties':
      return `${at} has an unknown field \`${String(p.additionalProperty)}\``;
    default:
      return `${at} ${e.message ?? 'is not valid'}`;
  }
}

/**
 * Maps ajv errors (JSON pointers into the validated value) to ranges in the YAML or
 * JSON text. `base` is where the validated value sits in the file. Of the several
 * errors ajv gives for one place (each branch of an `anyOf`), only the first is kept:
 * it is the innermost, the one that names what to change.
 */
export function mapErrors(errors: readonly ErrorObject[], source: YamlSource, base: readonly PathSegment[] = []): MappedError[] {
  const out: MappedError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const rel = pointerPath(e.instancePath);
    const p = e.params as Record<string, unknown>;
    let path = [...base, ...rel];
    let key = false;
    if (e.keyword === 'additionalProperties') {
      path = [...path, String(p.additionalProperty)];
      key = true;
    } else if (e.keyword === 'required' && rel.length) key = true;
    const id = `${e.instancePath}\0${e.keyword === 'additionalProperties' ? p.additionalProperty : e.keyword === 'required' ? p.missingProperty : ''}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const rule = (e.parentSchema as { 'x-rule'?: string } | undefined)?.['x-rule'];
    out.push({ path, range: source.bestRange(path, key), message: describeError(e, displayPath(rel)), keyword: e.keyword, rule, error: e });
  }
  return out;
}

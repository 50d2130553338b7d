import { mapErrors } from '../ajvErrors';
import type { ContractRule } from '../model';
import { compileUserSchema } from '../schema';
import { contractSchemas, nearest, subSchemas } from './helpers';

const KEYWORDS = ['type', 'properties', 'required', 'items', 'enum', 'const', 'default', 'description', 'title', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems', 'additionalProperties', 'patternProperties', 'allOf', 'anyOf', 'oneOf', 'not', 'examples', 'definitions', '$defs', '$ref', 'minProperties', 'maxProperties', 'dependencies', 'propertyNames', 'contains', 'multipleOf'];

export const contractJsonSchema: ContractRule = {
  code: 'contract-json-schema',
  title: '`input_schema`, `parameters` or `output_schema` is not a valid JSON Schema (checked by ajv).',
  defaultSeverity: 'error',
  check({ contract, report }) {
    let current: { path: (string | number)[]; schema: unknown } = { path: [], schema: undefined };
    const reportUnknownKeyword = (keyword: string) => {
      const near = nearest(keyword, KEYWORDS);
      if (!near) return; // an extension keyword (`x-…`, a vendor's): allowed by JSON Schema
      for (const s of subSchemas(current.schema, current.path)) {
        if (!(keyword in s.node)) continue;
        const range = contract.source.keyRange([...s.path, keyword]);
        if (range) report({ message: `\`${keyword}\` is not a JSON Schema keyword, so validators ignore it; did you mean \`${near}\`?`, range, severity: 'warning', fixes: [{ title: `Change to \`${near}\``, edits: [{ range, newText: near }], preferred: true }] });
        return;
      }
    };
    for (const { path, schema } of contractSchemas(contract)) {
      current = { path, schema };
      if (schema === null || typeof schema !== 'object') continue; // the contract schema reports the type
      const r = compileUserSchema(schema);
      const where = String(path[0]);
      if (r.ok) {
        if (r.unknownKeyword) reportUnknownKeyword(r.unknownKeyword);
        continue;
      }
      for (const e of mapErrors(r.metaErrors, contract.source, path)) {
        report({ message: `\`${where}\` is not a valid JSON Schema: ${e.message.replace(/^`([^`]*)`/, (_, p) => `\`${[where, p].filter(Boolean).join('.')}\``)}`, range: e.range });
      }
      if (r.message) {
        // ajv names the offending keyword or pattern in quotes: point at it when it is found.
        const quoted = /"([^"]+)"/.exec(r.message)?.[1];
        let range = contract.source.keyRange(path)!;
        if (quoted) {
          for (const s of subSchemas(schema, path)) {
            if (quoted in s.node) {
              range = contract.source.keyRange([...s.path, quoted]) ?? range;
              break;
            }
          }
        } else if (/regular expression/i.test(r.message)) {
          for (const s of subSchemas(schema, path)) {
            const pat = s.node.pattern;
            if (typeof pat === 'string' && r.message.includes(pat)) {
              range = contract.source.valueRange([...s.path, 'pattern']) ?? range;
              break;
            }
          }
        }
        report({ message: `\`${where}\` does not compile as a JSON Schema: ${r.message}`, range });
      }
    }
  },
};

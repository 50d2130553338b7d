import type { ContractRule } from '../model';
import { describeError } from '../ajvErrors';
import { compileUserSchema } from '../schema';
import { contractSchemas, subSchemas } from './helpers';

export const contractDefaultInvalid: ContractRule = {
  code: 'contract-default-invalid',
  title: 'A `default` in a JSON Schema does not validate against its own schema.',
  defaultSeverity: 'error',
  check({ contract, report }) {
    for (const { path, schema } of contractSchemas(contract)) {
      if (!compileUserSchema(schema).ok) continue; // contract-json-schema reports it
      for (const { node, path: p } of subSchemas(schema, path)) {
        if (!('default' in node) || '$ref' in node) continue; // a $ref would need the whole document
        const { default: value, ...rest } = node;
        const own = compileUserSchema(rest);
        if (!own.ok || own.validate(value)) continue;
        const e = own.validate.errors?.[0];
        const range = contract.source.valueRange([...p, 'default']);
        if (!e || !range) continue;
        report({ message: `the \`default\` does not match its own schema: ${describeError(e, e.instancePath ? `default${e.instancePath.replace(/\//g, '.')}` : 'default')}`, range });
      }
    }
  },
};

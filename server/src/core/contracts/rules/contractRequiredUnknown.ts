import type { ContractRule } from '../model';
import { contractSchemas, isObject, nearest, subSchemas } from './helpers';

export const contractRequiredUnknown: ContractRule = {
  code: 'contract-required-unknown',
  title: 'A name in a JSON Schema\'s `required` is not one of its `properties`.',
  defaultSeverity: 'error',
  check({ contract, report }) {
    for (const { path, schema } of contractSchemas(contract)) {
      for (const { node, path: p } of subSchemas(schema, path)) {
        const req = node.required;
        const props = node.properties;
        // With patternProperties or no properties at all, other names may be meant.
        if (!Array.isArray(req) || !isObject(props) || node.patternProperties !== undefined) continue;
        req.forEach((name, i) => {
          if (typeof name !== 'string' || name in props) return;
          const near = nearest(name, Object.keys(props));
          const range = contract.source.valueRange([...p, 'required', i]);
          if (!range) return;
          report({
            message: `\`${name}\` is required but not among the \`properties\` (${Object.keys(props).map((k) => `\`${k}\``).join(', ') || 'none'})${near ? `; did you mean \`${near}\`?` : ''}`,
            range,
            fixes: near ? [{ title: `Change to \`${near}\``, edits: [{ range, newText: near }], preferred: true }] : undefined,
          });
        });
      }
    }
  },
};

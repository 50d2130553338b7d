import type { ContractRule } from '../model';
import { contractSchemas, subSchemas } from './helpers';

const PAIRS: [string, string, boolean][] = [
  ['minLength', 'maxLength', false],
  ['minimum', 'maximum', false],
  ['exclusiveMinimum', 'exclusiveMaximum', true],
  ['minItems', 'maxItems', false],
  ['minProperties', 'maxProperties', false],
  ['minContains', 'maxContains', false],
];

export const contractRangeOrder: ContractRule = {
  code: 'contract-range-order',
  title: 'A JSON Schema bound is above its other end (`minLength` > `maxLength`, `minimum` > `maximum`, …): no value can match.',
  defaultSeverity: 'error',
  check({ contract, report }) {
    for (const { path, schema } of contractSchemas(contract)) {
      for (const { node, path: p } of subSchemas(schema, path)) {
        for (const [lo, hi, strict] of PAIRS) {
          const a = node[lo];
          const b = node[hi];
          if (typeof a !== 'number' || typeof b !== 'number' || (strict ? a < b : a <= b)) continue;
          const range = contract.source.keyRange([...p, lo]);
          if (range) report({ message: `\`${lo}\` (${a}) is ${strict && a === b ? 'equal to' : 'greater than'} \`${hi}\` (${b}): no value can match; swap or correct them`, range });
        }
      }
    }
  },
};

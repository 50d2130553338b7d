import { mapErrors } from '../ajvErrors';
import type { ContractRule } from '../model';

export const contractSchema: ContractRule = {
  code: 'contract-schema',
  title: 'A contract field has the wrong type, a value outside its enum, or a bad format (the contract schema).',
  defaultSeverity: 'error',
  check({ contract, report }) {
    for (const e of mapErrors(contract.schemaErrors, contract.source)) {
      if (e.rule || e.keyword === 'additionalProperties') continue; // their own rules
      report({ message: e.message, range: e.range });
    }
  },
};

import { mapErrors } from '../ajvErrors';
import type { ContractRule } from '../model';

/** Reports the contract schema's errors on the fields whose `x-rule` names this rule. */
export const contractIdFormat: ContractRule = {
  code: 'contract-id-format',
  title: '`id` is not lowercase letters, digits and `-`.',
  defaultSeverity: 'error',
  check({ contract, report }) {
    for (const e of mapErrors(contract.schemaErrors, contract.source)) if (e.rule === this.code) report({ message: e.message, range: e.range });
  },
};

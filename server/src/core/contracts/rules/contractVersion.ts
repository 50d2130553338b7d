import { mapErrors } from '../ajvErrors';
import type { ContractRule } from '../model';

/** Reports the contract schema's errors on the fields whose `x-rule` names this rule. */
export const contractVersion: ContractRule = {
  code: 'contract-version',
  title: '`version` is not a semantic version (`1.2` is not one: write `1.2.0`).',
  defaultSeverity: 'warning',
  check({ contract, report }) {
    for (const e of mapErrors(contract.schemaErrors, contract.source)) if (e.rule === this.code) report({ message: e.message, range: e.range });
  },
};

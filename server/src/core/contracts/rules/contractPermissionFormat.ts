import { mapErrors } from '../ajvErrors';
import type { ContractRule } from '../model';

/** Reports the contract schema's errors on the fields whose `x-rule` names this rule. */
export const contractPermissionFormat: ContractRule = {
  code: 'contract-permission-format',
  title: 'A `required_permissions` entry does not look like `resource:action`.',
  defaultSeverity: 'warning',
  check({ contract, report }) {
    for (const e of mapErrors(contract.schemaErrors, contract.source)) if (e.rule === this.code) report({ message: e.message, range: e.range });
  },
};

import { nearest } from './helpers';
import { mapErrors } from '../ajvErrors';
import type { ContractRule } from '../model';
import { displayPath } from '../yamlSource';

export const contractUnknownField: ContractRule = {
  code: 'contract-unknown-field',
  title: 'A contract has a field the contract schema does not define (often a typo: "did you mean").',
  defaultSeverity: 'hint',
  check({ contract, report }) {
    for (const e of mapErrors(contract.schemaErrors, contract.source)) {
      if (e.keyword !== 'additionalProperties') continue;
      const field = String(e.path[e.path.length - 1]);
      const known = Object.keys((e.error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const near = nearest(field, known);
      const where = e.path.length > 1 ? ` in \`${displayPath(e.path.slice(0, -1))}\`` : '';
      report({
        message: `unknown contract field \`${field}\`${where}${near ? `; did you mean \`${near}\`?` : `; known fields: ${known.map((k) => `\`${k}\``).join(', ')}`}`,
        range: e.range,
        fixes: near ? [{ title: `Change to \`${near}\``, edits: [{ range: e.range, newText: near }], preferred: true }] : undefined,
      });
    }
  },
};

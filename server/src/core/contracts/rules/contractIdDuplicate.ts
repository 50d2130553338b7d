import * as path from 'node:path';
import type { ContractRule } from '../model';

export const contractIdDuplicate: ContractRule = {
  code: 'contract-id-duplicate',
  title: 'Two contracts in the workspace have the same `id`.',
  defaultSeverity: 'error',
  check({ contract, workspace, report }) {
    const id = contract.fields.id;
    if (typeof id !== 'string' || !id) return;
    const range = contract.source.valueRange(['id']);
    if (!range) return;
    const others = workspace.contracts.filter((c) => c !== contract && c.fields.id === id);
    if (!others.length) return;
    report({
      message: `the id \`${id}\` is also used by ${others.map((o) => `\`${path.basename(path.dirname(o.file))}/${path.basename(o.file)}\``).join(', ')}: ids must be unique across the workspace`,
      range,
      related: others.map((o) => ({ file: o.file, range: o.source.valueRange(['id']) ?? o.source.range(0, 0), message: `\`${id}\` also here` })),
    });
  },
};

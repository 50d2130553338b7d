import * as path from 'node:path';
import type { ContractRule } from '../model';

export const contractIdFileMismatch: ContractRule = {
  code: 'contract-id-file-mismatch',
  title: 'The `id` of `<id>.skill.yaml` differs from its file name: the skill is not loaded.',
  defaultSeverity: 'error',
  check({ contract, report }) {
    const id = contract.fields.id;
    if (contract.kind !== 'id.skill.yaml' || typeof id !== 'string' || id === contract.fileId) return;
    const range = contract.source.valueRange(['id']);
    if (!range) return;
    const ext = path.extname(contract.file);
    report({
      message: `\`id\` is \`${id}\` but the file is \`${path.basename(contract.file)}\`: loaders find a contract by its file name, so this skill is not loaded; rename the file to \`${id}.skill${ext}\` or set \`id: ${contract.fileId}\``,
      range,
      fixes: [{ title: `Set \`id: ${contract.fileId}\``, edits: [{ range, newText: contract.fileId! }] }],
    });
  },
};

import type { ContractRule } from '../model';
import { contractNames, fallbackNames, nearest } from './helpers';

export const contractFallbackUnknown: ContractRule = {
  code: 'contract-fallback-unknown',
  title: 'A `fallback` names a skill that is not in the workspace.',
  defaultSeverity: 'error',
  check({ contract, workspace, report }) {
    const own = new Set(contractNames(contract));
    for (const { name, path } of fallbackNames(contract)) {
      const range = contract.source.valueRange(path);
      if (!range) continue;
      if (own.has(name)) {
        report({ message: `\`${name}\` is this skill itself: a fallback must be another skill`, range });
        continue;
      }
      if (workspace.names.has(name)) continue;
      const near = nearest(name, workspace.names.keys());
      report({
        message: `no skill named \`${name}\` in the workspace, so this fallback never runs${near ? `; did you mean \`${near}\`?` : ''}`,
        range,
        fixes: near ? [{ title: `Change to \`${near}\``, edits: [{ range, newText: near }], preferred: true }] : undefined,
      });
    }
  },
};

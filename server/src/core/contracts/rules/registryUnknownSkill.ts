import { nearest } from './helpers';
import type { RegistryRule } from '../model';

export const registryUnknownSkill: RegistryRule = {
  code: 'registry-unknown-skill',
  title: 'A registry (`meta.yaml`) lists a skill that does not exist in the workspace.',
  defaultSeverity: 'error',
  check({ registry, workspace, report }) {
    for (const e of registry.entries) {
      if (workspace.names.has(e.name)) continue;
      const near = nearest(e.name, workspace.names.keys());
      report({
        message: `the registry lists \`${e.name}\`, but no skill of that name exists: remove the entry or add the skill${near ? `; did you mean \`${near}\`?` : ''}`,
        range: e.range,
        fixes: near ? [{ title: `Change to \`${near}\``, edits: [{ range: e.range, newText: near }], preferred: true }] : undefined,
      });
    }
  },
};

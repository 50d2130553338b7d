import type { RegistryRule } from '../model';
import { contractNames } from './helpers';

export const registryVersionMismatch: RegistryRule = {
  code: 'registry-version-mismatch',
  title: 'A registry entry\'s `version` differs from the skill\'s own `version`.',
  defaultSeverity: 'warning',
  check({ registry, workspace, report }) {
    for (const e of registry.entries) {
      if (!e.version || !e.versionRange) continue;
      const c = workspace.contracts.find((x) => typeof x.fields.version === 'string' && contractNames(x).includes(e.name));
      if (!c || c.fields.version === e.version) continue;
      const own = String(c.fields.version);
      report({
        message: `the registry has \`${e.name}\` at version ${e.version}, but the skill says ${own}: update one of them`,
        range: e.versionRange,
        related: [{ file: c.file, range: c.source.valueRange(['version']) ?? c.source.range(0, 0), message: `the skill's version ${own}` }],
        fixes: [{ title: `Set the version to ${own}`, edits: [{ range: e.versionRange, newText: own }] }],
      });
    }
  },
};

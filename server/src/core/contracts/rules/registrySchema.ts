import { mapErrors } from '../ajvErrors';
import type { RegistryRule } from '../model';

export const registrySchema: RegistryRule = {
  code: 'registry-schema',
  title: 'A registry (`meta.yaml`) is not valid YAML or does not match the registry schema.',
  defaultSeverity: 'error',
  check({ registry, report }) {
    for (const p of registry.source.problems) report({ message: `invalid YAML: ${p.message}`, range: p.range });
    for (const e of mapErrors(registry.schemaErrors, registry.source)) report({ message: e.message, range: e.range });
  },
};

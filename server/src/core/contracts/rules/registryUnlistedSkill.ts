import * as path from 'node:path';
import type { RegistryRule } from '../model';

const inside = (file: string, dir: string) => file.startsWith(dir + path.sep);

export const registryUnlistedSkill: RegistryRule = {
  code: 'registry-unlisted-skill',
  title: 'A skill under the registry\'s folder is not listed in its `meta.yaml`.',
  defaultSeverity: 'warning',
  check({ registry, workspace, report }) {
    const listed = new Set(registry.entries.map((e) => e.name));
    const dir = path.dirname(registry.file);
    const anchor = registry.source.keyRange(['skills']) ?? registry.source.range(0, 0);
    for (const s of workspace.skillMds) {
      if (!inside(s.file, dir) || listed.has(s.name)) continue;
      // A contract beside it may give the id the registry uses.
      const ids = workspace.contracts.filter((c) => c.dir === s.dir).map((c) => c.fields.id);
      if (ids.some((id) => typeof id === 'string' && listed.has(id))) continue;
      report({
        message: `the skill \`${s.name}\` (${path.relative(dir, s.file).split(path.sep).join('/')}) is not listed in this registry: add it under \`skills\``,
        range: anchor,
        related: [{ file: s.file, range: s.nameRange, message: `the skill \`${s.name}\`` }],
      });
    }
  },
};

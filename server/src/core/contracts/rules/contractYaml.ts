import type { ContractRule } from '../model';

export const contractYaml: ContractRule = {
  code: 'contract-yaml',
  title: 'A contract (`skill.yaml`, `<id>.skill.yaml`) or registry (`meta.yaml`) is not valid YAML, or not a mapping.',
  defaultSeverity: 'error',
  check({ contract, report }) {
    if (contract.kind === 'frontmatter') return; // the SKILL.md's own YAML rules report these
    for (const p of contract.source.problems) report({ message: `invalid YAML: ${p.message}`, range: p.range });
    if (!contract.source.problems.length && !contract.value) {
      const r = contract.source.doc.contents?.range;
      report({ message: 'a skill contract is a mapping of fields (`id: …`, `version: …`); this file holds none', range: r ? contract.source.range(r[0], r[1]) : contract.source.range(0, 0) });
    }
  },
};

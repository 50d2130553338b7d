import type { ContractRule } from '../model';

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

export const contractSkillMismatch: ContractRule = {
  code: 'contract-skill-mismatch',
  title: '`skill.yaml` and the SKILL.md beside it give the skill a different `name` or `description`.',
  defaultSeverity: 'warning',
  check({ contract, workspace, report }) {
    if (contract.kind !== 'skill.yaml') return;
    const md = workspace.skillMds.find((s) => s.dir === contract.dir);
    if (!md) return;
    const name = contract.fields.name;
    const range = contract.source.valueRange(['name']);
    if (typeof name === 'string' && range && name.trim() !== md.name) {
      report({
        message: `\`name\` is \`${name}\` here but \`${md.name}\` in SKILL.md: agents load the skill as \`${md.name}\`; make them equal`,
        range,
        related: [{ file: md.file, range: md.nameRange, message: `SKILL.md names it \`${md.name}\`` }],
        fixes: [{ title: `Set \`name: ${md.name}\``, edits: [{ range, newText: md.name }] }],
      });
    }
    const desc = contract.fields.description;
    const drange = contract.source.valueRange(['description']);
    if (typeof desc === 'string' && drange && md.description !== undefined && norm(desc) !== norm(md.description)) {
      report({
        message: 'the `description` differs from the one in SKILL.md: agents route by the SKILL.md one, so the contract describes another skill than the one they pick; make them the same',
        range: drange,
        related: md.descriptionRange ? [{ file: md.file, range: md.descriptionRange, message: 'the SKILL.md description' }] : undefined,
      });
    }
  },
};

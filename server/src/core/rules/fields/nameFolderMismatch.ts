import * as path from 'node:path';
import { getEntry, resolveNode } from '../../document/values';
import type { Fix } from '../../types';
import type { Rule } from '../types';
import { replaceValue, yamlScalar } from '../edits';
import { Verdict } from '../outcomes';
import { nameProblems, normalizedName } from './nameChecks';

export const nameFolderMismatch: Rule = {
  code: 'name-folder-mismatch',
  title: '`name` differs from the skill\'s folder name, which some agents require to match.',
  defaultSeverity: 'error',
  check(ctx) {
    const entry = getEntry(ctx.doc, 'name');
    const node = resolveNode(entry?.value);
    if (!entry || !node || node.kind !== 'scalar' || typeof node.value !== 'string' || node.value.trim() === '') return;
    const name = node.value;
    const verdict = new Verdict(ctx.targets, (p) => {
      if (!p.name.mustMatchFolder) return undefined;
      const folder = p.name.nfkc ? ctx.folderName.normalize('NFKC') : ctx.folderName;
      return normalizedName(p, name) === folder ? undefined : p.name.onFolderMismatch ?? p.name.onInvalid;
    });
    if (verdict.empty) return;
    const fixes: Fix[] = [];
    const folderIsValid = verdict.profiles.every((p) => nameProblems(p, ctx.folderName).length === 0);
    if (folderIsValid) {
      fixes.push({ title: `Change name to \`${ctx.folderName}\``, edits: [replaceValue(ctx.doc, entry, yamlScalar(ctx.folderName))], preferred: true });
    }
    const nameIsValid = verdict.profiles.every((p) => nameProblems(p, name).length === 0) && !/[\\/]/.test(name);
    if (nameIsValid) {
      const to = path.join(path.dirname(ctx.skillDir), name.trim());
      fixes.push({ title: `Rename the folder to \`${name.trim()}\``, change: { edits: {}, renames: [{ from: ctx.skillDir, to }] } });
    }
    ctx.report({
      severity: verdict.severity,
      message: `Skill name \`${name}\` does not match its folder \`${ctx.folderName}\` (${verdict.describe()}).`,
      range: node.range,
      fixes,
    });
  },
};

import * as path from 'node:path';
import { getEntry } from '../../document/values';
import type { AgentProfile } from '../../profiles/types';
import type { Fix } from '../../types';
import type { Rule } from '../types';
import { replaceValue, yamlScalar } from '../edits';
import { Verdict } from '../outcomes';
import { nameProblems, normalizedName } from './nameChecks';
import { hasYamlErrorAt, stringFor } from './profileValues';

/** The name as the agent compares it with the folder. */
function comparable(p: AgentProfile, name: string): string {
  let n = normalizedName(p, name);
  if (p.fields.name?.onXmlTags) n = n.replace(/<[^>]+>/g, '');
  return n;
}

export const nameFolderMismatch: Rule = {
  code: 'name-folder-mismatch',
  title: '`name` differs from the skill\'s folder name, which some agents require to match.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const entry = getEntry(ctx.doc, 'name');
    if (!entry?.value || hasYamlErrorAt(ctx.doc, entry)) return;
    let name: string | undefined;
    const verdict = new Verdict(ctx.targets, (p) => {
      if (!p.name.mustMatchFolder) return undefined;
      const v = stringFor(p, entry.value);
      if (v === undefined || v.trim() === '') return undefined;
      const folder = p.name.nfkc ? ctx.folderName.normalize('NFKC') : ctx.folderName;
      if (comparable(p, v) === folder) return undefined;
      name ??= v;
      return p.name.onFolderMismatch ?? p.name.onInvalid;
    });
    if (verdict.empty || name === undefined) return;
    const fixes: Fix[] = [];
    const folderIsValid = verdict.profiles.every((p) => nameProblems(p, ctx.folderName).length === 0);
    if (folderIsValid) {
      fixes.push({ title: `Change name to \`${ctx.folderName}\``, edits: [replaceValue(ctx.doc, entry, yamlScalar(ctx.folderName))], preferred: true });
    }
    const nameIsValid = verdict.profiles.every((p) => nameProblems(p, name!).length === 0) && !/[\\/]/.test(name) && !/^\.\.?$/.test(name.trim());
    if (nameIsValid) {
      const to = path.join(path.dirname(ctx.skillDir), name.trim());
      fixes.push({ title: `Rename the folder to \`${name.trim()}\``, change: { edits: {}, renames: [{ from: ctx.skillDir, to }] } });
    }
    ctx.report({
      severity: verdict.severity,
      message: `Skill name \`${name}\` does not match its folder \`${ctx.folderName}\`; make them equal (${verdict.describe()}).`,
      range: entry.value.range,
      fixes,
    });
  },
};

import { getEntry, resolveNode } from '../../document/values';
import type { Rule } from '../types';
import { replaceValue, yamlScalar } from '../edits';
import { Verdict } from '../outcomes';
import { describeCharset, nameProblems, suggestName, type NameProblem } from './nameChecks';

const MESSAGES: Record<NameProblem, (name: string) => string> = {
  uppercase: (n) => `Skill name \`${n}\` must be lowercase`,
  characters: (n) => `Skill name \`${n}\` contains characters that are not allowed`,
  'edge-hyphen': (n) => `Skill name \`${n}\` cannot start or end with a hyphen`,
  'double-hyphen': (n) => `Skill name \`${n}\` cannot contain consecutive hyphens`,
};

export const nameFormat: Rule = {
  code: 'name-format',
  title: '`name` breaks a target\'s naming rule (lowercase, allowed characters, hyphens).',
  defaultSeverity: 'error',
  check(ctx) {
    const entry = getEntry(ctx.doc, 'name');
    const node = resolveNode(entry?.value);
    if (!entry || !node || node.kind !== 'scalar' || typeof node.value !== 'string' || node.value.trim() === '') return;
    const name = node.value;
    const problems = new Map<NameProblem, Verdict>();
    for (const kind of ['uppercase', 'characters', 'edge-hyphen', 'double-hyphen'] as NameProblem[]) {
      const v = new Verdict(ctx.targets, (p) => (nameProblems(p, name).includes(kind) ? p.name.onInvalid : undefined));
      if (!v.empty) problems.set(kind, v);
    }
    if (problems.size === 0) return;
    const ascii = ctx.targets.some((t) => t.name.charset.startsWith('ascii'));
    const suggestion = suggestName(name, ascii);
    for (const [kind, verdict] of problems) {
      const allowed = [...new Set(verdict.profiles.map((p) => describeCharset(p.name.charset)))].join(' / ');
      const fixes = suggestion && suggestion !== name
        ? [{ title: `Change name to \`${suggestion}\``, edits: [replaceValue(ctx.doc, entry, yamlScalar(suggestion))], preferred: true }]
        : undefined;
      ctx.report({
        severity: verdict.severity,
        message: `${MESSAGES[kind](name)}: use ${allowed} (${verdict.describe()}).`,
        range: node.range,
        fixes,
      });
    }
  },
};

import type { Rule } from '../types';
import { getEntry } from '../../document/values';
import { insertEntry, yamlScalar } from '../edits';
import { perTargets, Verdict } from '../outcomes';
import { missingOutcome } from './profileValues';

const VERB: Record<string, string> = {
  reject: 'required by',
  warn: 'expected by',
  truncate: 'expected by',
  ignore: 'recommended by',
};

/** Each key some target requires, with what its absence means to them. */
const requiredKeys = perTargets((targets) => {
  const keys = new Set<string>();
  for (const t of targets) for (const [k, f] of Object.entries(t.fields)) if (f.required) keys.add(k);
  return [...keys].map((key) => {
    const verdict = new Verdict(targets, (p) => (p.fields[key]?.required ? missingOutcome(p.fields[key]) : undefined));
    const who = verdict.describe().replace(/\b(rejected|reported|truncated|ignored) by/g, (_, w: string) => VERB[{ rejected: 'reject', reported: 'warn', truncated: 'truncate', ignored: 'ignore' }[w]!]);
    return { key, severity: verdict.severity, message: `Missing \`${key}\` (${who}).` };
  });
});

export const fieldMissing: Rule = {
  code: 'field-missing',
  title: 'A field that a target agent requires (`name`, `description`) is missing.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if ((fm.state !== 'mapping' && fm.state !== 'empty') || !fm.openRange) return;
    for (const { key, severity, message } of requiredKeys(ctx.targets)) {
      if (getEntry(ctx.doc, key)) continue;
      const fixes = key === 'name'
        ? [{ title: `Add \`name: ${ctx.folderName}\``, edits: [insertEntry(ctx.doc, `name: ${yamlScalar(ctx.folderName)}`)], preferred: true }]
        : undefined;
      ctx.report({ severity, message, range: fm.openRange, fixes });
    }
  },
};

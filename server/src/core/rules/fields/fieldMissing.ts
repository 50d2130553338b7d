import type { Rule } from '../types';
import { getEntry } from '../../document/values';
import { insertEntry, yamlScalar } from '../edits';
import { Verdict } from '../outcomes';

const VERB: Record<string, string> = {
  reject: 'required by',
  warn: 'expected by',
  truncate: 'expected by',
  ignore: 'recommended by',
};

export const fieldMissing: Rule = {
  code: 'field-missing',
  title: 'A field that a target agent requires (`name`, `description`) is missing.',
  defaultSeverity: 'error',
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if ((fm.state !== 'mapping' && fm.state !== 'empty') || !fm.openRange) return;
    const keys = new Set<string>();
    for (const t of ctx.targets) for (const [k, f] of Object.entries(t.fields)) if (f.required) keys.add(k);
    for (const key of keys) {
      if (getEntry(ctx.doc, key)) continue;
      const verdict = new Verdict(ctx.targets, (p) => (p.fields[key]?.required ? p.fields[key].onMissing ?? p.fields[key].onInvalid : undefined));
      const who = verdict.describe().replace(/\b(rejected|reported|truncated|ignored) by/g, (_, w: string) => VERB[{ rejected: 'reject', reported: 'warn', truncated: 'truncate', ignored: 'ignore' }[w]!]);
      const fixes = key === 'name'
        ? [{ title: `Add \`name: ${ctx.folderName}\``, edits: [insertEntry(ctx.doc, `name: ${yamlScalar(ctx.folderName)}`)], preferred: true }]
        : undefined;
      ctx.report({
        severity: verdict.severity,
        message: `Missing \`${key}\` (${who}).`,
        range: fm.openRange,
        fixes,
      });
    }
  },
};

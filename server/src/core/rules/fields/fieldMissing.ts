import type { Rule } from '../types';
import { getEntry } from '../../document/values';
import { insertEntry } from '../edits';
import { Verdict } from '../outcomes';

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
      const verdict = new Verdict(ctx.targets, (p) => (p.fields[key]?.required ? p.fields[key].onInvalid : undefined));
      const fixes = key === 'name'
        ? [{ title: `Add \`name: ${ctx.folderName}\``, edits: [insertEntry(ctx.doc, `name: ${ctx.folderName}`)], preferred: true }]
        : undefined;
      ctx.report({
        severity: verdict.severity,
        message: `Missing \`${key}\` (${verdict.describe().replace(/^rejected by/, 'required by')}).`,
        range: fm.openRange,
        fixes,
      });
    }
  },
};

import { profiles } from '../../profiles/registry';
import { closest } from '../../text/similarity';
import type { Fix, Severity } from '../../types';
import type { Rule } from '../types';
import { removeEntry, replace } from '../edits';
import { perTargets, perTargetsAndKey, Verdict } from '../outcomes';
import { lastEntries } from './entries';

const knownFields = perTargets((targets) => new Set(targets.flatMap((t) => Object.keys(t.fields))));
const unknownVerdict = perTargets((targets) => new Verdict(targets, (p) => (p.unknownFields === 'extra' ? undefined : p.unknownFields)));

/** What the diagnostic says about an unknown key: the same for every file with these targets. */
const advice = perTargetsAndKey((targets, key): { near: string | undefined; message: string; severity: Severity } => {
  const verdict = unknownVerdict(targets);
  const near = closest(key, knownFields(targets));
  const elsewhere = profiles.filter((p) => !targets.includes(p) && p.fields[key]).map((p) => p.id);
  // A key from YAML's error recovery can hold a line break: shown escaped, on one line.
  let message = `Unknown field \`${/[\u0000-\u001f]/.test(key) ? JSON.stringify(key).slice(1, -1) : key}\``;
  if (near) message += `; did you mean \`${near}\`?`;
  message += ` (${verdict.describe()})`;
  if (elsewhere.length) message += `. It is read by ${elsewhere.join(', ')}, which ${elsewhere.length > 1 ? 'are' : 'is'} not targeted`;
  // Ignored: a warning when it may be a typo or an invented field, a note when it is
  // another agent's field (`compatibility`, `metadata`: the skill is shared with them).
  const severity = verdict.worst !== 'ignore' ? verdict.severity : elsewhere.length && !near ? 'info' : 'warning';
  return { near, message: message + '.', severity };
});

export const unknownField: Rule = {
  code: 'unknown-field',
  title: 'A field that none of the target agents reads (with "did you mean" for near misses).',
  defaultSeverity: 'warning',
  severityByTarget: true,
  check(ctx) {
    if (unknownVerdict(ctx.targets).empty) return;
    const known = knownFields(ctx.targets);
    for (const entry of lastEntries(ctx.doc)) {
      if (known.has(entry.key)) continue;
      const { near, message, severity } = advice(ctx.targets, entry.key);
      const fixes: Fix[] = [];
      const taken = near !== undefined && ctx.doc.frontmatter.entries.some((e) => e.key === near);
      if (near && !taken) fixes.push({ title: `Rename to \`${near}\``, edits: [replace(ctx.doc, entry.keyStart, entry.keyEnd, near)], preferred: true });
      fixes.push({ title: `Remove \`${entry.key}\``, edits: [removeEntry(ctx.doc, entry)] });
      ctx.report({ severity, message, range: entry.keyRange, fixes });
    }
  },
};

import * as path from 'node:path';
import { getEntry } from '../../document/values';
import type { AgentProfile } from '../../profiles/types';
import type { Fix } from '../../types';
import type { Rule, RuleContext } from '../types';
import { eol, replaceValue, yamlScalar } from '../edits';
import { Verdict } from '../outcomes';
import { describeCharset, nameProblems, normalizedName, suggestName, type NameProblem } from './nameChecks';
import { hasYamlErrorAt, stringFor } from './profileValues';

const PHRASES: Record<NameProblem, (p: AgentProfile[]) => string> = {
  uppercase: () => 'must be lowercase',
  characters: (ps) => `may only contain ${[...new Set(ps.map((p) => describeCharset(p.name.charset)))].join(' / ')}`,
  'edge-hyphen': (ps) => (ps.every((p) => p.name.charset === 'ascii-alnum-hyphen-underscore') ? 'cannot start or end with `-` or `_`' : 'cannot start or end with a hyphen'),
  'double-hyphen': (ps) => (ps.every((p) => p.name.charset === 'ascii-alnum-hyphen-underscore') ? 'cannot contain consecutive `-` or `_`' : 'cannot contain consecutive hyphens'),
};

const ORDER: NameProblem[] = ['uppercase', 'characters', 'edge-hyphen', 'double-hyphen'];

function joinAnd(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** One diagnostic per name, listing every problem: they share one fix. */
export const nameFormat: Rule = {
  code: 'name-format',
  title: '`name` breaks a target\'s naming rule (lowercase, allowed characters, hyphens).',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const entry = getEntry(ctx.doc, 'name');
    if (!entry) return folderAsName(ctx);
    if (!entry.value || hasYamlErrorAt(ctx.doc, entry)) return;
    const found = new Map<NameProblem, AgentProfile[]>();
    let name: string | undefined;
    const verdict = new Verdict(ctx.targets, (p) => {
      const v = stringFor(p, entry.value);
      if (v === undefined || v.trim() === '') return undefined;
      const problems = nameProblems(p, v);
      if (problems.length === 0) return undefined;
      name ??= v;
      for (const k of problems) found.set(k, [...(found.get(k) ?? []), p]);
      return p.name.onInvalid;
    });
    if (verdict.empty || name === undefined) return;
    const ascii = verdict.profiles.some((t) => t.name.charset.startsWith('ascii'));
    // Where a target wants the name to equal the folder, the folder's own name (when it
    // is valid everywhere) fixes this and name-folder-mismatch in one edit.
    const folderFits = ctx.targets.some((t) => t.name.mustMatchFolder) && ctx.targets.every((t) => nameProblems(t, ctx.folderName).length === 0);
    const suggestion = folderFits ? ctx.folderName : suggestName(name, ascii);
    const edits = suggestion && suggestion !== name ? [replaceValue(ctx.doc, entry, yamlScalar(suggestion))] : undefined;
    const fix: Fix[] | undefined = edits && [{ title: `Change name to \`${suggestion}\``, edits, preferred: true }];
    // A target wants name and folder equal and the folder cannot be the name: one fix
    // that changes both (else the new name is name-folder-mismatch, a second fix).
    if (fix && suggestion && !folderFits && ctx.targets.some((t) => t.name.mustMatchFolder)) {
      fix.unshift({
        title: `Change name to \`${suggestion}\` and rename the folder to match`,
        edits,
        change: { edits: {}, renames: [{ from: ctx.skillDir, to: path.join(path.dirname(ctx.skillDir), suggestion) }] },
        // The fix an editor offers first; "fix all" takes the name-only one (no renames there).
        preferred: true,
      });
    }
    const what = joinAnd(ORDER.filter((k) => found.has(k)).map((k) => PHRASES[k](found.get(k)!)));
    ctx.report({
      severity: verdict.severity,
      message: `Skill name \`${name}\` ${what}${fix ? `; use \`${suggestion}\`` : ''} (${verdict.describe()}).`,
      range: entry.value.range,
      fixes: fix,
    });
  },
};

/**
 * No `name`: agents that default to the folder name hold that name to their rule too
 * (lovia's `_validate_name` on `entry.name`, Codex's `validate_len` on the default).
 */
function folderAsName(ctx: RuleContext): void {
  const fm = ctx.doc.frontmatter;
  if (fm.state !== 'mapping' || !fm.openRange || fm.problems.some((p) => p.severity === 'error')) return;
  const folder = ctx.folderName;
  const found = new Map<NameProblem, AgentProfile[]>();
  const tooLong: AgentProfile[] = [];
  const verdict = new Verdict(ctx.targets, (p) => {
    if (!p.name.defaultsToFolder) return undefined;
    const problems = nameProblems(p, folder);
    for (const k of problems) found.set(k, [...(found.get(k) ?? []), p]);
    const long = [...normalizedName(p, folder)].length > p.name.maxLength;
    if (long) tooLong.push(p);
    if (!problems.length && !long) return undefined;
    return problems.length ? p.name.onInvalid : p.name.onTooLong ?? p.name.onInvalid;
  });
  if (verdict.empty) return;
  const parts = ORDER.filter((k) => found.has(k)).map((k) => PHRASES[k](found.get(k)!));
  if (tooLong.length) parts.push(`is ${[...folder].length} characters, over the limit of ${Math.min(...tooLong.map((p) => p.name.maxLength))}`);
  const ascii = verdict.profiles.some((t) => t.name.charset.startsWith('ascii'));
  const suggestion = suggestName(folder, ascii);
  const line = fm.openRange.start.line + 1;
  const nl = eol(ctx.doc);
  ctx.report({
    severity: verdict.severity,
    message: `No \`name\`, so the folder name \`${folder}\` is the skill's name, and it ${joinAnd(parts)} (${verdict.describe()}). Add a valid \`name\` or rename the folder.`,
    range: fm.openRange,
    fixes: suggestion ? [{ title: `Add \`name: ${suggestion}\``, edits: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `name: ${yamlScalar(suggestion)}${nl}` }], preferred: true }] : undefined,
  });
}

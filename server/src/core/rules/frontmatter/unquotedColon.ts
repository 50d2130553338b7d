import type { SkillDocument, YamlProblem } from '../../document/model';
import type { AgentProfile } from '../../profiles/types';
import type { Rule } from '../types';
import { yamlQuote } from '../edits';
import { Verdict } from '../outcomes';

/**
 * `description: Use when: the user asks` is the most common broken frontmatter:
 * the second `: ` starts a nested mapping, which YAML forbids in a plain scalar.
 */
export function isUnquotedColonProblem(doc: SkillDocument, p: YamlProblem): boolean {
  return unquotedColonLine(doc, p) !== undefined;
}

function unquotedColonLine(doc: SkillDocument, p: YamlProblem): { line: number; key: string; valueStart: number; valueEnd: number } | undefined {
  if (p.code !== 'BLOCK_AS_IMPLICIT_KEY') return undefined;
  const line = p.range.start.line;
  const text = doc.lines.lineText(line);
  const m = /^([A-Za-z0-9_-]+):[ \t]+(?!["'|>[{&*!])(.*?:(?:[ \t].*?)?)[ \t]*$/.exec(text);
  if (!m) return undefined;
  const lineStart = doc.lines.lineStarts[line];
  const valueStart = lineStart + text.indexOf(m[2], m[1].length + 1);
  // ` #` starts a comment: it stays after the value, outside the quotes of the fix.
  const comment = /[ \t]#/.exec(m[2]);
  const value = comment ? m[2].slice(0, comment.index).replace(/[ \t]+$/, '') : m[2];
  return { line, key: m[1], valueStart, valueEnd: valueStart + value.length };
}

const VERB: Record<string, string> = {
  reject: 'rejected by',
  warn: 'loaded without its fields by',
  truncate: 'cut at the `: ` by',
  ignore: 'ignored by',
};

// Profiles give the keys as a pattern string; compile each once, not per problem and target.
const keyPatterns = new Map<string, RegExp>();

function keyPattern(source: string): RegExp {
  let re = keyPatterns.get(source);
  if (!re) keyPatterns.set(source, (re = new RegExp(source)));
  return re;
}

export const unquotedColon: Rule = {
  code: 'yaml-unquoted-colon',
  title: 'A value contains `: ` without quotes (e.g. `description: Use when: …`): invalid YAML that some agents reject and others repair.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    for (const p of ctx.doc.frontmatter.problems) {
      const hit = unquotedColonLine(ctx.doc, p);
      if (!hit) continue;
      const handling = (t: AgentProfile) => {
        const h = t.unquotedColon ?? 'reject';
        return h === 'accepted' && t.unquotedColonKeys && !keyPattern(t.unquotedColonKeys).test(hit.key) ? 'reject' : h;
      };
      const verdict = new Verdict(ctx.targets, (t) => {
        const h = handling(t);
        return h === 'accepted' ? undefined : h === 'truncated' ? 'truncate' : t.onYamlError;
      });
      const accepting = ctx.targets.filter((t) => handling(t) === 'accepted').map((t) => t.id);
      const value = ctx.doc.text.slice(hit.valueStart, hit.valueEnd);
      const parts: string[] = [];
      const groups = new Map<string, string[]>();
      for (const t of verdict.profiles) {
        const o = handling(t) === 'truncated' ? 'truncate' : t.onYamlError;
        groups.set(o, [...(groups.get(o) ?? []), t.id]);
      }
      for (const [o, ids] of groups) parts.push(`${VERB[o]} ${ids.join(', ')}`);
      if (accepting.length) parts.push(`accepted by ${accepting.join(', ')}`);
      const who = parts.length ? ` (${parts.join('; ')})` : '';
      ctx.report({
        severity: verdict.empty ? 'info' : verdict.severity,
        message: `Unquoted \`: \` in a value is invalid YAML; quote the value${who}.`,
        range: ctx.doc.lines.range(hit.valueStart, hit.valueEnd),
        fixes: [{ title: 'Quote the value', edits: [{ range: ctx.doc.lines.range(hit.valueStart, hit.valueEnd), newText: yamlQuote(value) }], preferred: true }],
      });
    }
  },
};

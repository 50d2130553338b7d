import type { SkillDocument, YamlProblem } from '../../document/model';
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

function unquotedColonLine(doc: SkillDocument, p: YamlProblem): { line: number; valueStart: number; valueEnd: number } | undefined {
  if (p.code !== 'BLOCK_AS_IMPLICIT_KEY') return undefined;
  const line = p.range.start.line;
  const text = doc.lines.lineText(line);
  const m = /^([A-Za-z0-9_-]+):[ \t]+(?!["'|>[{&*!])(.*?:[ \t].*?)[ \t]*$/.exec(text);
  if (!m) return undefined;
  const lineStart = doc.lines.lineStarts[line];
  const valueStart = lineStart + text.indexOf(m[2], m[1].length + 1);
  return { line, valueStart, valueEnd: valueStart + m[2].length };
}

export const unquotedColon: Rule = {
  code: 'yaml-unquoted-colon',
  title: 'A value contains `: ` without quotes (e.g. `description: Use when: …`), which is invalid YAML.',
  defaultSeverity: 'error',
  check(ctx) {
    const verdict = new Verdict(ctx.targets, (p) => p.onYamlError);
    for (const p of ctx.doc.frontmatter.problems) {
      const hit = unquotedColonLine(ctx.doc, p);
      if (!hit) continue;
      const value = ctx.doc.text.slice(hit.valueStart, hit.valueEnd);
      const who = verdict.empty ? '' : ` (${verdict.describe()})`;
      ctx.report({
        severity: verdict.severity,
        message: `This value contains \`: \`, which YAML reads as a nested mapping; quote the value${who}.`,
        range: ctx.doc.lines.range(hit.valueStart, hit.valueEnd),
        fixes: [{ title: 'Quote the value', edits: [{ range: ctx.doc.lines.range(hit.valueStart, hit.valueEnd), newText: yamlQuote(value) }], preferred: true }],
      });
    }
  },
};

import type { SkillDocument, ValueNode } from '../../document/model';
import { pyPlainScalar } from '../../render/pyValue';
import type { Rule } from '../types';
import { yamlQuote } from '../edits';
import { perTargets, Verdict } from '../outcomes';

const verdictFor = perTargets((targets) => {
  const v = new Verdict(targets, (p) => p.yaml?.onValueError);
  return v.empty ? null : v;
});

/** The loader stops at the first; a few more save an author some round trips. */
const MAX_REPORTED = 20;

interface Hit {
  start: number;
  end: number;
  text: string;
  error: string;
}

/** Plain scalars (keys and values, at any depth) that PyYAML types but cannot construct. */
function unconstructable(doc: SkillDocument): Hit[] {
  const hits: Hit[] = [];
  const plain = (start: number, end: number, text: string) => {
    const v = pyPlainScalar(text);
    if (v.t === 'error' && hits.length < MAX_REPORTED) hits.push({ start, end, text, error: v.message });
  };
  const keyOf = (start: number, end: number) => {
    const raw = doc.text.slice(start, end);
    if (!raw.startsWith('"') && !raw.startsWith("'")) plain(start, end, raw);
  };
  const visit = (n: ValueNode | null, depth: number) => {
    if (!n || depth > 64 || hits.length >= MAX_REPORTED) return;
    if (n.kind === 'scalar') {
      if (n.style === 'plain' && !n.tag) {
        const text = n.source.trim();
        const start = n.start + n.source.indexOf(text);
        plain(start, start + text.length, text);
      }
    } else if (n.kind === 'seq') {
      for (const item of n.items) visit(item, depth + 1);
    } else if (n.kind === 'map') {
      for (const e of n.entries) {
        keyOf(e.keyStart, e.keyEnd);
        visit(e.value, depth + 1);
      }
    }
  };
  for (const e of doc.frontmatter.entries) {
    keyOf(e.keyStart, e.keyEnd);
    visit(e.value, 0);
  }
  return hits;
}

/**
 * `released: 2024-13-45` is a date to PyYAML (YAML 1.1), and an impossible one:
 * safe_load raises ValueError, which is not a YAMLError. A YAML 1.2 parser reads the
 * text, so nothing else warns about it.
 */
export const yamlValueError: Rule = {
  code: 'yaml-value-error',
  title: 'A plain value the agent\'s YAML loader types but cannot build: an impossible date (`2024-13-45`), `0b_`. PyYAML raises ValueError, not a YAML error.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const verdict = verdictFor(ctx.targets);
    if (!verdict) return;
    const fm = ctx.doc.frontmatter;
    // A YAML error comes first (safe_load composes the document before it constructs it).
    if (fm.state !== 'mapping' || fm.problems.some((p) => p.severity === 'error')) return;
    const p = verdict.profiles[0].yaml!;
    const effects = [...new Set(verdict.profiles.map((x) => x.yaml?.valueErrorEffect).filter(Boolean))].join('; ');
    for (const hit of unconstructable(ctx.doc)) {
      const kind = /^\d{4}-/.test(hit.text) ? 'a date' : 'a number';
      const range = ctx.doc.lines.range(hit.start, hit.end);
      ctx.report({
        severity: verdict.severity,
        message: `\`${hit.text}\` reads as ${kind} to ${p.parser}, which raises ValueError: ${hit.error}. That is not a YAML error${effects ? `: ${effects}` : ''} (${verdict.describe()}). Quote it to keep it text.`,
        range,
        fixes: [{ title: `Quote ${hit.text}`, edits: [{ range, newText: yamlQuote(hit.text) }], preferred: true }],
      });
    }
  },
};

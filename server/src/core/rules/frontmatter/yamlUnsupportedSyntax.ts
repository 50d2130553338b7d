import type { ValueNode } from '../../document/model';
import type { AgentProfile, Outcome } from '../../profiles/types';
import type { Fix } from '../../types';
import type { Rule, RuleContext } from '../types';
import { eol, replace } from '../edits';
import { perTargets, Verdict } from '../outcomes';
import { lineEndAt, yamlErrorIn } from '../fields/profileValues';

type Feature = 'flow' | 'anchor' | 'alias' | 'tag';

const WHAT: Record<Feature, string> = {
  flow: 'Flow style',
  anchor: 'An anchor (`&name`)',
  alias: 'An alias (`*name`)',
  tag: 'A tag (`!tag`)',
};

const FIX_HINT: Record<Feature, string> = {
  flow: 'write it as a block list or mapping',
  anchor: 'repeat the value instead',
  alias: 'repeat the value instead',
  tag: 'remove the tag',
};

function outcome(p: AgentProfile, f: Feature): Outcome | undefined {
  const y = p.yaml;
  if (!y) return undefined;
  return f === 'flow' ? y.onFlowStyle : f === 'tag' ? y.onTags : y.onAnchors;
}

/** What the targets do with each feature; null when they accept them all. */
const featureVerdicts = perTargets((targets) => {
  const verdicts = {} as Record<Feature, Verdict>;
  for (const f of ['flow', 'anchor', 'alias', 'tag'] as Feature[]) verdicts[f] = new Verdict(targets, (p) => outcome(p, f));
  return Object.values(verdicts).every((v) => v.empty) ? null : verdicts;
});

/**
 * YAML that a strict loader refuses even though it is valid YAML: skills-ref reads
 * frontmatter with strictyaml, which rejects flow style, anchors, aliases and tags.
 */
export const yamlUnsupportedSyntax: Rule = {
  code: 'yaml-unsupported-syntax',
  title: 'Valid YAML that a target\'s strict YAML loader refuses (skills-ref/strictyaml: flow style `[a, b]`, anchors, aliases, tags).',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const verdicts = featureVerdicts(ctx.targets);
    if (!verdicts) return;
    const report = (f: Feature, node: ValueNode, fixes?: Fix[]) => {
      const v = verdicts[f];
      if (v.empty) return;
      const parser = [...new Set(v.profiles.map((p) => p.yaml!.parser))].join(', ');
      const what = f === 'flow' ? (node.kind === 'seq' ? 'A flow list `[…]`' : 'A flow mapping `{…}`') : WHAT[f];
      ctx.report({
        severity: v.severity,
        message: `${what} is not accepted by ${parser}; ${FIX_HINT[f]} (${v.describe()}).`,
        range: f === 'flow' || f === 'alias' ? node.range : propRange(ctx, node, f),
        fixes,
      });
    };
    const walk = (node: ValueNode | null, indent: string, keyEnd?: number) => {
      if (!node || yamlErrorIn(ctx.doc, node.start, ctx.doc.frontmatter.problems.length ? lineEndAt(ctx.doc, node.end) : node.end)) return;
      if (node.anchor) report('anchor', node);
      if (node.tag) report('tag', node);
      if (node.kind === 'alias') {
        report('alias', node);
        return;
      }
      if (node.kind === 'seq' || node.kind === 'map') {
        if (node.flow) {
          report('flow', node, keyEnd !== undefined ? blockFix(ctx, node, indent, keyEnd) : undefined);
          return;
        }
        if (node.kind === 'seq') for (const i of node.items) walk(i, indent + '  ');
        else for (const e of node.entries) walk(e.value, indent + '  ', e.keyEnd);
      }
    };
    for (const e of ctx.doc.frontmatter.entries) walk(e.value, '  ', e.keyEnd);
  },
};

/** Range of the `&anchor` or `!tag` written before the node. */
function propRange(ctx: RuleContext, node: ValueNode, f: 'anchor' | 'tag') {
  const text = ctx.doc.text;
  const lineStart = ctx.doc.lines.lineStarts[ctx.doc.lines.positionAt(node.start).line];
  const before = text.slice(lineStart, node.start);
  const re = f === 'anchor' ? /&[^\s,[\]{}]+/g : /![^\s,[\]{}]*/g;
  let m: RegExpExecArray | null;
  let last: RegExpExecArray | null = null;
  while ((m = re.exec(before))) last = m;
  if (!last) return node.range;
  const s = lineStart + last.index;
  return ctx.doc.lines.range(s, s + last[0].length);
}

/** `key: [a, b]` → block list lines, when every item is a one-line scalar. */
function blockFix(ctx: RuleContext, node: ValueNode, indent: string, keyEnd: number): Fix[] | undefined {
  if (node.kind !== 'seq' && node.kind !== 'map') return undefined;
  const nl = eol(ctx.doc);
  const lines: string[] = [];
  if (node.kind === 'seq') {
    for (const i of node.items) {
      if (i.kind !== 'scalar' || /[\r\n]/.test(i.source)) return undefined;
      lines.push(`${indent}- ${i.source}`);
    }
  } else {
    for (const e of node.entries) {
      const v = e.value;
      if (v && (v.kind !== 'scalar' || /[\r\n]/.test(v.source))) return undefined;
      lines.push(`${indent}${ctx.doc.text.slice(e.keyStart, e.keyEnd)}:${v ? ' ' + v.source : ''}`);
    }
  }
  if (lines.length === 0) return undefined;
  const kind = node.kind === 'seq' ? 'list' : 'mapping';
  return [{ title: `Convert to a block ${kind}`, edits: [replace(ctx.doc, keyEnd + 1, node.end, nl + lines.join(nl))], preferred: true }];
}

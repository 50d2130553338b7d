import { pyyamlTabOffsets } from '../../document/pyyamlTabs';
import type { Rule } from '../types';
import { perTargets, Verdict } from '../outcomes';
import { yamlErrorIn } from '../fields/profileValues';

const tabVerdict = perTargets((targets) => {
  const v = new Verdict(targets, (p) => p.yaml?.onTabs);
  return v.empty ? null : v;
});

/** At most this many tabs are reported per file: the loader stops at the first. */
const MAX_REPORTED = 20;

/**
 * A tab where PyYAML expects a space (between tokens, after `key:`, as indentation).
 * YAML 1.2 parsers read `description: Use this<TAB>skill` as one value; PyYAML stops
 * with a scanner error, and lovia then reads no frontmatter at all.
 */
export const yamlTab: Rule = {
  code: 'yaml-tab',
  title: 'A tab between YAML tokens in the frontmatter (`a: b<TAB>c`, a tab after `key:`, a tab indent): PyYAML refuses it.',
  defaultSeverity: 'error',
  check(ctx) {
    const verdict = tabVerdict(ctx.targets);
    const fm = ctx.doc.frontmatter;
    if (!verdict || fm.state === 'missing' || fm.contentEnd <= fm.contentStart) return;
    const yaml = ctx.doc.text.slice(fm.contentStart, fm.contentEnd);
    const parser = [...new Set(verdict.profiles.map((p) => p.yaml!.parser))].join(', ');
    for (const at of pyyamlTabOffsets(yaml, MAX_REPORTED)) {
      const offset = fm.contentStart + at;
      // Where the YAML itself fails (a tab indent), yaml-syntax says so already.
      if (yamlErrorIn(ctx.doc, offset, offset + 1)) continue;
      const lineStart = ctx.doc.lines.lineStarts[ctx.doc.lines.positionAt(offset).line];
      // A tab inside a line becomes a space; a tab indent is left to the author (how deep?).
      const inLine = ctx.doc.text.slice(lineStart, offset).trim() !== '';
      const range = ctx.doc.lines.range(offset, offset + 1);
      ctx.report({
        severity: verdict.severity,
        message: `A tab between YAML tokens: ${parser} stops with "found character '\\t' that cannot start any token", so the frontmatter is not read (${verdict.describe()}). Use spaces.`,
        range,
        fixes: inLine ? [{ title: 'Replace the tab with a space', edits: [{ range, newText: ' ' }], preferred: true }] : undefined,
      });
    }
  },
};

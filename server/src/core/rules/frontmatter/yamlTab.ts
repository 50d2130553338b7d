import { pyyamlTabOffsets } from '../../document/pyyamlTabs';
import type { Rule } from '../types';
import { perTargets, Verdict } from '../outcomes';
import { yamlErrorIn } from '../fields/profileValues';

const tabVerdict = perTargets((targets) => {
  const v = new Verdict(targets, (p) => p.yaml?.onTabs);
  return v.empty ? null : v;
});

const cutVerdict = perTargets((targets) => {
  const v = new Verdict(targets, (p) => p.onLineCutAtTab);
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
  title: 'A tab in the frontmatter where the agent fails on it: between YAML tokens for PyYAML (`a: b<TAB>c`, a tab after `key:`), anywhere in a line for Eino (which cuts each line up to its first tab).',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if (fm.state === 'missing' || fm.contentEnd <= fm.contentStart) return;
    const cutLines = new Set<number>();
    const cut = cutVerdict(ctx.targets);
    if (cut) {
      // Eino: every line loses everything up to its first tab, wherever the tab is.
      const from = ctx.doc.lines.positionAt(fm.contentStart).line;
      const to = ctx.doc.lines.positionAt(fm.contentEnd).line;
      let reported = 0;
      for (let line = from; line <= to && reported < MAX_REPORTED; line++) {
        const text = ctx.doc.lines.lineText(line);
        const tab = text.indexOf('\t');
        if (tab === -1) continue;
        reported++;
        cutLines.add(line);
        ctx.report({
          severity: cut.severity,
          message: `A tab in a frontmatter line: the agent cuts every line up to its first tab before reading the YAML, so this line is read as \`${text.slice(tab + 1).trim()}\` (${cut.describe()}). Use spaces.`,
          range: { start: { line, character: tab }, end: { line, character: tab + 1 } },
          fixes: text.slice(0, tab).trim() !== '' ? [{ title: 'Replace the tab with a space', edits: [{ range: { start: { line, character: tab }, end: { line, character: tab + 1 } }, newText: ' ' }], preferred: true }] : undefined,
        });
      }
    }
    const verdict = tabVerdict(ctx.targets);
    if (!verdict) return;
    const yaml = ctx.doc.text.slice(fm.contentStart, fm.contentEnd);
    const parser = [...new Set(verdict.profiles.map((p) => p.yaml!.parser))].join(', ');
    for (const at of pyyamlTabOffsets(yaml, MAX_REPORTED)) {
      const offset = fm.contentStart + at;
      if (cutLines.has(ctx.doc.lines.positionAt(offset).line)) continue;
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

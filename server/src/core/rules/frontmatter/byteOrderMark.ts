import type { Rule } from '../types';
import { Verdict } from '../outcomes';

/**
 * Editors hide a UTF-8 byte order mark (and save it back), but an agent that reads the
 * raw file sees U+FEFF before `---` and finds no frontmatter.
 */
export const byteOrderMark: Rule = {
  code: 'frontmatter-bom',
  title: 'The file starts with a UTF-8 byte order mark (BOM), before `---`: agents that read the raw bytes find no frontmatter.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const doc = ctx.doc;
    if (!doc.hasBom && !doc.strippedBom) return;
    const verdict = new Verdict(ctx.targets, (p) => (p.onBom === 'accepted' ? undefined : p.onBom));
    if (verdict.empty) return;
    ctx.report({
      severity: verdict.severity,
      message: `The file starts with a UTF-8 byte order mark (BOM), so the frontmatter does not start the file (${verdict.describe()}). Save it as UTF-8 without BOM${doc.hasBom ? '' : ' (in VS Code: Save with Encoding, UTF-8)'}.`,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      // A BOM in the text can be deleted; one the editor has hidden is an encoding to change.
      fixes: doc.hasBom ? [{ title: 'Remove the byte order mark', edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, newText: '' }], preferred: true }] : undefined,
    });
  },
};

import type { Rule } from '../types';
import { eol } from '../edits';

export const frontmatterMissing: Rule = {
  code: 'frontmatter-missing',
  title: 'SKILL.md has no YAML frontmatter between `---` lines, so agents cannot read its name and description.',
  defaultSeverity: 'error',
  severityByTarget: true,
  check(ctx) {
    const fm = ctx.doc.frontmatter;
    if (fm.state !== 'missing') return;
    const nl = eol(ctx.doc);
    const at = ctx.doc.hasBom ? 1 : 0;
    // Claude Code loads the skill anyway: the name is the folder's, the description the
    // body's first line. Every other agent skips it.
    const strict = ctx.targets.length === 0 || ctx.targets.some((p) => !p.loadsWithoutFrontmatter);
    const lenient = ctx.targets.map((p) => p.id).join(', ');
    ctx.report({
      severity: strict ? 'error' : 'info',
      message: strict
        ? 'No frontmatter: a SKILL.md must start with `---`, then `name:` and `description:`, then `---`.'
        : `No frontmatter: ${lenient} names the skill after its folder and describes it with the body's first line; add \`---\`, \`name:\` and \`description:\` to choose them.`,
      range: { start: ctx.doc.lines.positionAt(at), end: { line: 0, character: ctx.doc.lines.lineEnd(0) } },
      fixes: [{
        title: 'Add frontmatter',
        edits: [{ range: ctx.doc.lines.range(at, at), newText: `---${nl}name: ${ctx.folderName}${nl}description: ${nl}---${nl}` }],
      }],
    });
  },
};

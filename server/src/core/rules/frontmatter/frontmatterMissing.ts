import type { Rule } from '../types';
import type { SkillDocument } from '../../document/model';
import { eol, yamlScalar } from '../edits';

/**
 * The description "Add frontmatter" writes: an empty one would be `field-empty`. The
 * body's first line, as Claude Code takes it when there is no frontmatter, when it is
 * plain prose; else a sentence that says what to write.
 */
function descriptionFor(doc: SkillDocument): string {
  const first = doc.text.split(/\r\n|\r|\n/, 50).map((l) => l.replace(/^\uFEFF?\s*#*\s*/, '').trim()).find((l) => l);
  const plain = first && first.length <= 200 && /^[\p{L}\p{N}][^<>`*_[\]{}|\\]*$/u.test(first) && /\s/.test(first);
  return yamlScalar(plain ? first : 'Say what this skill does and when to use it.');
}

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
        edits: [{ range: ctx.doc.lines.range(at, at), newText: `---${nl}name: ${yamlScalar(ctx.folderName)}${nl}description: ${descriptionFor(ctx.doc)}${nl}---${nl}` }],
      }],
    });
  },
};

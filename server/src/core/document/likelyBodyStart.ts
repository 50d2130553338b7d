import type { SkillDocument } from './model';

/**
 * Where the body most likely starts. With a closing `---` that is `bodyStart`; an
 * unterminated frontmatter most likely ends at its first blank line or heading, where
 * frontmatter-unterminated's fix puts the missing `---`. The editor's reference
 * features and checks read from here, so the links of a skill whose `---` is missing
 * still resolve, update on rename and get checked.
 */
export function likelyBodyStart(doc: SkillDocument): number {
  const fm = doc.frontmatter;
  if (fm.state !== 'unterminated' || !fm.openRange) return doc.bodyStart;
  const line = likelyCloseLine(doc);
  return line < doc.lines.lineCount ? doc.lines.lineStarts[line] : doc.text.length;
}

/** The line an unterminated frontmatter most likely ends before (lineCount: none). */
export function likelyCloseLine(doc: SkillDocument): number {
  const lines = doc.lines;
  for (let l = (doc.frontmatter.openRange?.start.line ?? 0) + 1; l < lines.lineCount; l++) {
    const t = lines.lineText(l);
    if (t.trim() === '' || t.startsWith('#')) return l;
  }
  return lines.lineCount;
}
